import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  assertAccessible,
  assertNoSidewaysScroll,
  openPage,
  startWebService,
  type WebService,
} from "../helpers/browser.js";

describe("the pages' shell [browser, pglite]", () => {
  let service: WebService;
  before(async () => {
    service = await startWebService();
  });
  after(async () => {
    await service?.close();
  });

  it("redirects / to /app and serves every page with a CSP that allows only the service", async () => {
    const root = await fetch(`${service.base}/`, { redirect: "manual" });
    assert.equal(root.status, 302);
    assert.equal(root.headers.get("location"), "/app");
    for (const path of [
      "/app",
      "/app/leaderboard",
      "/app/join",
      "/app/quests/1",
      "/app/console",
      "/app/operator",
    ]) {
      const response = await fetch(`${service.base}${path}`);
      assert.equal(response.status, 200, path);
      const csp = response.headers.get("content-security-policy") ?? "";
      assert.match(csp, /default-src 'self'/, path);
      assert.match(csp, /script-src 'self'(;|$)/, `${path}: no inline or remote script`);
      const html = await response.text();
      assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, `${path}: no inline script`);
      assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//, `${path}: nothing from other hosts`);
    }
    // The script and stylesheet carry the same headers; an unknown asset is a problem answer.
    for (const asset of ["/app/assets/app.js", "/app/assets/app.css"]) {
      const response = await fetch(`${service.base}${asset}`);
      assert.equal(response.status, 200, asset);
      assert.match(response.headers.get("content-security-policy") ?? "", /style-src 'self'(;|$)/);
      assert.equal(response.headers.get("x-content-type-options"), "nosniff", asset);
    }
    const missing = await fetch(`${service.base}/app/assets/nowhere.js`);
    assert.equal(missing.status, 404);
    assert.equal((await missing.json()).code, "NOT_FOUND");
  });

  it("answers an unknown page with a page that says so, accessible and 390 px wide", async () => {
    // Answered 404 (test/web/unknown-pages.test.ts), which Chromium logs.
    const opened = await openPage(service, "/app/nowhere", {
      narrow: true,
      allowConsoleErrors: /404/,
    });
    await opened.page.getByRole("heading", { name: "Page not found" }).waitFor();
    assert.equal(await opened.page.getByRole("navigation", { name: "Main" }).count(), 1);
    await assertAccessible(opened.page, "the not-found page");
    await assertNoSidewaysScroll(opened.page, "the not-found page");
    await opened.finish();
  });
});
