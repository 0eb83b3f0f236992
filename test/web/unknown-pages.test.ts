/**
 * A path under /app that is no page answers HTTP 404 with the pages' shell, which shows "Page not
 * found"; every page's path (with or without a trailing slash or a query) answers 200.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { openPage, withWebService } from "../helpers/browser.js";

const PAGES = [
  "/app",
  "/app/",
  "/app/quests/1",
  "/app/campaigns/2/",
  "/app/leaderboard",
  "/app/passes/0xFFffffFf00000000000000000000000000000002",
  "/app/join",
  "/app/apply?quest=1",
  "/app/applications/abc",
  "/app/console",
  "/app/operator/",
];

const NOT_PAGES = [
  "/app/nowhere",
  "/app/quests",
  "/app/quests/1/payouts",
  "/app/operator/keys",
  "/app//join",
  "/app/join/x?y=1",
];

describe("unknown pages [browser, pglite]", () => {
  const service = withWebService();

  it("answers 404 with the pages' shell for a path that is no page, 200 for every page", async () => {
    const shell = await (await fetch(`${service.base}/app`)).text();
    for (const path of PAGES) {
      const response = await fetch(`${service.base}${path}`);
      assert.equal(response.status, 200, path);
      assert.equal(await response.text(), shell, path);
    }
    for (const path of NOT_PAGES) {
      const response = await fetch(`${service.base}${path}`);
      assert.equal(response.status, 404, path);
      assert.match(response.headers.get("content-type") ?? "", /^text\/html/, path);
      assert.match(response.headers.get("content-security-policy") ?? "", /default-src 'self'/);
      assert.equal(response.headers.get("cache-control"), "no-cache", path);
      assert.equal(await response.text(), shell, path);
    }
    const head = await fetch(`${service.base}/app/nowhere`, { method: "HEAD" });
    assert.equal(head.status, 404);
  });

  it("shows the Page not found page at the 404", async () => {
    const opened = await openPage(service, "/app/quests/1/payouts", { allowConsoleErrors: /404/ });
    await opened.page.getByRole("heading", { name: "Page not found" }).waitFor();
    assert.match(
      (await opened.page.locator("main").textContent()) ?? "",
      /There is no page at \/app\/quests\/1\/payouts/,
    );
    await opened.finish();
  });
});
