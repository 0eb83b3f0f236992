import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { openPage, screenshot, startWebService, type WebService } from "../helpers/browser.js";

const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;

describe("the API reference at /docs [browser, pglite]", () => {
  let service: WebService;
  before(async () => {
    service = await startWebService();
  });
  after(async () => {
    await service?.close();
  });

  it("renders without a CSP violation and shows the package's version", async () => {
    const opened = await openPage(service, "/docs");
    const { page, problems } = opened;
    // Violations are reported as console errors ("Refused to apply inline style…", which
    // `openPage` records) and as `securitypolicyviolation` events, counted here from the start.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI || "inline"}`),
      );
    });
    await page.reload();
    const title = page.locator(".info .title");
    await title.waitFor();
    // Swagger UI writes the version next to the title: "Quest Points Allocation Service 0.1.0 OAS 3.1".
    const version = (await page.locator(".info .title .version").first().textContent())?.trim();
    assert.equal(version, PACKAGE_VERSION, "the version shown is package.json's");
    // Expanding an operation renders more of the UI (its own styles included).
    await page.locator(".opblock-summary").first().click();
    await page.locator(".opblock-body").first().waitFor();
    await screenshot(page, "docs");
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
    );
    assert.deepEqual(violations, [], "no securitypolicyviolation event on /docs");
    assert.deepEqual(
      problems.filter((problem) => /Content Security Policy|Refused to/i.test(problem)),
      [],
      "no CSP message in the console",
    );
    await opened.finish();
  });
});
