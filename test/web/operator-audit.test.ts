/**
 * The operator console's audit log as a new operator reads it: actions and targets in columns
 * wide enough to read, long ids cut short (whole on hover, and copied by a button), actors by
 * name, a filter by actor; and every operator table read as blocks on a phone.
 */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { expectStatus, type QuestFixture, questFixture } from "../helpers/app.js";
import { assertAccessible, screenshot, withWebService } from "../helpers/browser.js";
import {
  assertTablesAsBlocks,
  checkNarrow,
  openConsole,
  tableOf,
  textOf,
} from "../helpers/operator-console.js";
import { payPlayer } from "../helpers/owner-api.js";

/** How many lines an element's text takes: its line boxes (one rectangle a line when inline). */
const linesOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const height = element.getBoundingClientRect().height;
    const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight) || 20;
    return Math.max(element.getClientRects().length, Math.round(height / lineHeight));
  });

/** The audit rows on screen whose text matches. */
const rowsWith = (page: Page, text: string | RegExp) =>
  page.locator("tbody tr").filter({ hasText: text });

/** The Actor column's text of every row on screen. */
const actorsShown = (page: Page) =>
  page.locator("tbody tr").evaluateAll((rows) =>
    rows.map((row) => {
      const heads = [...(row.closest("table")?.querySelectorAll("thead th") ?? [])];
      const column = heads.findIndex((th) => th.textContent === "Actor");
      return row.querySelectorAll("td")[column]?.textContent ?? "";
    }),
  );

describe("the operator console's audit log [browser, pglite]", () => {
  const service = withWebService();
  /** Olga, an operator of her own (not ADMIN_TOKEN), and the operator she added. */
  let olga: { id: string; token: string };
  let added: { id: string; name: string };
  let fixture: QuestFixture;

  before(async () => {
    const created = await service.ctx.admin("POST", "/admin/operators", {
      name: "Olga Ortiz",
      role: "admin",
    });
    expectStatus(created, 201);
    olga = created.json();
    // Olga adds an operator: `operator.create` on a UUID target, by `operator:<Olga's id>`.
    const byOlga = await service.ctx.inject({
      method: "POST",
      url: "/admin/operators",
      headers: { authorization: `Bearer ${olga.token}` },
      payload: { name: "Vic Viewer", role: "viewer" },
    });
    expectStatus(byOlga, 201);
    added = byOlga.json();
    // The owner reverses a payout with its key: `payout.reverse` by `account:<owner's id>`.
    fixture = await questFixture(service.ctx, { name: "Audited quest" });
    const payout = await payPlayer(service.ctx, fixture, 30);
    const reversed = await service.ctx.inject({
      method: "POST",
      url: `/quests/${fixture.questId}/payouts/${payout.id}/reversal`,
      headers: { "x-api-key": fixture.apiKey },
      payload: { reason: "Paid twice" },
    });
    expectStatus(reversed, 201);
  });

  it("gives Action and Target room: action names whole, long ids cut short, whole on hover and copied", async () => {
    const opened = await openConsole(service, "/app/operator#audit", { heading: "Audit log" });
    const { page, context } = opened;
    await tableOf(page).waitFor();
    const row = rowsWith(page, "operator.create").first();
    const action = row.locator("code", { hasText: "operator.create" });
    assert.equal(await linesOf(action), 1, "the action name on one line, unbroken");

    const target = row.locator(`[title="${added.id}"]`);
    assert.equal(await linesOf(target), 1, "the target id on one line, cut short");
    assert.equal(await target.evaluate((e) => getComputedStyle(e).textOverflow), "ellipsis");
    assert.equal(await textOf(target), added.id, "the whole id is in the page");
    const targetCell = row.locator("td", { has: page.locator(`[title="${added.id}"]`) });
    assert.match(await textOf(targetCell), /^operator/, "the target's type with its id");

    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: service.base,
    });
    await row.getByRole("button", { name: "Copy the target id" }).click();
    await row.getByText("Copied the target id.").waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), added.id);

    await assertAccessible(page, "the audit tab with ids cut short");
    await screenshot(page, "operator-audit-wide");
    await opened.finish();
  });

  it("shows actors by name: an operator's name, an account's pass, ADMIN_TOKEN; the raw actor on hover", async () => {
    const opened = await openConsole(service, "/app/operator#audit", { heading: "Audit log" });
    const { page } = opened;
    const byOlga = rowsWith(page, "operator.create").filter({ hasText: "Vic Viewer" });
    await byOlga.getByText("Olga Ortiz").waitFor();
    assert.equal(await byOlga.locator(`[title="operator:${olga.id}"]`).count(), 1);

    const byOwner = rowsWith(page, "payout.reverse").filter({ hasText: "Paid twice" });
    await byOwner.getByRole("link", { name: fixture.ownerPass }).waitFor();
    assert.equal(await byOwner.locator(`[title="account:${fixture.ownerId}"]`).count(), 1);

    const byToken = rowsWith(page, "quest.create").first();
    await byToken.getByText("ADMIN_TOKEN").waitFor();
    assert.equal(await byToken.locator(`[title="operator:bootstrap"]`).count(), 1);

    const actors = await actorsShown(page);
    assert.ok(
      actors.every((actor) => !/(operator|account):[0-9a-f-]{36}/.test(actor)),
      `no actor shown as a raw id: ${actors.join(" | ")}`,
    );
    await opened.finish();
  });

  it("filters the log by actor: an operator by name, or an actor as the log writes it", async () => {
    const opened = await openConsole(service, "/app/operator#audit", { heading: "Audit log" });
    const { page } = opened;
    await tableOf(page).waitFor();
    const actor = page.getByLabel("Actor", { exact: true });
    // The operators are offered by name.
    await page.locator(`datalist option[value="Olga Ortiz"]`).waitFor({ state: "attached" });

    await actor.fill("olga ortiz");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    // The filtered rows are in when Olga's show and the bootstrap token's are gone (a table
    // between two answers shows neither).
    await page.waitForFunction(() => {
      const text = document.querySelector("tbody")?.textContent ?? "";
      return text.includes("Olga Ortiz") && !text.includes("ADMIN_TOKEN");
    });
    const olgas = await actorsShown(page);
    assert.ok(olgas.length >= 1, "Olga's entries");
    assert.deepEqual([...new Set(olgas)], ["Olga Ortiz"], "only Olga's changes");

    await actor.fill(`account:${fixture.ownerId}`);
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await rowsWith(page, "payout.reverse").filter({ hasText: "Paid twice" }).waitFor();
    assert.deepEqual(await actorsShown(page), [fixture.ownerPass], "only the owner's reversal");
    await assertAccessible(page, "the audit tab filtered by actor");
    await screenshot(page, "operator-audit-actor");
    await opened.finish();
  });

  it("reads the operator tables as blocks at 390 px: quests, payouts, keys, audit", async () => {
    const opened = await openConsole(service, "/app/operator#quests", {
      narrow: true,
      heading: "Quests",
    });
    const { page } = opened;
    const blocks = (what: string) => async (page: Page) => {
      await tableOf(page).first().waitFor();
      await assertTablesAsBlocks(page, what);
    };
    await checkNarrow(page, [
      {
        act: blocks("the quests"),
        what: "the quests tab at 390 px",
        accessible: true,
        shot: "operator-quests-blocks",
      },
      {
        tab: "Payouts",
        act: blocks("the payouts"),
        what: "the payouts tab at 390 px",
        shot: "operator-payouts-blocks",
      },
      {
        tab: "Keys",
        act: blocks("the keys"),
        what: "the keys tab at 390 px",
        shot: "operator-keys-blocks",
      },
      {
        tab: "Audit log",
        act: blocks("the audit log"),
        what: "the audit tab at 390 px",
        accessible: true,
        shot: "operator-audit-blocks",
      },
      {
        tab: "Operators",
        act: blocks("the operators"),
        what: "the operators tab at 390 px",
      },
    ]);
    await opened.finish();
  });
});
