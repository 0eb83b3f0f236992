import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import {
  createAccount,
  createQuest,
  expectStatus,
  issueKey,
  randomPass,
  type TestContext,
} from "../helpers/app.js";
import {
  assertAccessible,
  assertNoSidewaysScroll,
  failApi,
  holdApi,
  openPage,
  screenshot,
  startWebService,
  type WebService,
} from "../helpers/browser.js";

/**
 * The public pages in a real browser against the real service: quest board, campaign,
 * leaderboard and pass. Data is seeded through the operator and owner APIs; each page is checked
 * for its content, its empty, loading and error states, axe-core, and 390 px without sideways
 * scrolling.
 */

const DAY_MS = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const FAILURES = /503|404|400/;

interface Seed {
  sprintId: number;
  emptyCampaignId: number;
  periodId: number;
  /** January 2020, whole UTC days: no payouts. */
  oldPeriodId: number;
  checkInId: number;
  inviteId: number;
  hiddenId: number;
  /** 300 points in the sprint (a 40-point payout reversed); first overall. */
  leader: string;
  /** 100 in the sprint + 50 outside: second. */
  second: string;
  /** 45 points in 26 payouts outside any campaign (and a test-mode payout that never counts). */
  many: string;
}

async function admin(ctx: TestContext, method: "POST", url: string, body: unknown) {
  const response = await ctx.admin(method, url, body);
  expectStatus(response, 201);
  return response.json();
}

async function pay(
  ctx: TestContext,
  key: string,
  questId: number,
  address: string,
  points: number,
) {
  const response = await ctx.inject({
    method: "POST",
    url: `/quests/${questId}`,
    headers: { "x-api-key": key },
    payload: { points, address },
  });
  expectStatus(response, 200);
  return response.json().payout.id as string;
}

async function seed(ctx: TestContext): Promise<Seed> {
  const owner = randomPass();
  await createAccount(ctx, owner);
  const live = await issueKey(ctx, owner);
  const test = await issueKey(ctx, owner, "test");
  const sprint = await admin(ctx, "POST", "/admin/campaigns", {
    name: "Summer Sprint",
    description: "Check in every day of the summer.",
    start: iso(-7 * DAY_MS),
    end: iso(30 * DAY_MS),
  });
  const empty = await admin(ctx, "POST", "/admin/campaigns", {
    name: "Winter Warm-up",
    description: "Nothing paid yet.",
    start: iso(-DAY_MS),
    end: iso(60 * DAY_MS),
  });
  const period = await admin(ctx, "POST", "/admin/earning-periods", {
    start: iso(-2 * DAY_MS),
    end: iso(20 * DAY_MS),
  });
  const oldPeriod = await admin(ctx, "POST", "/admin/earning-periods", {
    start: "2020-01-01T00:00:00Z",
    end: "2020-02-01T00:00:00Z",
  });
  const checkInId = await createQuest(ctx, owner, {
    name: "Daily check-in",
    description: "Open the app once a day.",
    campaign_id: sprint.id,
    total_points: 1000,
    expected_points_per_completion: 10,
    is_public: true,
    end: iso(10 * DAY_MS),
  });
  const inviteId = await createQuest(ctx, owner, {
    name: "Invite a friend",
    description: "Bring a friend who registers a pass.",
    total_points: 500,
    expected_points_per_completion: 25,
    is_public: true,
  });
  const hiddenId = await createQuest(ctx, owner, {
    name: "Hidden sprint quest",
    campaign_id: sprint.id,
    is_public: false,
  });
  const sandboxId = await createQuest(ctx, owner, {
    // A test quest is never public: in the campaign, it must stay off its page too.
    name: "Sandbox quest",
    campaign_id: sprint.id,
    is_public: false,
    mode: "test",
  });
  await createQuest(ctx, owner, {
    name: "Spring cleanup",
    campaign_id: sprint.id,
    is_public: true,
    start: iso(-20 * DAY_MS),
    end: iso(-10 * DAY_MS),
  });

  const [leader, second, many] = [randomPass(), randomPass(), randomPass()];
  for (const pass of [leader, second, many]) await createAccount(ctx, pass);
  await pay(ctx, live.key, checkInId, leader, 300);
  await pay(ctx, live.key, checkInId, second, 100);
  await pay(ctx, live.key, inviteId, second, 50);
  await pay(ctx, live.key, inviteId, many, 20);
  const reversed = await pay(ctx, live.key, inviteId, leader, 40);
  const reversal = await ctx.admin("POST", `/admin/payouts/${reversed}/reversal`, {
    reason: "Duplicate completion",
  });
  expectStatus(reversal, 201);
  const batch = await ctx.inject({
    method: "POST",
    url: `/quests/${inviteId}/allocations`,
    headers: { "x-api-key": live.key },
    payload: { allocations: Array.from({ length: 25 }, () => ({ points: 1, address: many })) },
  });
  expectStatus(batch, 200);
  assert.equal(batch.json().paid_count, 25);
  await pay(ctx, test.key, sandboxId, many, 5);
  return {
    sprintId: sprint.id,
    emptyCampaignId: empty.id,
    periodId: period.id,
    oldPeriodId: oldPeriod.id,
    checkInId,
    inviteId,
    hiddenId,
    leader,
    second,
    many,
  };
}

const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });
const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });
const textOf = async (locator: Locator) => (await locator.textContent()) ?? "";
const query = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/**
 * The body rows of the table named `tableName` as trimmed cell texts, once there are `count` of
 * them (a table can show its previous answer for a moment after its scope changed).
 */
async function rows(page: Page, tableName: string, count: number): Promise<string[][]> {
  const body = page.getByRole("table", { name: tableName, exact: true }).locator("tbody tr");
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await body.evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll("td, th")].map((cell) => (cell.textContent ?? "").trim()),
      ),
    );
    if (found.length === count || Date.now() > deadline) return found;
    await page.waitForTimeout(50);
  }
}

async function narrowCheck(
  service: WebService,
  name: string,
  path: string,
  ready: (p: Page) => Promise<void>,
) {
  const opened = await openPage(service, path, { narrow: true });
  await ready(opened.page);
  await assertNoSidewaysScroll(opened.page, `${path} at 390 px`);
  await assertAccessible(opened.page, `${path} at 390 px`);
  await screenshot(opened.page, `${name}-narrow`);
  await opened.finish();
}

describe("the public pages: board, campaign, leaderboard, pass [browser, pglite]", () => {
  let service: WebService;
  let data: Seed;
  before(async () => {
    service = await startWebService();
    data = await seed(service.ctx);
  });
  after(async () => {
    await service?.close();
  });

  describe("the quest board", () => {
    it("lists the public live quests with campaign, points, budget and time left, not test or private ones", async () => {
      const opened = await openPage(service, "/app");
      const { page } = opened;
      await heading(page, "Daily check-in").waitFor();
      await heading(page, "Invite a friend").waitFor();
      for (const hidden of ["Hidden sprint quest", "Sandbox quest", "Spring cleanup"]) {
        assert.equal(await heading(page, hidden).count(), 0, `${hidden} is not on the board`);
      }
      const checkIn = page.getByRole("listitem").filter({ has: heading(page, "Daily check-in") });
      const text = await textOf(checkIn);
      assert.match(text, /600 of 1,000 left \(60%\)/);
      assert.match(text, /Points per completion\s*10/);
      assert.match(text, /\d+ days left/);
      assert.equal(
        await checkIn.getByRole("link", { name: "Summer Sprint" }).getAttribute("href"),
        `/app/campaigns/${data.sprintId}`,
      );
      assert.equal(
        await checkIn.getByRole("link", { name: "Daily check-in" }).getAttribute("href"),
        `/app/quests/${data.checkInId}`,
        "the card leads to the quest's page",
      );
      assert.equal(
        await page.getByRole("link", { name: "Join to earn points" }).getAttribute("href"),
        "/app/join",
      );
      const bar = checkIn.getByRole("progressbar", { name: "Budget left of Daily check-in" });
      assert.equal(await bar.getAttribute("value"), "600");
      const invite = page.getByRole("listitem").filter({ has: heading(page, "Invite a friend") });
      assert.match(await textOf(invite), /Not in a campaign/);
      assert.match(await textOf(invite), /405 of 500 left \(81%\)/);
      assert.match(await textOf(status(page, "quests")), /2 quests \(1 ended, hidden\)/);
      await assertAccessible(page, "the quest board");
      await screenshot(page, "board");

      // The campaign filter narrows the list and keeps its choice in the URL.
      await page.getByLabel("Campaign", { exact: true }).selectOption({ label: "Summer Sprint" });
      assert.equal(query(page, "campaign_id"), String(data.sprintId));
      await heading(page, "Invite a friend").waitFor({ state: "detached" });
      await heading(page, "Daily check-in").waitFor();
      await page.getByRole("link", { name: "Leaderboard of Summer Sprint" }).waitFor();
      // Ended quests on request.
      await page.getByLabel("Show ended quests").check();
      assert.equal(query(page, "ended"), "1");
      await heading(page, "Spring cleanup").waitFor();
      // Back undoes the last filter.
      await page.goBack();
      await heading(page, "Spring cleanup").waitFor({ state: "detached" });
      await opened.finish();
    });

    it("opens filtered from a link, and says so when a campaign has no quests", async () => {
      const opened = await openPage(service, `/app?campaign_id=${data.sprintId}`);
      await heading(opened.page, "Daily check-in").waitFor();
      assert.equal(await heading(opened.page, "Invite a friend").count(), 0);
      assert.equal(
        await opened.page.getByLabel("Campaign", { exact: true }).inputValue(),
        String(data.sprintId),
      );
      await opened.page.getByLabel("Campaign", { exact: true }).selectOption("none");
      await heading(opened.page, "Invite a friend").waitFor();
      assert.equal(await heading(opened.page, "Daily check-in").count(), 0);
      await opened.finish();

      const empty = await openPage(service, `/app?campaign_id=${data.emptyCampaignId}`);
      await empty.page.getByText("No quests in this campaign right now.").waitFor();
      await empty.finish();
    });

    it("shows its loading and error states, and fits 390 px", async () => {
      const opened = await openPage(service, "/app", {
        narrow: true,
        allowConsoleErrors: FAILURES,
      });
      const { page } = opened;
      await heading(page, "Daily check-in").waitFor();
      await assertNoSidewaysScroll(page, "the quest board at 390 px");
      await assertAccessible(page, "the quest board at 390 px");
      await screenshot(page, "board-narrow");

      const release = await holdApi(page, (path) => path === "/quests");
      await page.reload();
      await status(page, "Loading quests…").waitFor();
      await release();
      await heading(page, "Daily check-in").waitFor();

      const restore = await failApi(page, (path) => path === "/quests");
      await page.reload();
      await alert(page, "Try later (test).").waitFor();
      assert.match(await textOf(page.getByRole("alert")), /Could not load quests/);
      await restore();
      await page.getByRole("button", { name: "Try again" }).click();
      await heading(page, "Daily check-in").waitFor();
      await opened.finish();
    });
  });

  describe("the quest page", () => {
    it("shows a public quest, reached from its card on the board", async () => {
      const opened = await openPage(service, "/app");
      const { page } = opened;
      await page.getByRole("link", { name: "Daily check-in", exact: true }).click();
      await page.waitForURL(`${service.base}/app/quests/${data.checkInId}`);
      await page.getByRole("heading", { level: 1, name: "Daily check-in" }).waitFor();
      const main = await textOf(page.locator("main"));
      assert.match(main, /Open the app once a day\./);
      assert.match(main, /600 of 1,000 left \(60%\)/);
      assert.match(main, /Points per completion\s*10/);
      assert.match(main, /Time left\s*\d+ days/);
      assert.match(
        await textOf(page.locator(".quest-state")),
        /Open\s+in the campaign Summer Sprint/,
      );
      assert.equal(
        await page.getByRole("link", { name: "Summer Sprint", exact: true }).getAttribute("href"),
        `/app/campaigns/${data.sprintId}`,
      );
      assert.equal(
        await page.getByRole("link", { name: "Join to earn points" }).getAttribute("href"),
        "/app/join",
      );
      assert.equal(
        await page.getByRole("link", { name: "Leaderboard of Summer Sprint" }).getAttribute("href"),
        `/app/leaderboard?campaign_id=${data.sprintId}`,
      );
      await assertAccessible(page, "the quest page");
      await screenshot(page, "quest");
      await opened.finish();

      const invite = await openPage(service, `/app/quests/${data.inviteId}`);
      await invite.page.getByRole("heading", { level: 1, name: "Invite a friend" }).waitFor();
      assert.match(await textOf(invite.page.locator(".quest-state")), /not in a campaign/);
      await invite.finish();
    });

    it("says not found for an unknown, private or malformed id", async () => {
      for (const id of ["999999", String(data.hiddenId), "abc"]) {
        const opened = await openPage(service, `/app/quests/${id}`);
        await heading(opened.page, "Quest not found").waitFor();
        await opened.page.getByText(`There is no public quest ${id}`).waitFor();
        assert.equal(await opened.page.getByRole("button", { name: "Try again" }).count(), 0);
        if (id === "999999") await assertAccessible(opened.page, "an unknown quest");
        await opened.finish();
      }
    });

    it("shows its loading and error states, and fits 390 px", async () => {
      const path = `/app/quests/${data.checkInId}`;
      await narrowCheck(service, "quest", path, (page) =>
        page.getByRole("heading", { level: 1, name: "Daily check-in" }).waitFor(),
      );
      const opened = await openPage(service, path, { allowConsoleErrors: FAILURES });
      const { page } = opened;
      const release = await holdApi(page, (p) => p === "/quests");
      await page.reload();
      await status(page, "Loading the quest…").waitFor();
      await release();
      await page.getByRole("heading", { level: 1, name: "Daily check-in" }).waitFor();
      const restore = await failApi(page, (p) => p === "/quests");
      await page.reload();
      await alert(page, "Try later (test).").waitFor();
      await restore();
      await page.getByRole("button", { name: "Try again" }).click();
      await page.getByRole("heading", { level: 1, name: "Daily check-in" }).waitFor();
      await opened.finish();
    });
  });

  describe("the campaign page", () => {
    it("shows the campaign's facts, its public quests and a link to its leaderboard", async () => {
      const opened = await openPage(service, `/app/campaigns/${data.sprintId}`);
      const { page } = opened;
      await heading(page, "Summer Sprint").waitFor();
      await page.getByText("Check in every day of the summer.").waitFor();
      await heading(page, "Daily check-in").waitFor();
      await heading(page, "Spring cleanup").waitFor();
      assert.equal(await heading(page, "Hidden sprint quest").count(), 0);
      assert.equal(await heading(page, "Invite a friend").count(), 0);
      const checkIn = page.getByRole("listitem").filter({ has: heading(page, "Daily check-in") });
      assert.match(await textOf(checkIn), /600 of 1,000 left/);
      const spring = page.getByRole("listitem").filter({ has: heading(page, "Spring cleanup") });
      assert.match(await textOf(spring), /Ended/);
      assert.equal(
        await page.getByRole("link", { name: "Leaderboard of Summer Sprint" }).getAttribute("href"),
        `/app/leaderboard?campaign_id=${data.sprintId}`,
      );
      assert.match(await textOf(page.locator("dl.facts")), /Active/);
      await assertAccessible(page, "the campaign page");
      await screenshot(page, "campaign");
      await opened.finish();
    });

    it("shows the API's detail for an unknown or bad id", async () => {
      const opened = await openPage(service, "/app/campaigns/999999", {
        allowConsoleErrors: FAILURES,
      });
      await alert(opened.page, "Campaign 999999 does not exist.").waitFor();
      await heading(opened.page, "Campaign not found").waitFor();
      await assertAccessible(opened.page, "an unknown campaign");
      await opened.finish();

      const bad = await openPage(service, "/app/campaigns/abc", { allowConsoleErrors: FAILURES });
      const answer = await fetch(`${service.base}/campaigns/abc`);
      assert.equal(answer.status, 400);
      const { detail } = (await answer.json()) as { detail: string };
      await alert(bad.page, detail).waitFor();
      await bad.finish();
    });

    it("shows its loading and error states, and fits 390 px", async () => {
      const path = `/app/campaigns/${data.sprintId}`;
      await narrowCheck(service, "campaign", path, (page) =>
        heading(page, "Daily check-in").waitFor(),
      );

      const opened = await openPage(service, path, { allowConsoleErrors: FAILURES });
      const { page } = opened;
      await heading(page, "Daily check-in").waitFor();
      const release = await holdApi(page, (p) => p.startsWith("/campaigns/"));
      await page.reload();
      await status(page, "Loading the campaign…").waitFor();
      await release();
      await heading(page, "Summer Sprint").waitFor();

      const restore = await failApi(page, (p) => p.startsWith("/campaigns/"));
      await page.reload();
      await alert(page, "Try later (test).").waitFor();
      await restore();

      // The quests' budgets are a second read: its failure leaves the campaign shown.
      const restoreQuests = await failApi(page, (p) => p === "/quests");
      await page.reload();
      await alert(page, "Try later (test).").waitFor();
      await heading(page, "Daily check-in").waitFor();
      await restoreQuests();
      await opened.finish();
    });
  });

  describe("the leaderboard", () => {
    it("ranks all live points, links each pass, and keeps its scope in the URL", async () => {
      const opened = await openPage(service, "/app/leaderboard");
      const { page } = opened;
      assert.deepEqual(await rows(page, "Overall", 3), [
        ["1", data.leader, "300"],
        ["2", data.second, "150"],
        ["3", data.many, "45"],
      ]);
      assert.equal(
        await page.getByRole("link", { name: data.leader }).getAttribute("href"),
        `/app/passes/${data.leader}`,
      );
      await page.getByRole("option", { name: "Summer Sprint" }).waitFor({ state: "attached" });
      assert.equal(
        await page.getByRole("link", { name: "Join to earn points" }).getAttribute("href"),
        "/app/join",
      );
      await assertAccessible(page, "the leaderboard");
      await screenshot(page, "leaderboard");

      await page.getByLabel("Campaign", { exact: true }).selectOption({ label: "Summer Sprint" });
      assert.equal(query(page, "campaign_id"), String(data.sprintId));
      assert.deepEqual(await rows(page, "Summer Sprint", 2), [
        ["1", data.leader, "300"],
        ["2", data.second, "100"],
      ]);

      // Periods are chosen from the list by their dates, newest first; the current one says so.
      const periods = page.getByLabel("Earning period", { exact: true });
      await periods.locator(`option[value="${data.oldPeriodId}"]`).waitFor({ state: "attached" });
      const labels = (await periods.locator("option").allTextContents()).map((t) => t.trim());
      assert.equal(labels.length, 3);
      assert.equal(labels[0], "All time");
      assert.match(
        labels[1]!,
        /^\d{1,2} \w{3} \d{4}, \d\d:\d\d – \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC \(current\)$/,
      );
      assert.equal(labels[2], "1 Jan 2020 – 31 Jan 2020", "whole days read as dates");
      await periods.selectOption(String(data.periodId));
      assert.equal(query(page, "earning_period_id"), String(data.periodId));
      assert.equal(query(page, "campaign_id"), String(data.sprintId), "the campaign stays");
      const current = labels[1]!.replace(" (current)", "");
      assert.equal((await rows(page, `Summer Sprint, earning period ${current}`, 2)).length, 2);
      await periods.selectOption(String(data.oldPeriodId));
      await page.getByText("No points yet in this scope.").waitFor();

      await page.getByRole("button", { name: "Overall leaderboard" }).click();
      assert.equal(query(page, "campaign_id"), null);
      assert.equal((await rows(page, "Overall", 3)).length, 3);
      await opened.finish();
    });

    it("pages by offset and shows an empty state", async () => {
      const opened = await openPage(service, "/app/leaderboard?offset=1");
      assert.deepEqual(
        (await rows(opened.page, "Overall", 2)).map((row) => row[0]),
        ["2", "3"],
      );
      await opened.page.getByText("Places 2–3").waitFor();
      await opened.page.getByRole("button", { name: "Previous" }).click();
      assert.equal(query(opened.page, "offset"), null);
      assert.equal((await rows(opened.page, "Overall", 3)).length, 3);
      await opened.finish();

      const empty = await openPage(service, `/app/leaderboard?campaign_id=${data.emptyCampaignId}`);
      await empty.page.getByText("No points yet in this scope.").waitFor();
      await heading(empty.page, "Winter Warm-up").waitFor();
      assert.equal(
        await empty.page.getByLabel("Campaign", { exact: true }).inputValue(),
        String(data.emptyCampaignId),
      );
      await assertAccessible(empty.page, "an empty leaderboard");
      await empty.finish();
    });

    it("says a period the list does not have is unknown", async () => {
      const opened = await openPage(service, "/app/leaderboard?earning_period_id=999999");
      const { page } = opened;
      await alert(page, "Earning period 999999 is unknown").waitFor();
      const periods = page.getByLabel("Earning period", { exact: true });
      assert.equal(await periods.inputValue(), "999999");
      assert.equal(
        (await periods.locator("option:checked").textContent())?.trim(),
        "Unknown period 999999",
      );
      assert.equal(await page.getByRole("table").count(), 0);
      await assertAccessible(page, "an unknown period");
      await screenshot(page, "leaderboard-unknown-period");
      await periods.selectOption("");
      assert.equal(query(page, "earning_period_id"), null);
      assert.equal((await rows(page, "Overall", 3)).length, 3);
      await opened.finish();
    });

    it("shows the API's detail for a refused scope", async () => {
      const opened = await openPage(service, "/app/leaderboard?earning_period_id=0", {
        allowConsoleErrors: FAILURES,
      });
      await opened.page.getByRole("alert").waitFor();
      const answer = await fetch(`${service.base}/leaderboard?earning_period_id=0&limit=100`);
      assert.equal(answer.status, 400);
      const { detail } = (await answer.json()) as { detail: string };
      assert.match(await textOf(opened.page.getByRole("alert")), new RegExp(literal(detail)));
      await opened.finish();
    });

    it("shows its loading and error states, and fits 390 px", async () => {
      await narrowCheck(service, "leaderboard", "/app/leaderboard", async (page) => {
        await page.getByRole("link", { name: data.leader }).waitFor();
      });
      const opened = await openPage(service, "/app/leaderboard", {
        allowConsoleErrors: FAILURES,
      });
      const { page } = opened;
      await page.getByRole("link", { name: data.leader }).waitFor();
      const release = await holdApi(page, (p) => p === "/leaderboard");
      await page.reload();
      await status(page, "Loading the leaderboard…").waitFor();
      await release();
      await page.getByRole("link", { name: data.leader }).waitFor();

      const restore = await failApi(page, (p) => p === "/leaderboard" || p === "/campaigns");
      await page.reload();
      await alert(page, "Could not load the leaderboard.").waitFor();
      await alert(page, "Could not load the campaign list.").waitFor();
      assert.match(await textOf(alert(page, "leaderboard")), /Try later \(test\)\./);
      await restore();
      await opened.finish();
    });

    it("looks up a pass by address", async () => {
      const opened = await openPage(service, "/app/leaderboard");
      const { page } = opened;
      await page.getByRole("button", { name: "Look up" }).click();
      await page.getByText("Enter a pass address").waitFor();
      await page.getByLabel("Pass address").fill(data.second.toLowerCase());
      await page.getByRole("button", { name: "Look up" }).click();
      await page.waitForURL(`**/app/passes/${data.second.toLowerCase()}`);
      await page.getByText(data.second, { exact: true }).waitFor();
      await opened.finish();
    });
  });

  describe("the pass page", () => {
    it("shows points, payouts count, points by campaign and period, and the history", async () => {
      const opened = await openPage(service, `/app/passes/${data.leader}`);
      const { page } = opened;
      await page.getByText(data.leader, { exact: true }).waitFor();
      const figures = await textOf(page.locator("dl.figures"));
      assert.match(figures, /Points\s*300/);
      assert.match(figures, /Overall rank\s*1/);
      assert.match(figures, /Payouts\s*2/);
      assert.equal(
        await page.getByRole("link", { name: "See it on the leaderboard" }).getAttribute("href"),
        "/app/leaderboard",
      );
      // Campaign names arrive with their own read; until then a campaign shows as its id.
      await page.getByRole("link", { name: "Summer Sprint", exact: true }).waitFor();
      assert.deepEqual(await rows(page, "By campaign", 1), [
        ["Summer Sprint · its leaderboard", "300"],
      ]);
      // The period's dates arrive with their own read.
      await page.getByRole("table", { name: "By earning period" }).locator(".meta").waitFor();
      const [period] = await rows(page, "By earning period", 1);
      assert.match(period![0]!, new RegExp(`^Period ${data.periodId} \\(\\d{1,2} \\w{3} \\d{4}, `));
      assert.equal(period![1], "300");
      const history = await rows(page, "History", 2);
      assert.equal(history.length, 2);
      assert.deepEqual(
        history.map((row) => row.slice(1)),
        [
          [`Invite a friend (quest ${data.inviteId})`, "40", "Reversed"],
          [`Daily check-in (quest ${data.checkInId})`, "300", "Paid"],
        ],
      );
      await assertAccessible(page, "the pass page");
      await screenshot(page, "pass");
      await opened.finish();
    });

    it("pages the history by cursor, live payouts only", async () => {
      const opened = await openPage(service, `/app/passes/${data.many}`);
      const { page } = opened;
      assert.match(
        await textOf(page.locator("dl.figures")),
        /Points\s*45[\s\S]*Overall rank\s*3[\s\S]*Payouts\s*26/,
      );
      assert.equal((await rows(page, "History", 20)).length, 20);
      await page.getByText("Payouts 1–20").waitFor();
      await page.getByRole("button", { name: "Older" }).click();
      await page.getByText("Payouts 21–26").waitFor();
      const older = await rows(page, "History", 6);
      assert.equal(older.length, 6);
      assert.equal(older.at(-1)?.[2], "20");
      assert.equal(await page.getByRole("button", { name: "Older" }).isDisabled(), true);
      await page.getByRole("button", { name: "Newer" }).click();
      await page.getByText("Payouts 1–20").waitFor();
      await opened.finish();
    });

    it("shows the API's detail for a bad address, and offers an unregistered one to join", async () => {
      const bad = await openPage(service, "/app/passes/0x123", { allowConsoleErrors: FAILURES });
      const answer = await fetch(`${service.base}/passes/0x123`);
      assert.equal(answer.status, 400);
      const { detail } = (await answer.json()) as { detail: string };
      await alert(bad.page, detail).waitFor();
      await heading(bad.page, "Not a pass address").waitFor();
      await bad.finish();

      const stranger = randomPass();
      const unknown = await openPage(service, `/app/passes/${stranger}`, {
        allowConsoleErrors: FAILURES,
      });
      const answer404 = await fetch(`${service.base}/passes/${stranger}`);
      assert.equal(answer404.status, 404);
      const notFound = (await answer404.json()) as { code: string; detail: string };
      assert.equal(notFound.code, "PASS_NOT_FOUND");
      await status(unknown.page, notFound.detail).waitFor();
      await heading(unknown.page, "Pass not registered").waitFor();
      await heading(unknown.page, "Is this your address?").waitFor();
      const join = unknown.page.getByRole("link", { name: "Join to earn points" });
      assert.equal(await join.count(), 1);
      assert.equal(await join.getAttribute("href"), "/app/join");
      assert.equal(await unknown.page.getByRole("button", { name: "Try again" }).count(), 0);
      await assertAccessible(unknown.page, "an unregistered pass");
      await screenshot(unknown.page, "pass-unregistered");
      await join.click();
      await unknown.page.waitForURL(`${service.base}/app/join`);
      await heading(unknown.page, "Join questpoints").waitFor();
      await unknown.finish();
    });

    it("shows its loading and error states, and fits 390 px", async () => {
      const path = `/app/passes/${data.leader}`;
      await narrowCheck(service, "pass", path, (page) =>
        page.getByRole("table", { name: "History" }).waitFor(),
      );

      const opened = await openPage(service, path, { allowConsoleErrors: FAILURES });
      const { page } = opened;
      await page.getByRole("table", { name: "History" }).waitFor();
      const release = await holdApi(page, (p) => p.startsWith("/passes/"));
      await page.reload();
      await status(page, "Loading the pass…").waitFor();
      await release();
      await page.getByRole("table", { name: "History" }).waitFor();

      const restore = await failApi(page, (p) => p.endsWith("/payouts"));
      await page.reload();
      await alert(page, "Could not load the payouts.").waitFor();
      assert.match(await textOf(page.getByRole("alert")), /Try later \(test\)\./);
      await restore();
      await page.getByRole("button", { name: "Try again" }).click();
      await page.getByRole("table", { name: "History" }).waitFor();
      await opened.finish();
    });
  });
});

/** `text` as a literal inside a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
