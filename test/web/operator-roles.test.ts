import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { ROLES } from "../../src/domain/operators.js";
import { REQUIRED_ROLE, ROLE_ORDER } from "../../web/pages/operator-roles.js";
import { ADMIN_TOKEN, allocate, expectStatus, questFixture } from "../helpers/app.js";
import {
  assertAccessible,
  assertNoSidewaysScroll,
  openPage,
  screenshot,
  startWebService,
  submitApplication,
  type WebService,
} from "../helpers/browser.js";

const textOf = async (locator: Locator) => (await locator.textContent()) ?? "";

interface OpenApiOperation {
  operationId?: string;
  "x-required-role"?: string;
}
const openapi = JSON.parse(
  readFileSync(new URL("../../openapi.json", import.meta.url), "utf8"),
) as { paths: Record<string, Record<string, OpenApiOperation>> };

/** Every operation of the OpenAPI document: method, path, operationId and role. */
const operations = Object.entries(openapi.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([, op]) => typeof op === "object" && op !== null && "operationId" in op)
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      id: op.operationId!,
      role: op["x-required-role"],
    })),
);

/** The `/admin` changes the console's pages make: `api.POST("/admin/…"` and the like. */
function consoleWrites(): { method: string; path: string; file: string }[] {
  const dir = new URL("../../web/pages/", import.meta.url);
  return readdirSync(dir)
    .filter((name) => /\.tsx?$/.test(name))
    .flatMap((file) =>
      [
        ...readFileSync(new URL(file, dir), "utf8").matchAll(
          /api\.(POST|PUT|PATCH|DELETE)\(\s*"(\/admin[^"]*)"/g,
        ),
      ].map((match) => ({ method: match[1]!, path: match[2]!, file })),
    );
}

describe("the operator console's role rules", () => {
  it("asks of each operation the role openapi.json's x-required-role names", () => {
    const byId = new Map(operations.map((op) => [op.id, op.role]));
    for (const [id, role] of Object.entries(REQUIRED_ROLE)) {
      assert.ok(byId.has(id), `${id} is an operation of openapi.json`);
      assert.equal(role, byId.get(id), `${id} needs ${byId.get(id)}`);
    }
    assert.deepEqual([...ROLE_ORDER], [...ROLES], "the roles, each including the one before");
  });

  it("knows the role of every change the console makes", () => {
    const writes = consoleWrites();
    assert.ok(writes.length >= 20, `the console's changes were found (${writes.length})`);
    for (const write of writes) {
      const op = operations.find((o) => o.method === write.method && o.path === write.path);
      assert.ok(op, `${write.method} ${write.path} (${write.file}) is in openapi.json`);
      assert.ok(
        op.id in REQUIRED_ROLE,
        `${op.id} (${write.method} ${write.path}, ${write.file}) is in web/pages/operator-roles.ts`,
      );
    }
  });
});

describe("the operator console by role [browser, pglite]", () => {
  let service: WebService;
  /** The operators' tokens, by name. */
  const tokens: Record<string, string> = {};
  let pendingId = 0;

  async function addOperator(name: string, role: string): Promise<{ id: string; token: string }> {
    const created = await service.ctx.admin("POST", "/admin/operators", { name, role });
    expectStatus(created, 201);
    tokens[name] = created.json().token;
    return created.json();
  }

  before(async () => {
    service = await startWebService({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
    await addOperator("Vera", "viewer");
    await addOperator("Sam", "support");
    await addOperator("Ada", "admin");
    pendingId = await submitApplication(service, "Pending");
    // A key to revoke and payouts to reverse.
    const fixture = await questFixture(service.ctx);
    for (let i = 0; i < 2; i++) {
      expectStatus(
        await allocate(service.ctx, fixture, { points: 5 + i, address: fixture.playerPass }),
        200,
      );
    }
    // An operator endpoint with a delivery (to a closed port: it stays to redeliver).
    const endpoint = await service.ctx.admin("POST", "/admin/webhooks", {
      url: "http://127.0.0.1:9/hook",
      events: ["webhook.test"],
    });
    expectStatus(endpoint, 201);
    expectStatus(
      await service.ctx.admin("POST", `/admin/webhooks/${endpoint.json().id}/test`),
      202,
    );
  });
  after(async () => {
    await service?.close();
  });

  async function signIn(token: string, path = "/app/operator", allow?: RegExp) {
    const opened = await openPage(service, path, allow ? { allowConsoleErrors: allow } : {});
    const { page } = opened;
    await page.getByText("ADMIN_TOKEN or your operator token").waitFor();
    await page.getByLabel("Admin token or operator token").fill(token);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Forget token" }).waitFor();
    await page.getByRole("navigation", { name: "Console sections" }).waitFor();
    return opened;
  }

  const header = (page: Page) => textOf(page.locator(".op-session"));
  const tabs = (page: Page) =>
    page
      .getByRole("navigation", { name: "Console sections" })
      .getByRole("button")
      .allTextContents();

  async function openTab(page: Page, name: string): Promise<void> {
    await page
      .getByRole("navigation", { name: "Console sections" })
      .getByRole("button", { name, exact: true })
      .click();
    await page.getByRole("heading", { level: 2, name, exact: true }).waitFor();
  }

  /** How many buttons (or, with `role`, other elements) of that name the page shows. */
  const count = (page: Page, name: string | RegExp, role: "button" | "heading" = "button") =>
    page.getByRole(role, { name }).count();

  const pendingCard = (page: Page) =>
    page.getByRole("article", { name: new RegExp(`Application ${pendingId}: Pending`) });

  it("shows a viewer the lists and exports, and no control that changes anything", async () => {
    const opened = await signIn(tokens.Vera!, "/app/operator#operators");
    const { page } = opened;
    assert.match(await header(page), /Signed in as Vera · viewer/);
    assert.ok(!(await tabs(page)).includes("Operators"), "no Operators tab");
    // #operators is not the viewer's: the first section opens instead.
    await pendingCard(page).waitFor();
    assert.equal(await count(page, "Approve…"), 0);
    assert.equal(await count(page, "Reject…"), 0);

    await openTab(page, "Keys");
    await page.getByRole("table").waitFor();
    assert.equal(await count(page, /^Revoke/), 0, "no revoke control");
    assert.equal(await count(page, /^Rotate/), 0);
    assert.equal(await count(page, "Issue a key", "heading"), 0, "no issue-key form");
    assert.equal(await page.getByRole("columnheader", { name: "Actions" }).count(), 0);

    await openTab(page, "Accounts");
    await page.getByRole("table").waitFor();
    assert.equal(await count(page, "Register a pass", "heading"), 0, "no register form");
    assert.equal(await count(page, "Import the list"), 0);

    await openTab(page, "Payouts");
    await page.getByRole("table").waitFor();
    await page.getByRole("button", { name: "Download CSV" }).waitFor();
    assert.equal(await count(page, /^Reverse payout/), 0, "no reversal");

    await openTab(page, "Quests");
    await page.getByRole("table").waitFor();
    assert.equal(await count(page, /^Edit quest/), 0);
    assert.equal(await count(page, /^Disable quest/), 0);

    await openTab(page, "Campaigns");
    await page.getByText("No campaign yet.").waitFor();
    assert.equal(await count(page, "Create a campaign", "heading"), 0);

    await openTab(page, "Settings");
    await page.getByText("Governs every quest endpoint", { exact: false }).waitFor();
    assert.equal(await count(page, /^Switch (quests|campaigns)/), 0, "no feature switches");
    assert.equal(await count(page, "Save action type"), 0);
    assert.equal(await count(page, "Create an earning period", "heading"), 0);

    await openTab(page, "Webhooks");
    const card = page.locator(".wh-endpoint");
    await card.getByText("http://127.0.0.1:9/hook").waitFor();
    for (const name of ["Send test event", "Disable", "Rotate secret", "Delete"]) {
      assert.equal(await card.getByRole("button", { name, exact: true }).count(), 0, name);
    }
    assert.equal(await count(page, "Add an endpoint", "heading"), 0);
    await card.getByRole("button", { name: "Deliveries" }).click();
    await card.getByText("webhook.test").first().waitFor();
    assert.equal(await count(page, /^Redeliver/), 0, "no redelivery");
    await assertAccessible(page, "the console as a viewer");

    await openTab(page, "Applications");
    await pendingCard(page).waitFor();
    await assertAccessible(page, "the applications as a viewer");
    await screenshot(page, "operator-roles-viewer");
    await opened.finish();
  });

  it("shows support its decisions, registrations, revocations, reversals and redeliveries only", async () => {
    const opened = await signIn(tokens.Sam!);
    const { page } = opened;
    assert.match(await header(page), /Signed in as Sam · support/);
    assert.ok(!(await tabs(page)).includes("Operators"), "no Operators tab");
    await pendingCard(page).getByRole("button", { name: "Approve…" }).waitFor();
    await pendingCard(page).getByRole("button", { name: "Reject…" }).waitFor();

    await openTab(page, "Keys");
    await page.getByRole("button", { name: /^Revoke sk_/ }).waitFor();
    await page.getByRole("heading", { name: "Revoke a key by its value" }).waitFor();
    assert.equal(await count(page, /^Rotate/), 0, "no rotation");
    assert.equal(await count(page, "Issue a key", "heading"), 0, "no issue-key form");

    await openTab(page, "Accounts");
    await page.getByRole("heading", { name: "Register a pass" }).waitFor();

    await openTab(page, "Campaigns");
    await page.getByText("No campaign yet.").waitFor();
    assert.equal(await count(page, "Create a campaign", "heading"), 0, "no campaign creation");

    await openTab(page, "Settings");
    await page.getByText("Governs every quest endpoint", { exact: false }).waitFor();
    assert.equal(await count(page, /^Switch (quests|campaigns)/), 0, "no feature switches");

    await openTab(page, "Webhooks");
    const card = page.locator(".wh-endpoint");
    await card.getByText("http://127.0.0.1:9/hook").waitFor();
    assert.equal(await card.getByRole("button", { name: "Delete", exact: true }).count(), 0);
    await card.getByRole("button", { name: "Deliveries" }).click();
    await card.getByRole("button", { name: /^Redeliver event evt_/ }).waitFor();

    // A payout reversed from the console.
    await openTab(page, "Payouts");
    const reverse = page.getByRole("button", { name: /^Reverse payout / });
    await reverse.first().waitFor();
    const payoutId = (await reverse.first().getAttribute("aria-label"))!.replace(
      "Reverse payout ",
      "",
    );
    await reverse.first().click();
    await page.getByLabel("Reason").fill("Paid twice by a retried request.");
    await page.getByRole("button", { name: "Reverse payout", exact: true }).click();
    await page.getByRole("button", { name: /^Confirm: reverse \d+ points$/ }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Payout ${payoutId} reversed` })
      .waitFor();
    const payouts = (await service.ctx.admin("GET", "/admin/payouts?reversed=true")).json();
    assert.deepEqual(
      payouts.items.map((p: { id: string }) => p.id),
      [payoutId],
    );
    await assertAccessible(page, "the payouts as support");
    await opened.finish();
  });

  it("shows an admin everything, and the Operators tab adds operators with their token shown once", async () => {
    const opened = await signIn(tokens.Ada!);
    const { page } = opened;
    assert.match(await header(page), /Signed in as Ada · admin/);
    await pendingCard(page).getByRole("button", { name: "Approve…" }).waitFor();
    await openTab(page, "Keys");
    await page.getByRole("heading", { name: "Issue a key" }).waitFor();
    await openTab(page, "Campaigns");
    await page.getByRole("heading", { name: "Create a campaign" }).waitFor();
    await openTab(page, "Settings");
    await page.getByRole("button", { name: "Switch quests off" }).waitFor();

    await openTab(page, "Operators");
    const table = page.getByRole("table");
    await table.getByRole("row").filter({ hasText: "Vera" }).waitFor();
    assert.match(await textOf(table.getByRole("row").filter({ hasText: "Ada" })), /\(you\)/);

    await page.getByLabel("Name (shown in the audit log)").fill("Olga");
    await page.getByLabel("Role", { exact: true }).selectOption("support");
    await page.getByRole("button", { name: "Add operator" }).click();
    const box = page.getByRole("region", { name: "Token for Olga" });
    await box.getByText("it will not be shown again").waitFor();
    const token = await textOf(box.locator(".secret-value"));
    assert.match(token, /^op_[0-9A-Za-z]{40}$/);
    const me = await service.ctx.inject({
      method: "GET",
      url: "/admin/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expectStatus(me, 200);
    assert.deepEqual(
      { name: me.json().name, role: me.json().role },
      { name: "Olga", role: "support" },
    );
    const olga = table.getByRole("row").filter({ hasText: "Olga" });
    await olga.waitFor();
    await assertAccessible(page, "the Operators tab with a new token");
    await screenshot(page, "operator-roles-admin-operators");
    await box.getByRole("button", { name: "I have copied it: hide it" }).click();
    await box.waitFor({ state: "detached" });

    // Another role, disabled and enabled, a new token in place of the old.
    await olga.getByLabel("New role for Olga").selectOption("viewer");
    await olga.getByRole("button", { name: "Set role for Olga" }).click();
    await page.getByRole("status").filter({ hasText: "Olga is now a viewer." }).waitFor();
    const asOlga = (bearer: string) =>
      service.ctx.inject({
        method: "GET",
        url: "/admin/me",
        headers: { authorization: `Bearer ${bearer}` },
      });
    assert.equal((await asOlga(token)).json().role, "viewer");
    await olga.getByRole("button", { name: "Disable Olga" }).click();
    await olga.getByRole("button", { name: "Confirm: disable Olga" }).click();
    await olga.getByRole("button", { name: "Enable Olga" }).waitFor();
    expectStatus(await asOlga(token), 401);
    await olga.getByRole("button", { name: "Enable Olga" }).click();
    await olga.getByRole("button", { name: "Disable Olga" }).waitFor();
    expectStatus(await asOlga(token), 200);
    await olga.getByRole("button", { name: "Replace Olga's token" }).click();
    await olga.getByRole("button", { name: "Confirm: replace Olga's token" }).click();
    const replaced = page.getByRole("region", { name: "New token for Olga" });
    await replaced.getByText("The old token answers 401 from now on.").waitFor();
    const newToken = await textOf(replaced.locator(".secret-value"));
    assert.notEqual(newToken, token);
    expectStatus(await asOlga(token), 401);
    expectStatus(await asOlga(newToken), 200);

    // On a phone the table scrolls inside its own region, not the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await assertNoSidewaysScroll(page, "the Operators tab at 390 px");
    await screenshot(page, "operator-roles-admin-operators-narrow");
    await opened.finish();
  });

  it("signs in with ADMIN_TOKEN as the bootstrap admin, with the Operators tab", async () => {
    const opened = await signIn(ADMIN_TOKEN, "/app/operator#operators");
    const { page } = opened;
    assert.match(await header(page), /Signed in as bootstrap \(ADMIN_TOKEN\) · admin/);
    await page.getByRole("heading", { level: 2, name: "Operators", exact: true }).waitFor();
    await page.getByRole("heading", { name: "Add an operator" }).waitFor();
    await opened.finish();
  });

  it("shows the 403 detail naming the role when a role was lowered while the console was open", async () => {
    const pat = await addOperator("Pat", "support");
    const opened = await signIn(tokens.Pat!, "/app/operator", /403/);
    const { page } = opened;
    assert.match(await header(page), /Signed in as Pat · support/);
    const card = pendingCard(page);
    await card.getByRole("button", { name: "Approve…" }).click();
    expectStatus(
      await service.ctx.admin("PATCH", `/admin/operators/${pat.id}`, { role: "viewer" }),
      200,
    );
    await card.getByRole("button", { name: `Approve application ${pendingId}` }).click();
    const alert = card.getByRole("alert");
    await alert.waitFor();
    // The service's own refusal, word for word: it names the role needed.
    const refused = await service.ctx.inject({
      method: "POST",
      url: `/admin/applications/${pendingId}/approve`,
      headers: { authorization: `Bearer ${tokens.Pat}` },
      payload: {},
    });
    expectStatus(refused, 403);
    const detail: string = refused.json().detail;
    assert.match(detail, /needs the support role; Pat is a viewer\./);
    assert.ok((await textOf(alert)).includes(detail), `the page shows: ${detail}`);
    const still = await service.ctx.admin("GET", "/admin/applications?status=pending");
    assert.ok(
      still.json().items.some((a: { id: number }) => a.id === pendingId),
      "still pending",
    );
    // The next tab reads who is signed in again: the viewer's console.
    await openTab(page, "Keys");
    await page.locator(".op-session").getByText("Pat · viewer", { exact: false }).waitFor();
    await openTab(page, "Applications");
    await pendingCard(page).waitFor();
    assert.equal(await count(page, "Approve…"), 0);
    await opened.finish();
  });
});
