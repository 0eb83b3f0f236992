import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { ROLES } from "../../src/domain/operators.js";
import { REQUIRED_ROLE, ROLE_ORDER } from "../../web/pages/operator/roles.js";
import { ADMIN_TOKEN, expectStatus, questFixture } from "../helpers/app.js";
import {
  assertAccessible,
  assertNoSidewaysScroll,
  openPage,
  screenshot,
  submitApplication,
  withWebService,
} from "../helpers/browser.js";
import {
  type Absent,
  checkTabs,
  expectAbsent,
  openTab,
  signIn,
  statusShown,
  type TabCheck,
  tableOf,
  textOf,
} from "../helpers/operator-console.js";
import { payPlayer } from "../helpers/owner-api.js";

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
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
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
        `${op.id} (${write.method} ${write.path}, ${write.file}) is in web/pages/operator/roles.ts`,
      );
    }
  });
});

const button = (name: string | RegExp) => (page: Page) => page.getByRole("button", { name });
const heading = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { name });

/** Campaigns as a viewer and support see them: listed, none created. */
const campaignsReadOnly: TabCheck = {
  tab: "Campaigns",
  shows: [(page) => page.getByText("No campaign yet.")],
  absent: [["Create a campaign", "heading", "no campaign creation"]],
};

/** Settings as a viewer and support see them: read, no feature switch (and `more` absent). */
const settingsReadOnly = (...more: Absent[]): TabCheck => ({
  tab: "Settings",
  shows: [(page) => page.getByText("Governs every quest endpoint", { exact: false })],
  absent: [[/^Switch (quests|campaigns)/, "button", "no feature switches"], ...more],
});

describe("the operator console by role [browser, pglite]", () => {
  const service = withWebService({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
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
    await addOperator("Vera", "viewer");
    await addOperator("Sam", "support");
    await addOperator("Ada", "admin");
    pendingId = await submitApplication(service, "Pending");
    // A key to revoke and payouts to reverse.
    const fixture = await questFixture(service.ctx);
    for (let i = 0; i < 2; i++) {
      await payPlayer(service.ctx, fixture, 5 + i);
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

  /** The console on `path`, signed in with `token` where the sign-in asks for either token. */
  async function signInWith(token: string, path = "/app/operator", allow?: RegExp) {
    const opened = await openPage(service, path, allow ? { allowConsoleErrors: allow } : {});
    await opened.page.getByText("ADMIN_TOKEN or your operator token").waitFor();
    await signIn(opened, { token });
    return opened;
  }

  const header = (page: Page) => textOf(page.locator(".op-session"));
  const tabs = (page: Page) =>
    page
      .getByRole("navigation", { name: "Console sections" })
      .getByRole("button")
      .allTextContents();
  /** `GET /admin/me` with an operator's token. */
  const asOperator = (token: string) =>
    service.ctx.inject({
      method: "GET",
      url: "/admin/me",
      headers: { authorization: `Bearer ${token}` },
    });

  const pendingCard = (page: Page) =>
    page.getByRole("article", { name: new RegExp(`Application ${pendingId}: Pending`) });

  it("shows a viewer the lists and exports, and no control that changes anything", async () => {
    const opened = await signInWith(tokens.Vera!, "/app/operator#operators");
    const { page } = opened;
    assert.match(await header(page), /Signed in as Vera · viewer/);
    assert.ok(!(await tabs(page)).includes("Operators"), "no Operators tab");
    // #operators is not the viewer's: the first section opens instead.
    await pendingCard(page).waitFor();
    await expectAbsent(page, [["Approve…"], ["Reject…"]]);

    await checkTabs(page, [
      {
        tab: "Keys",
        shows: [tableOf],
        absent: [
          [/^Revoke/, "button", "no revoke control"],
          [/^Rotate/],
          ["Issue a key", "heading", "no issue-key form"],
          ["Actions", "columnheader"],
        ],
      },
      {
        tab: "Accounts",
        shows: [tableOf],
        absent: [["Register a pass", "heading", "no register form"], ["Import the list"]],
      },
      {
        tab: "Payouts",
        shows: [tableOf, button("Download CSV")],
        absent: [[/^Reverse payout/, "button", "no reversal"]],
      },
      { tab: "Quests", shows: [tableOf], absent: [[/^Edit quest/], [/^Disable quest/]] },
      campaignsReadOnly,
      settingsReadOnly(["Save action type"], ["Create an earning period", "heading"]),
    ]);

    await openTab(page, "Webhooks");
    const card = page.locator(".wh-endpoint");
    await card.getByText("http://127.0.0.1:9/hook").waitFor();
    for (const name of ["Send test event", "Disable", "Rotate secret", "Delete"]) {
      assert.equal(await card.getByRole("button", { name, exact: true }).count(), 0, name);
    }
    await expectAbsent(page, [["Add an endpoint", "heading"]]);
    await card.getByRole("button", { name: "Deliveries" }).click();
    await card.getByText("webhook.test").first().waitFor();
    await expectAbsent(page, [[/^Redeliver/, "button", "no redelivery"]]);
    await assertAccessible(page, "the console as a viewer");

    await openTab(page, "Applications");
    await pendingCard(page).waitFor();
    await assertAccessible(page, "the applications as a viewer");
    await screenshot(page, "operator-roles-viewer");
    await opened.finish();
  });

  it("shows support its decisions, registrations, revocations, reversals and redeliveries only", async () => {
    const opened = await signInWith(tokens.Sam!);
    const { page } = opened;
    assert.match(await header(page), /Signed in as Sam · support/);
    assert.ok(!(await tabs(page)).includes("Operators"), "no Operators tab");
    await pendingCard(page).getByRole("button", { name: "Approve…" }).waitFor();
    await pendingCard(page).getByRole("button", { name: "Reject…" }).waitFor();

    await checkTabs(page, [
      {
        tab: "Keys",
        shows: [button(/^Revoke sk_/), heading("Revoke a key by its value")],
        absent: [
          [/^Rotate/, "button", "no rotation"],
          ["Issue a key", "heading", "no issue-key form"],
        ],
      },
      { tab: "Accounts", shows: [heading("Register a pass")] },
      campaignsReadOnly,
      settingsReadOnly(),
    ]);

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
    await statusShown(page, `Payout ${payoutId} reversed`);
    const payouts = (await service.ctx.admin("GET", "/admin/payouts?reversed=true")).json();
    assert.deepEqual(
      payouts.items.map((p: { id: string }) => p.id),
      [payoutId],
    );
    await assertAccessible(page, "the payouts as support");
    await opened.finish();
  });

  it("shows an admin everything, and the Operators tab adds operators with their token shown once", async () => {
    const opened = await signInWith(tokens.Ada!);
    const { page } = opened;
    assert.match(await header(page), /Signed in as Ada · admin/);
    await pendingCard(page).getByRole("button", { name: "Approve…" }).waitFor();
    await checkTabs(page, [
      { tab: "Keys", shows: [heading("Issue a key")] },
      { tab: "Campaigns", shows: [heading("Create a campaign")] },
      { tab: "Settings", shows: [button("Switch quests off")] },
    ]);

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
    const me = await asOperator(token);
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
    await statusShown(page, "Olga is now a viewer.");
    assert.equal((await asOperator(token)).json().role, "viewer");
    await olga.getByRole("button", { name: "Disable Olga" }).click();
    await olga.getByRole("button", { name: "Confirm: disable Olga" }).click();
    await olga.getByRole("button", { name: "Enable Olga" }).waitFor();
    expectStatus(await asOperator(token), 401);
    await olga.getByRole("button", { name: "Enable Olga" }).click();
    await olga.getByRole("button", { name: "Disable Olga" }).waitFor();
    expectStatus(await asOperator(token), 200);
    await olga.getByRole("button", { name: "Replace Olga's token" }).click();
    await olga.getByRole("button", { name: "Confirm: replace Olga's token" }).click();
    const replaced = page.getByRole("region", { name: "New token for Olga" });
    await replaced.getByText("The old token answers 401 from now on.").waitFor();
    const newToken = await textOf(replaced.locator(".secret-value"));
    assert.notEqual(newToken, token);
    expectStatus(await asOperator(token), 401);
    expectStatus(await asOperator(newToken), 200);

    // On a phone the table scrolls inside its own region, not the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await assertNoSidewaysScroll(page, "the Operators tab at 390 px");
    await screenshot(page, "operator-roles-admin-operators-narrow");
    await opened.finish();
  });

  it("signs in with ADMIN_TOKEN as the bootstrap admin, with the Operators tab", async () => {
    const opened = await signInWith(ADMIN_TOKEN, "/app/operator#operators");
    const { page } = opened;
    assert.match(await header(page), /Signed in as bootstrap \(ADMIN_TOKEN\) · admin/);
    await page.getByRole("heading", { level: 2, name: "Operators", exact: true }).waitFor();
    await heading("Add an operator")(page).waitFor();
    await opened.finish();
  });

  it("shows the 403 detail naming the role when a role was lowered while the console was open", async () => {
    const pat = await addOperator("Pat", "support");
    const opened = await signInWith(tokens.Pat!, "/app/operator", /403/);
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
    await expectAbsent(page, [["Approve…"]]);
    await opened.finish();
  });
});
