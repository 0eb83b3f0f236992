/**
 * The operator console's sign-in (the token kept in the tab only, a refused token forgotten) and
 * what it shows while a request is on its way or failed. The sections' work is in
 * operator.test.ts, operator-data.test.ts and operator-roles.test.ts.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ADMIN_TOKEN, expectStatus } from "../helpers/app.js";
import {
  assertAccessible,
  failApi,
  holdApi,
  openPage,
  persistentStorage,
  problem,
  withWebService,
} from "../helpers/browser.js";
import {
  alertText,
  openConsole,
  openTab,
  signIn,
  statusShown,
  textOf,
} from "../helpers/operator-console.js";

describe("the operator console [browser, pglite]", () => {
  const service = withWebService();

  const onApplications = { heading: "Applications" };

  it("signs in with the admin token, kept in this tab only; a wrong token shows the 401 detail", async () => {
    const opened = await openPage(service, "/app/operator", { allowConsoleErrors: /401/ });
    const { page } = opened;
    const input = page.getByLabel("Admin token");
    assert.equal(await input.getAttribute("type"), "password");
    await assertAccessible(page, "the operator sign-in");

    const wrong = await service.ctx.inject({
      method: "GET",
      url: "/admin/features",
      headers: { authorization: "Bearer not-the-token" },
    });
    expectStatus(wrong, 401);
    await input.fill("not-the-token");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").waitFor();
    assert.ok((await alertText(page)).includes(wrong.json().detail), "the 401 detail is shown");
    assert.equal(await page.getByRole("button", { name: "Forget token" }).count(), 0);

    await signIn(opened, onApplications);
    const pressed = page.getByRole("button", { name: "Applications", exact: true });
    assert.equal(await pressed.getAttribute("aria-pressed"), "true");
    // A new service: each list's empty state says so.
    await page.getByText("No application is waiting for a decision.").waitFor();
    await openTab(page, "Keys");
    await page.getByText("No key has been issued yet.").waitFor();
    await openTab(page, "Applications");
    const stored = await persistentStorage(opened);
    assert.ok(!stored.includes(ADMIN_TOKEN), `the token is not kept beyond the tab: ${stored}`);
    assert.equal(
      await page.evaluate(() => sessionStorage.getItem("questpoints.adminToken")),
      ADMIN_TOKEN,
    );

    // A reload keeps the tab signed in; "Forget token" signs out.
    await page.reload();
    await page.getByRole("button", { name: "Forget token" }).click();
    await page.getByLabel("Admin token").waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem("questpoints.adminToken")), null);
    await opened.finish();
  });

  it("forgets a token the API refuses after sign-in and asks for it again, with the 401 detail", async () => {
    const opened = await openConsole(service, "/app/operator", {
      allowConsoleErrors: /401/,
      ...onApplications,
    });
    const { page } = opened;
    // The token the tab holds stops working (rotated on the server, say): the next read says so.
    await page.evaluate(() => sessionStorage.setItem("questpoints.adminToken", "rotated-away"));
    await page.reload();
    await page.getByRole("alert").filter({ hasText: "Signed out:" }).waitFor();
    await page.getByLabel("Admin token").waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem("questpoints.adminToken")), null);
    await opened.finish();
  });

  it("shows the loading state while an answer is on its way, and a failed request's detail", async () => {
    const opened = await openPage(service, "/app/operator", { allowConsoleErrors: /503/ });
    const { page } = opened;
    const release = await holdApi(page, (path) => path === "/admin/applications");
    await failApi(
      page,
      (path) => path === "/admin/audit",
      problem("The database is not answering; try again in a minute."),
    );
    await signIn(opened, onApplications);
    await statusShown(page, "Loading applications…");
    await release();
    await page.getByRole("status").filter({ hasText: "Loading applications…" }).waitFor({
      state: "detached",
    });

    await openTab(page, "Audit log");
    const alert = page.getByRole("alert");
    await alert.waitFor();
    assert.match(await textOf(alert), /The database is not answering; try again in a minute\./);
    await alert.getByRole("button", { name: "Try again" }).waitFor();
    await opened.finish();
  });
});
