import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { createQuest, expectStatus, type QuestFixture, questFixture } from "../helpers/app.js";
import {
  assertAccessible,
  assertNoSidewaysScroll,
  localInput,
  type OpenedPage,
  openPage,
  screenshot,
  testWallet,
  withWebService,
} from "../helpers/browser.js";
import { adminItems, openConsole, statusShown, textOf } from "../helpers/operator-console.js";
import { payPlayer } from "../helpers/owner-api.js";

/**
 * Fair play on the pages: the link where a player does a quest and its limits per pass on the
 * board and the quest page, a suspended pass on its page, suspensions and quest limits in the
 * operator console, and the same fields on the application form.
 */

const DAY_MS = 86_400_000;
const PLAY_URL = "https://play.example.com/swap?ref=questpoints";
const NARROW = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };

/** At 390 px: nothing scrolls sideways, axe-core finds nothing, a screenshot; then 1280 again. */
async function narrowToo(page: Page, what: string, shot: string) {
  await page.setViewportSize(NARROW);
  await assertNoSidewaysScroll(page, `${what} at 390 px`);
  await assertAccessible(page, `${what} at 390 px`);
  await screenshot(page, `${shot}-narrow`);
  await page.setViewportSize(WIDE);
}

describe("fair play on the pages [browser, pglite]", () => {
  const service = withWebService({ APPLICATIONS_PER_HOUR: "1000" });
  /** A quest with a link and both limits (payouts counted a day); its player paid once. */
  let swap: QuestFixture;
  /** A quest of the same owner with no link and no limit. */
  let plainId: number;
  before(async () => {
    swap = await questFixture(service.ctx, {
      name: "Daily swap",
      description: "Swap once on the exchange.",
      is_public: true,
      end: new Date(Date.now() + 30 * DAY_MS).toISOString(),
      url: PLAY_URL,
      pass_payouts_max: 1,
      pass_window: "day",
      pass_points_max: 500,
    });
    plainId = await createQuest(service.ctx, swap.ownerPass, {
      name: "Plain quest",
      is_public: true,
    });
    await payPlayer(service.ctx, swap, 20);
  });

  const card = (page: Page, name: string) =>
    page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  const doThisQuest = (scope: Page | ReturnType<typeof card>) =>
    scope.getByRole("link", { name: /^Do this quest/ });

  it("shows Do this quest and the limits in words on the board and the quest page, read by ids=", async () => {
    const board = await openPage(service, "/app");
    const { page } = board;
    const swapCard = card(page, "Daily swap");
    await doThisQuest(swapCard).waitFor();
    const link = doThisQuest(swapCard);
    assert.equal(await link.getAttribute("href"), PLAY_URL);
    assert.equal(await link.getAttribute("target"), "_blank");
    assert.equal(await link.getAttribute("rel"), "noopener noreferrer nofollow");
    const text = await textOf(swapCard);
    assert.match(text, /Limits: once a day per pass; at most 500 points per pass/);
    assert.match(text, /on play\.example\.com/);
    // Without a link or a limit, neither is shown.
    const plain = card(page, "Plain quest");
    await plain.waitFor();
    assert.equal(await doThisQuest(plain).count(), 0);
    assert.doesNotMatch(await textOf(plain), /per pass|Limit/);
    await assertAccessible(page, "the board with links and limits");
    await screenshot(page, "fair-play-board");
    await narrowToo(page, "the board", "fair-play-board");
    await board.finish();

    // The quest page asks for its one quest, not the whole list (every request of a reload).
    const quest = await openPage(service, `/app/quests/${swap.questId}`);
    const heading = quest.page.getByRole("heading", { level: 1, name: "Daily swap" });
    await heading.waitFor();
    const requested: string[] = [];
    quest.page.on("request", (request) => requested.push(request.url()));
    await quest.page.reload();
    await heading.waitFor();
    const questLink = doThisQuest(quest.page);
    assert.equal(await questLink.getAttribute("href"), PLAY_URL);
    assert.equal(await questLink.getAttribute("rel"), "noopener noreferrer nofollow");
    assert.equal(await questLink.getAttribute("target"), "_blank");
    const facts = await textOf(quest.page.locator("dl.facts"));
    assert.match(facts, /Limits\s*once a day per pass\s*at most 500 points per pass/);
    const reads = requested.map((url) => new URL(url)).filter((url) => url.pathname === "/quests");
    assert.equal(reads.length, 1, `one read of /quests: ${requested.join(", ")}`);
    assert.equal(reads[0]!.searchParams.get("ids"), String(swap.questId));
    assert.deepEqual(reads[0]!.searchParams.get("with")?.split(",").sort(), [
      "details",
      "progress",
    ]);
    await assertAccessible(quest.page, "the quest page with its link and limits");
    await screenshot(quest.page, "fair-play-quest");
    await narrowToo(quest.page, "the quest page", "fair-play-quest");
    await quest.finish();

    const plainPage = await openPage(service, `/app/quests/${plainId}`);
    await plainPage.page.getByRole("heading", { level: 1, name: "Plain quest" }).waitFor();
    assert.match(await textOf(plainPage.page.locator("dl.facts")), /Limits\s*none/);
    assert.equal(await doThisQuest(plainPage.page).count(), 0);
    await plainPage.finish();
  });

  it("suspends a pass with a reason (an empty one is refused at its field), shows it suspended, and reinstates it", async () => {
    const pass = swap.playerPass;
    const [account] = await adminItems(service.ctx, `/admin/accounts?pass=${pass}`);
    const opened = await openConsole(service, "/app/operator#accounts", { heading: "Accounts" });
    const { page } = opened;
    const find = page.getByRole("form", { name: "Find an account" });
    await find.getByLabel("Pass address").fill(pass);
    await find.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row").filter({ hasText: pass });
    await row.getByText("Active").waitFor();
    await row.getByRole("button", { name: `Suspend pass ${pass}` }).click();
    const panel = page.getByRole("region", { name: /^Suspend pass/ });
    await panel.waitFor();

    // No reason: the field says so, and nothing is sent.
    await panel.getByRole("button", { name: "Suspend pass", exact: true }).click();
    const reasonError = page.locator(`#op-suspension-${account.id}-reason-error`);
    assert.equal(await reasonError.textContent(), "Give a reason.");
    assert.equal(await panel.getByLabel("Reason").getAttribute("aria-invalid"), "true");
    assert.equal(await panel.getByRole("button", { name: /^Confirm/ }).count(), 0);

    const reason = "Sybil ring: forty passes funded from one wallet.";
    await panel.getByLabel("Reason").fill(reason);
    await panel.getByRole("button", { name: "Suspend pass", exact: true }).click();
    await panel.getByRole("button", { name: "Confirm: suspend the pass" }).click();
    await statusShown(page, `Pass ${pass} suspended`);
    const [suspended] = await adminItems(service.ctx, `/admin/accounts?pass=${pass}`);
    assert.equal(suspended.suspension_reason, reason);
    assert.ok(suspended.suspended_at, "suspended_at is set");
    await row.getByText("Suspended", { exact: true }).waitFor();
    assert.match(await textOf(row), new RegExp(`since .*${reason}`));

    // The account's suspension in its panel: when and why.
    await row.getByRole("button", { name: `Reinstate pass ${pass}` }).click();
    const reinstate = page.getByRole("region", { name: /^Reinstate pass/ });
    assert.match(await textOf(reinstate.locator("dl")), new RegExp(`Reason${reason}`));
    await assertAccessible(page, "an account with its suspension");
    await screenshot(page, "fair-play-operator-account");
    await page.setViewportSize(NARROW);
    await assertNoSidewaysScroll(page, "the suspended account at 390 px");
    await screenshot(page, "fair-play-operator-account-narrow");
    await page.setViewportSize(WIDE);

    // The pass page says it is suspended, with no rank.
    const passPage = await openPage(service, `/app/passes/${pass}`);
    const notice = passPage.page.locator(".pass-suspended");
    await notice.waitFor();
    assert.match(
      await textOf(notice),
      /^Suspended: this pass is not paid and is on no leaderboard\./,
    );
    await passPage.page.locator(".pass-address .badge").getByText("Suspended").waitFor();
    const figures = await textOf(passPage.page.locator("dl.figures"));
    assert.match(figures, /Points\s*20\s*Overall rank\s*None/);
    await assertAccessible(passPage.page, "a suspended pass");
    await screenshot(passPage.page, "fair-play-pass-suspended");
    await narrowToo(passPage.page, "a suspended pass", "fair-play-pass-suspended");

    // Reinstated: active again, ranked again.
    await reinstate.getByRole("button", { name: "Reinstate pass", exact: true }).click();
    await reinstate.getByRole("button", { name: "Confirm: reinstate the pass" }).click();
    await statusShown(page, `Pass ${pass} reinstated`);
    await row.getByText("Active").waitFor();
    const [active] = await adminItems(service.ctx, `/admin/accounts?pass=${pass}`);
    assert.deepEqual([active.suspended_at, active.suspension_reason], [null, null]);
    await passPage.page.reload();
    await passPage.page.locator("dl.figures").getByText("Overall rank").waitFor();
    assert.equal(await notice.count(), 0);
    assert.match(await textOf(passPage.page.locator("dl.figures")), /Overall rank\s*\d+/);
    await passPage.finish();
    await opened.finish();
  });

  it("hides Suspend and Reinstate from a viewer", async () => {
    const viewer = await service.ctx.admin("POST", "/admin/operators", {
      name: "Vic",
      role: "viewer",
    });
    expectStatus(viewer, 201);
    const opened = await openConsole(service, "/app/operator#accounts", {
      token: viewer.json().token,
      heading: "Accounts",
    });
    await opened.page.getByRole("row").filter({ hasText: swap.playerPass }).waitFor();
    assert.equal(
      await opened.page.getByRole("button", { name: /^(Suspend|Reinstate) pass/ }).count(),
      0,
    );
    assert.equal(await opened.page.getByRole("columnheader", { name: "Status" }).count(), 1);
    await opened.finish();
  });

  it("edits a quest's limits and link, with the page's and the API's field errors at their fields", async () => {
    const opened = await openConsole(service, "/app/operator#quests", {
      heading: "Quests",
      allowConsoleErrors: /400/,
    });
    const { page } = opened;
    await page.getByRole("button", { name: `Edit quest ${plainId}` }).click();
    const form = page.getByRole("region", { name: new RegExp(`Edit quest ${plainId}`) });
    const save = () => form.getByRole("button", { name: `Save quest ${plainId}` }).click();
    const errorOf = (field: string) => page.locator(`#op-quest-edit-${field}-error`);

    // The page's own checks: no https, no number.
    await form.getByLabel("Link for players").fill("http://play.example.com/plain");
    await form.getByLabel("Most payouts per pass").fill("0");
    await save();
    assert.match(await textOf(errorOf("url")), /starts with https:\/\//);
    assert.match(await textOf(errorOf("pass_payouts_max")), /whole number of 1 or more/);
    assert.equal(await form.getByLabel("Link for players").getAttribute("aria-invalid"), "true");
    // The service's: a link over 2048 characters.
    await form.getByLabel("Link for players").fill(`https://play.example.com/${"a".repeat(2100)}`);
    await form.getByLabel("Most payouts per pass").fill("2");
    await save();
    await errorOf("url").waitFor();
    assert.match(await textOf(errorOf("url")), /2048/);
    assert.equal(await errorOf("pass_payouts_max").count(), 0, "the fixed field's error is gone");

    await form.getByLabel("Link for players").fill("https://play.example.com/plain");
    await form.getByLabel("Most points per pass").fill("300");
    await form.getByLabel("Payouts counted per").selectOption("week");
    await form
      .getByText("Players read: twice a week per pass; at most 300 points per pass.")
      .waitFor();
    await assertAccessible(page, "the quest form with its limits");
    await screenshot(page, "fair-play-quest-form");
    await page.setViewportSize(NARROW);
    await assertNoSidewaysScroll(page, "the quest form at 390 px");
    await screenshot(page, "fair-play-quest-form-narrow");
    await page.setViewportSize(WIDE);
    await save();
    await statusShown(page, `Quest ${plainId} saved`);
    const savedQuest = async () =>
      (await adminItems(service.ctx, `/admin/quests?owner=${swap.ownerPass}`)).find(
        (q: { id: number }) => q.id === plainId,
      );
    const saved = await savedQuest();
    assert.deepEqual(
      [saved.url, saved.pass_points_max, saved.pass_payouts_max, saved.pass_window],
      ["https://play.example.com/plain", 300, 2, "week"],
    );
    const row = page.getByRole("row").filter({ hasText: "Plain quest" });
    await row.getByText("twice a week", { exact: true }).waitFor();
    await row.getByText("at most 300 points", { exact: true }).waitFor();

    // Emptied, a limit and the link are none again.
    await page.getByRole("button", { name: `Edit quest ${plainId}` }).click();
    await form.getByLabel("Most points per pass").fill("");
    await form.getByLabel("Link for players").fill("");
    await save();
    await statusShown(page, `Quest ${plainId} saved`);
    const cleared = await savedQuest();
    assert.deepEqual([cleared.url, cleared.pass_points_max], [null, null]);
    await opened.finish();
  });

  it("sends the link and the limits per pass in the application's quest, which the approval keeps or overrides", async () => {
    const wallet = testWallet();
    const opened: OpenedPage = await openPage(service, "/app/apply", { wallet });
    const { page } = opened;
    await page.getByRole("heading", { name: "Apply for a quest" }).waitFor();
    const fields: Record<string, string> = {
      Project: "Fair Swap",
      Contact: "ops@fair.example",
      "Quest name": "Swap fairly",
      "Total points": "10000",
      "Expected points per completion": "10",
      Start: localInput(new Date(Date.now() + DAY_MS)),
      End: localInput(new Date(Date.now() + 30 * DAY_MS)),
      "Link for players (optional)": "ftp://fair.example/swap",
      "Most points per pass (optional)": "1000",
      "Most payouts per pass (optional)": "many",
    };
    for (const [label, value] of Object.entries(fields)) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByLabel("Payouts counted per").selectOption("day");
    await page.getByRole("button", { name: "Sign and send…" }).click();
    assert.match(await textOf(page.locator("#apply-quest-url-error")), /https:\/\//);
    assert.match(await textOf(page.locator("#apply-quest-pass-payouts-max-error")), /whole number/);
    assert.deepEqual(wallet.signed, [], "nothing signed while the page found errors");

    await page.getByLabel("Link for players (optional)").fill("https://fair.example/swap");
    await page.getByLabel("Most payouts per pass (optional)").fill("1");
    await page.getByRole("button", { name: "Sign and send…" }).click();
    await page.getByRole("button", { name: "Sign and send the application" }).click();
    await page.waitForURL(/\/app\/applications\/\d+#token=/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const applications = await adminItems(service.ctx, "/admin/applications?status=pending");
    const sent = applications.find((a: { id: number }) => a.id === id);
    assert.deepEqual(
      {
        url: sent.quest.url,
        pass_points_max: sent.quest.pass_points_max,
        pass_payouts_max: sent.quest.pass_payouts_max,
        pass_window: sent.quest.pass_window,
      },
      {
        url: "https://fair.example/swap",
        pass_points_max: 1000,
        pass_payouts_max: 1,
        pass_window: "day",
      },
    );
    const facts = await textOf(page.locator("dl.facts").first());
    assert.match(facts, /Limits per pass\s*once a day per pass; at most 1000 points per pass/);
    assert.match(facts, /Link for players\s*https:\/\/fair\.example\/swap/);
    await opened.finish();

    // The operator sees what was asked, overrides one limit, and the quest gets the rest.
    const operator = await openConsole(service, "/app/operator");
    const review = operator.page.getByRole("article", { name: new RegExp(`Application ${id}:`) });
    assert.match(await textOf(review), /Per passonce a day per pass; at most 1000 points per pass/);
    await review.getByRole("button", { name: "Approve…" }).click();
    await review.getByLabel("Most points per pass").fill("800");
    await review.getByRole("button", { name: `Approve application ${id}` }).click();
    await statusShown(operator.page, "approved");
    const [approved] = (
      await adminItems(service.ctx, "/admin/applications?status=approved")
    ).filter((a: { id: number }) => a.id === id);
    const quest = (await adminItems(service.ctx, `/admin/quests?owner=${approved.owner}`)).find(
      (q: { id: number }) => q.id === approved.quest_id,
    );
    assert.deepEqual(
      [quest.url, quest.pass_points_max, quest.pass_payouts_max, quest.pass_window],
      ["https://fair.example/swap", 800, 1, "day"],
    );
    await operator.finish();
  });
});
