/**
 * The operator console where the operator API is off (no ADMIN_TOKEN, no operator: `/admin`
 * answers 404): the "Operator" link leads to a page that says how to turn it on, not to a sign-in
 * no token can pass; once an operator exists, the console signs it in.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createOperator } from "../../src/use-cases/operators.js";
import { expectProblem } from "../helpers/app.js";
import {
  assertAccessible,
  assertNoSidewaysScroll,
  failApi,
  openPage,
  problem,
  screenshot,
  withWebService,
} from "../helpers/browser.js";
import { signIn, textOf } from "../helpers/operator-console.js";

describe("the operator console without an operator API [browser, pglite]", () => {
  const service = withWebService({ ADMIN_TOKEN: "" });

  it("says how to turn /admin on, from the Operator link, at 1280 and 390 px", async () => {
    const off = await service.ctx.inject({ method: "GET", url: "/admin/me" });
    expectProblem(off, 404, "NOT_FOUND");
    for (const narrow of [false, true]) {
      const opened = await openPage(service, "/app", { narrow });
      const { page } = opened;
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Operator" })
        .click();
      await page.waitForURL(`${service.base}/app/operator`);
      const explanation = page.getByRole("region", { name: "The operator API is off" });
      await explanation.waitFor();
      const text = await textOf(explanation);
      assert.match(text, /ADMIN_TOKEN/);
      assert.match(text, /questpoints admin operators create/);
      assert.match(text, /once an operator exists/i);
      // No sign-in form that no token could pass.
      assert.equal(await page.getByLabel("Admin token").count(), 0);
      await assertAccessible(page, "the operator console, off");
      await assertNoSidewaysScroll(page, "the operator console, off");
      await screenshot(page, `operator-off-${narrow ? 390 : 1280}`);
      await opened.finish();
    }
  });

  it("signs in the first operator once one exists, without ADMIN_TOKEN", async () => {
    const { token } = await createOperator(
      service.ctx.db,
      { actor: "service", requestId: "operator-off-test" },
      { name: "first", role: "admin" },
    );
    const opened = await openPage(service, "/app/operator");
    const { page } = opened;
    await page.getByLabel("Admin token").waitFor();
    assert.equal(await page.getByRole("region", { name: "The operator API is off" }).count(), 0);
    await signIn(opened, { token, heading: "Applications" });
    assert.match(await textOf(page.locator(".op-session")), /first/);
    await opened.finish();
  });

  it("shows the same explanation when the API answers 404 to a sign-in", async () => {
    const opened = await openPage(service, "/app/operator", { allowConsoleErrors: /404/ });
    const { page } = opened;
    // The service was restarted without ADMIN_TOKEN on a database without operators, say.
    await failApi(
      page,
      (path) => path === "/admin/me",
      problem("No route for GET /admin/me.", {
        status: 404,
        code: "NOT_FOUND",
        title: "Not Found",
      }),
    );
    await page.getByLabel("Admin token").fill("op_whatever");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("region", { name: "The operator API is off" }).waitFor();
    await opened.finish();
  });
});
