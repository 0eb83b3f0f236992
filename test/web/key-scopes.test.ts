import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { ADMIN_TOKEN, allocate, expectStatus, questFixture } from "../helpers/app.js";
import {
  assertAccessible,
  openPage,
  screenshot,
  startWebService,
  type WebService,
} from "../helpers/browser.js";

const textOf = async (locator: Locator) => (await locator.textContent()) ?? "";

/**
 * Read-only owner keys in the browser: the operator issues one from the Keys tab (its scope shown
 * where the key is shown and listed), and the owner console signed in with it shows the quest and
 * its payouts with no control that would change anything.
 */
describe("read-only owner keys in the consoles [browser, pglite]", () => {
  let service: WebService;
  let fixture: Awaited<ReturnType<typeof questFixture>>;
  /** Issued through the Keys tab by the first test. */
  let readKey = "";

  before(async () => {
    service = await startWebService();
    fixture = await questFixture(service.ctx, { name: "Dashboard quest", total_points: 1000 });
    expectStatus(
      await allocate(service.ctx, fixture, { points: 25, address: fixture.playerPass }),
      200,
    );
  });
  after(async () => {
    await service?.close();
  });

  async function signInOwner(page: Page, key: string): Promise<void> {
    await page.getByLabel("API key", { exact: true }).fill(key);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Forget key" }).waitFor();
  }

  it("the operator issues a read key in the Keys tab: its scope is in the box and the table", async () => {
    const opened = await openPage(service, "/app/operator#keys");
    const { page } = opened;
    await page.getByLabel("Admin token").fill(ADMIN_TOKEN);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Forget token" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Keys" }).waitFor();

    // The scope defaults to full; read is offered as a dashboard's key.
    const scope = page.getByLabel("Scope", { exact: true });
    assert.equal(await scope.inputValue(), "full");
    assert.match(await textOf(scope), /read-only: GET only, for a dashboard/);
    await page.getByLabel("Owner pass (a registered account)").fill(fixture.ownerPass);
    await scope.selectOption("read");
    await page.getByRole("button", { name: "Issue key" }).click();

    const shown = page.getByRole("region", { name: /^New live key \(scope read/ });
    await shown.waitFor();
    assert.match(await textOf(shown), /scope read: GET only/);
    readKey = await textOf(shown.locator("code"));
    assert.match(readKey, /^sk_[A-Za-z0-9]{32,}$/);

    // The service issued it read-only: its own answer says so, and it may not allocate.
    const me = await service.ctx.inject({
      method: "GET",
      url: "/me",
      headers: { "x-api-key": readKey },
    });
    expectStatus(me, 200);
    assert.equal(me.json().key.scope, "read");
    const refused = await allocate(
      service.ctx,
      { apiKey: readKey, questId: fixture.questId },
      { points: 1, address: fixture.playerPass },
    );
    expectStatus(refused, 403);

    // The table lists both keys of the owner, each with its scope.
    await page.getByLabel("Owner pass", { exact: true }).fill(fixture.ownerPass);
    await page.getByRole("button", { name: "Show keys" }).click();
    const table = page.getByRole("table").filter({ hasText: readKey.slice(0, 8) });
    await table.waitFor();
    assert.equal(await table.getByRole("row").count(), 3, "a header and the two keys");
    const headers = await table.getByRole("columnheader").allTextContents();
    const scopeColumn = headers.indexOf("Scope");
    assert.ok(scopeColumn >= 0, `a Scope column in ${headers.join(", ")}`);
    const scopeOf = async (keyValue: string) =>
      textOf(
        table
          .getByRole("row")
          .filter({ hasText: keyValue.slice(0, 8) })
          .getByRole("cell")
          .nth(scopeColumn),
      );
    assert.match(await scopeOf(readKey), /^read/);
    assert.match(await scopeOf(fixture.apiKey), /^full/);
    await assertAccessible(page, "the keys tab with a read key issued");
    await opened.finish();
  });

  it("the owner console with the read key shows the quest and payouts, and nothing to change", async () => {
    assert.ok(readKey, "the first test issued the read key");
    const opened = await openPage(service, "/app/console");
    const { page } = opened;
    await signInOwner(page, readKey);
    const keyBar = page.getByRole("region", { name: "Your key" });
    assert.match(await textOf(keyBar), /live key, read-only\)/);

    const quest = page.getByRole("region", { name: "Dashboard quest", exact: true });
    await quest.waitFor();
    const payouts = quest.getByRole("table", { name: /Payouts of Dashboard quest/ });
    const row = payouts.getByRole("row").filter({ hasText: fixture.playerPass });
    await row.waitFor();
    assert.match(await textOf(row), /25/);
    assert.match(await textOf(row), /Paid/);

    // No allocate form (a note instead), no reversal, no webhook changes.
    await quest.getByText(/This key is read-only/).waitFor();
    assert.equal(await quest.getByRole("button", { name: "Allocate" }).count(), 0);
    assert.equal(await page.getByRole("button", { name: /^Reverse/ }).count(), 0);
    const webhooks = page.getByRole("region", { name: "Webhooks" });
    await webhooks.getByText("No endpoint yet.").waitFor();
    assert.equal(await webhooks.getByRole("heading", { name: "Add an endpoint" }).count(), 0);
    assert.equal(await webhooks.getByRole("button", { name: "Add endpoint" }).count(), 0);
    await assertAccessible(page, "the console with a read key");
    await screenshot(page, "console-read-only");
    await opened.finish();

    // A full key of the same account still has every control.
    const full = await openPage(service, "/app/console");
    await signInOwner(full.page, fixture.apiKey);
    const fullQuest = full.page.getByRole("region", { name: "Dashboard quest", exact: true });
    await fullQuest.getByRole("button", { name: "Allocate" }).waitFor();
    assert.doesNotMatch(
      await textOf(full.page.getByRole("region", { name: "Your key" })),
      /read-only/,
    );
    await fullQuest.getByRole("button", { name: /^Reverse the payout of 25 points/ }).waitFor();
    assert.equal(await fullQuest.getByText(/This key is read-only/).count(), 0);
    await full.page
      .getByRole("region", { name: "Webhooks" })
      .getByRole("button", { name: "Add endpoint" })
      .waitFor();
    await full.finish();
  });
});
