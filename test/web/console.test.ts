import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { createAccount, createQuest, expectStatus, issueKey, randomPass } from "../helpers/app.js";
import {
  assertAccessible,
  assertNoSidewaysScroll,
  failApi,
  holdApi,
  type OpenedPage,
  openPage,
  persistentStorage,
  problem,
  screenshot,
  startWebService,
  type WebService,
} from "../helpers/browser.js";

const SESSION_KEY = "questpoints.apiKey";
const LIVE_BANNER = "LIVE — real points";
const TEST_BANNER = "TEST MODE — payouts here never count";

interface Seed {
  owner: string;
  liveKey: string;
  testKey: string;
  /** A second live key of the owner, revoked by one test. */
  spareKey: string;
  /** Allocated and reversed through the page. */
  spring: number;
  /** No payout ever. */
  quiet: number;
  /** 25 payouts: two pages. */
  busy: number;
  sandbox: number;
  players: string[];
}

describe("the owner console [browser, pglite]", () => {
  let service: WebService;
  let seed: Seed;

  before(async () => {
    service = await startWebService();
    const { ctx } = service;
    const owner = randomPass();
    await createAccount(ctx, owner);
    const live = await issueKey(ctx, owner, "live");
    const test = await issueKey(ctx, owner, "test");
    const spare = await issueKey(ctx, owner, "live");
    const spring = await createQuest(ctx, owner, { name: "Spring quest", total_points: 1000 });
    const quiet = await createQuest(ctx, owner, { name: "Quiet quest", total_points: 500 });
    const busy = await createQuest(ctx, owner, { name: "Busy quest", total_points: 10_000 });
    const sandbox = await createQuest(ctx, owner, {
      name: "Sandbox quest",
      total_points: 800,
      mode: "test",
    });
    const players = [randomPass(), randomPass(), randomPass()];
    for (const player of players) await createAccount(ctx, player);
    const batch = await ctx.inject({
      method: "POST",
      url: `/quests/${busy}/allocations`,
      headers: { "x-api-key": live.key },
      payload: {
        allocations: Array.from({ length: 25 }, (_, i) => ({
          points: 10 + i,
          address: players[i % players.length]!,
        })),
      },
    });
    expectStatus(batch, 200);
    assert.equal(batch.json().paid_count, 25);
    const sandboxPaid = await ctx.inject({
      method: "POST",
      url: `/quests/${sandbox}`,
      headers: { "x-api-key": test.key },
      payload: { points: 120, address: players[0] },
    });
    expectStatus(sandboxPaid, 200);
    seed = {
      owner,
      liveKey: live.key,
      testKey: test.key,
      spareKey: spare.key,
      spring,
      quiet,
      busy,
      sandbox,
      players,
    };
  });
  after(async () => {
    await service?.close();
  });

  async function signIn(page: Page, key: string) {
    await page.getByLabel("API key", { exact: true }).fill(key);
    await page.getByRole("button", { name: "Sign in" }).click();
  }

  const quest = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

  async function payoutCount(questId: number): Promise<number> {
    const { rows } = await service.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payouts WHERE quest_id = $1",
      [questId],
    );
    return rows[0]!.n;
  }

  async function assertKeyNotPersisted(opened: OpenedPage, key: string, when: string) {
    const kept = await persistentStorage(opened);
    assert.ok(!kept.includes(key), `the key is not in localStorage or cookies ${when}`);
  }

  it("signs in with a labelled password field; a wrong key shows the 401 detail and is not kept", async () => {
    const opened = await openPage(service, "/app/console", { allowConsoleErrors: /401/ });
    const { page } = opened;
    const input = page.getByLabel("API key", { exact: true });
    await input.waitFor();
    assert.equal(await input.getAttribute("type"), "password");
    await assertAccessible(page, "the signed-out console");

    // Empty: the page asks for the key without calling the API.
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Enter your API key.").waitFor();

    const wrong = "sk_thisKeyDoesNotExist0123456789abcdefABCDEF";
    await signIn(page, wrong);
    await page.getByRole("alert").getByText("This API key is not valid any more.").waitFor();
    await page.getByLabel("API key", { exact: true }).waitFor();
    assert.equal(await page.evaluate((k) => sessionStorage.getItem(k), SESSION_KEY), null);
    await assertKeyNotPersisted(opened, wrong, "after a refused sign-in");
    await assertAccessible(page, "the console after a refused key");
    await opened.finish();
  });

  it("allocates once per double click or retry, reverses with a reason and shows a 409 detail", async () => {
    const opened = await openPage(service, "/app/console", {
      allowConsoleErrors: /400|409|ERR_FAILED/,
    });
    const { page } = opened;
    await signIn(page, seed.liveKey);
    await page.locator(".mode-banner.live").getByText(LIVE_BANNER).waitFor();
    const spring = quest(page, "Spring quest");
    await spring.waitFor();
    await spring.getByText("LIVE — real points", { exact: true }).waitFor();
    await quest(page, "Quiet quest").waitFor();
    assert.equal(await quest(page, "Sandbox quest").count(), 0, "a live key lists no test quest");
    assert.equal(await page.evaluate((k) => sessionStorage.getItem(k), SESSION_KEY), seed.liveKey);
    await assertKeyNotPersisted(opened, seed.liveKey, "after sign-in");
    await spring.getByText("No payouts yet.").waitFor();
    await assertAccessible(page, "the signed-in console");

    // The idempotency keys the page sends, in order.
    const sentKeys: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith(`/quests/${seed.spring}`)) {
        sentKeys.push(request.headers()["idempotency-key"] ?? "(none)");
      }
    });

    // A double click on Allocate pays once.
    const player = seed.players[0]!;
    await spring.getByLabel("Pass address").fill(player);
    await spring.getByLabel("Points", { exact: true }).fill("30");
    await spring.getByRole("button", { name: "Allocate" }).dblclick();
    await spring.getByRole("status").getByText("Paid 30 points to").waitFor();
    assert.equal(await payoutCount(seed.spring), 1, "a double click pays once");
    assert.equal(sentKeys.length, 1, "the second click sent nothing");
    const table = spring.getByRole("table", { name: "Payouts of Spring quest, newest first" });
    await table.getByRole("cell", { name: player, exact: true }).waitFor();
    await spring.getByText("970 of 1,000 left").waitFor();
    // The points field is emptied: another click asks for points instead of paying again.
    await spring.getByRole("button", { name: "Allocate" }).click();
    await spring.getByText("Enter a whole number of points, 1 or more.").waitFor();
    assert.equal(await payoutCount(seed.spring), 1);

    // An answer lost on the way: the retry carries the same Idempotency-Key and pays once.
    let lost = false;
    await page.route(`**/quests/${seed.spring}`, async (route) => {
      if (route.request().method() !== "POST" || lost) return route.fallback();
      lost = true;
      await route.fetch();
      await route.abort("failed");
    });
    await spring.getByLabel("Points", { exact: true }).fill("40");
    await spring.getByRole("button", { name: "Allocate" }).click();
    await spring.getByRole("alert").getByText("The service could not be reached").waitFor();
    assert.equal(await payoutCount(seed.spring), 2, "the lost request was paid");
    await page.unroute(`**/quests/${seed.spring}`);
    await spring.getByRole("button", { name: "Allocate" }).click();
    await spring.getByRole("status").getByText("Paid 40 points to").waitFor();
    assert.equal(await payoutCount(seed.spring), 2, "the retry replayed, not paid again");
    assert.equal(sentKeys.length, 3);
    assert.equal(sentKeys[1], sentKeys[2], "the retry sent the same Idempotency-Key");
    assert.notEqual(sentKeys[0], sentKeys[1], "new inputs, new key");
    assert.match(
      sentKeys[0]!,
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    // A refusal shows the API's detail.
    await spring.getByLabel("Points", { exact: true }).fill("5000");
    await spring.getByRole("button", { name: "Allocate" }).click();
    await spring
      .getByRole("alert")
      .getByText(`Quest ${seed.spring} has 930 points left; 5000 were requested.`)
      .waitFor();
    assert.equal(await payoutCount(seed.spring), 2);

    // Reverse the 30-point payout with a reason.
    const { rows } = await service.ctx.db.query<{ id: string; amount: number }>(
      "SELECT id, amount FROM payouts WHERE quest_id = $1",
      [seed.spring],
    );
    const idOf = (amount: number) => rows.find((row) => row.amount === amount)!.id;
    const row30 = spring.locator(`tr[data-payout-id="${idOf(30)}"]`);
    await row30.getByRole("button", { name: /^Reverse the payout of 30 points/ }).click();
    const reason = spring.getByLabel("Reason for reversing 30 points");
    await reason.waitFor();
    assert.equal(await reason.evaluate((el) => el === document.activeElement), true);
    await spring.getByRole("button", { name: "Reverse payout" }).click();
    await spring.getByText("Give a reason: 1 to 500 characters.").waitFor();
    await reason.fill("Paid to the wrong pass");
    await spring.getByRole("button", { name: "Reverse payout" }).click();
    await spring.getByText("Reversed: 30 points are back in the budget.").waitFor();
    await row30.getByText("Reversed", { exact: true }).waitFor();
    await row30.getByText("Paid to the wrong pass").waitFor();
    assert.equal(await row30.getByRole("button").count(), 0, "a reversed payout has no action");
    await spring.getByText("960 of 1,000 left").waitFor();

    // Reversed elsewhere meanwhile (another tab, the API): the page shows the 409 detail.
    const elsewhere = await service.ctx.inject({
      method: "POST",
      url: `/quests/${seed.spring}/payouts/${idOf(40)}/reversal`,
      headers: { "x-api-key": seed.liveKey },
      payload: { reason: "Reversed from a script" },
    });
    expectStatus(elsewhere, 201);
    const row40 = spring.locator(`tr[data-payout-id="${idOf(40)}"]`);
    await row40.getByRole("button", { name: /^Reverse the payout of 40 points/ }).click();
    await spring.getByLabel("Reason for reversing 40 points").fill("Duplicate");
    await spring.getByRole("button", { name: "Reverse payout" }).click();
    await spring.getByText(`Payout ${idOf(40)} was already reversed.`).waitFor();
    await row40.getByText("Reversed from a script").waitFor();

    await assertKeyNotPersisted(opened, seed.liveKey, "after allocating and reversing");
    await assertAccessible(page, "the console after allocations and reversals");

    // Forget key: the sign-in form again, and the tab keeps nothing.
    await page.getByRole("button", { name: "Forget key" }).click();
    await page.getByText("The key is forgotten").waitFor();
    await page.getByLabel("API key", { exact: true }).waitFor();
    assert.equal(await page.evaluate((k) => sessionStorage.getItem(k), SESSION_KEY), null);
    await opened.finish();
  });

  it("draws the burn-down chart with its table, pages the payouts, and shows an empty quest", async () => {
    const opened = await openPage(service, "/app/console");
    const { page } = opened;
    await signIn(page, seed.liveKey);
    const busy = quest(page, "Busy quest");
    await busy.locator(".chart canvas").first().waitFor();
    const caption = busy.locator("figcaption");
    await caption.getByText(/Points remaining in Busy quest by hour \(UTC\)/).waitFor();
    assert.match(
      (await caption.textContent()) ?? "",
      /10,000 at the start, 9,450 after 25 payouts of 550 points/,
    );
    // The text alternative: a table of the buckets behind a disclosure.
    await busy.getByText("The chart's numbers as a table").click();
    const bucketTable = busy.getByRole("table", {
      name: /Payouts and reversals of Busy quest per hour/,
    });
    await bucketTable.getByRole("cell", { name: "9,450" }).waitFor();
    // The chart fits its container.
    const fits = await busy.locator(".chart").evaluate((chart) => {
      const canvas = chart.querySelector("canvas")!;
      return canvas.getBoundingClientRect().width <= chart.getBoundingClientRect().width + 1;
    });
    assert.ok(fits, "the canvas is no wider than its container");

    await busy.getByRole("button", { name: "Daily" }).click();
    await caption.getByText(/by day \(UTC\)/).waitFor();
    assert.equal(
      await busy.getByRole("button", { name: "Daily" }).getAttribute("aria-pressed"),
      "true",
    );
    await busy.locator(".chart canvas").first().waitFor();

    // Paging: 20 a page, then the last 5.
    const pages = busy.getByRole("navigation", { name: "Pages of the payouts of Busy quest" });
    const payoutRows = busy.locator("tr[data-payout-id]");
    await pages.getByText("Payouts 1–20").waitFor();
    assert.equal(await payoutRows.count(), 20);
    assert.equal(await pages.getByRole("button", { name: "Previous" }).isDisabled(), true);
    await pages.getByRole("button", { name: "Next" }).click();
    await pages.getByText("Payouts 21–25").waitFor();
    assert.equal(await payoutRows.count(), 5);
    assert.equal(await pages.getByRole("button", { name: "Next" }).isDisabled(), true);
    // Newest first: the last page holds the first (smallest) payouts of the batch.
    await busy.getByRole("cell", { name: "10", exact: true }).waitFor();
    await pages.getByRole("button", { name: "Previous" }).click();
    await pages.getByText("Payouts 1–20").waitFor();

    const quiet = quest(page, "Quiet quest");
    await quiet.getByText("No payouts yet: the burn-down chart starts").waitFor();
    assert.equal(await quiet.locator("canvas").count(), 0);
    await quiet.getByText("500 of 500 left").waitFor();

    await screenshot(page, "console-live");
    await assertAccessible(page, "the console with charts and tables");
    await opened.finish();
  });

  it("shows a test key's mode unmistakably", async () => {
    const opened = await openPage(service, "/app/console");
    const { page } = opened;
    await signIn(page, seed.testKey);
    await page.locator(".mode-banner.test").getByText(TEST_BANNER).waitFor();
    const sandbox = quest(page, "Sandbox quest");
    await sandbox.getByText(TEST_BANNER, { exact: true }).waitFor();
    assert.equal(await quest(page, "Spring quest").count(), 0, "a test key lists no live quest");
    assert.equal(await page.locator(".mode-banner.live").count(), 0);
    await sandbox.locator(".chart canvas").first().waitFor();
    await sandbox.getByText("680 of 800 left").waitFor();
    await screenshot(page, "console-test");
    await assertKeyNotPersisted(opened, seed.testKey, "after a test sign-in");
    await opened.finish();
  });

  it("shows the loading state while /me answers, and an error's detail with a retry", async () => {
    const opened = await openPage(service, "/app/console", { allowConsoleErrors: /503/ });
    const { page } = opened;
    const isMe = (path: string) => path === "/me";
    const release = await holdApi(page, isMe);
    await signIn(page, seed.liveKey);
    await page.getByText("Loading your key's quests…").waitFor();
    await release();
    await quest(page, "Spring quest").waitFor();

    // A reload keeps the key (sessionStorage), and a failing /me shows its detail.
    const restore = await failApi(
      page,
      isMe,
      problem("The database is not answering; try again in a minute.", { code: "UNAVAILABLE" }),
    );
    await page.reload();
    await page.getByRole("alert").getByText("The database is not answering").waitFor();
    await restore();
    await page.getByRole("button", { name: "Try again" }).click();
    await quest(page, "Spring quest").waitFor();
    await opened.finish();
  });

  it("answers a revoked key with the 401 detail and the sign-in form again", async () => {
    const opened = await openPage(service, "/app/console", { allowConsoleErrors: /401/ });
    const { page } = opened;
    await signIn(page, seed.spareKey);
    await quest(page, "Spring quest").waitFor();
    // The tab leaves the console while the key is revoked (sessionStorage stays with the tab), so
    // no read of the signed-in page can meet the revocation first and sign it out before the
    // console, opened again, asks /me.
    const url = page.url();
    await page.goto("about:blank");
    const revoked = await service.ctx.admin("POST", "/admin/keys/revoke", { key: seed.spareKey });
    expectStatus(revoked, 200);
    await page.goto(url);
    await page.getByRole("alert").getByText("This API key is not valid any more.").waitFor();
    await page.getByLabel("API key", { exact: true }).waitFor();
    assert.equal(await page.evaluate((k) => sessionStorage.getItem(k), SESSION_KEY), null);
    await opened.finish();
  });

  /** An owner of its own with a live key, and a registered player: for tests that pay. */
  async function freshOwner() {
    const { ctx } = service;
    const owner = randomPass();
    await createAccount(ctx, owner);
    const live = await issueKey(ctx, owner, "live");
    const player = randomPass();
    await createAccount(ctx, player);
    const pay = async (questId: number, points: number) => {
      const paid = await ctx.inject({
        method: "POST",
        url: `/quests/${questId}`,
        headers: { "x-api-key": live.key },
        payload: { points, address: player },
      });
      expectStatus(paid, 200);
      return paid.json().payout.id as string;
    };
    const reverse = async (questId: number, payoutId: string) =>
      expectStatus(
        await ctx.inject({
          method: "POST",
          url: `/quests/${questId}/payouts/${payoutId}/reversal`,
          headers: { "x-api-key": live.key },
          payload: { reason: "Paid twice" },
        }),
        201,
      );
    return { owner, key: live.key, keyId: live.id, player, pay, reverse };
  }

  it("never rounds a budget to 100 % or 0 %, ends the chart where the budget is after a reversal, and counts in words", async () => {
    const { ctx } = service;
    const o = await freshOwner();
    const tally = await createQuest(ctx, o.owner, { name: "Tally quest", total_points: 5000 });
    const single = await createQuest(ctx, o.owner, { name: "Single quest", total_points: 10 });
    const drained = await createQuest(ctx, o.owner, {
      name: "Drained quest",
      total_points: 10_000,
    });
    await o.pay(tally, 1);
    await o.reverse(tally, await o.pay(tally, 40));
    await o.pay(single, 1);
    await o.pay(drained, 9_996);

    const opened = await openPage(service, "/app/console");
    const { page } = opened;
    await signIn(page, o.key);
    const tallyPanel = quest(page, "Tally quest");
    // 4,999 of 5,000 is not "100%"; 4 of 10,000 is not "0%".
    await tallyPanel.getByText("4,999 of 5,000 left (>99.9%)").waitFor();
    await quest(page, "Drained quest").getByText("4 of 10,000 left (<0.1%)").waitFor();
    await quest(page, "Single quest").getByText("9 of 10 left (90%)").waitFor();

    // The chart gives the reversed 40 points back, as the budget does: both end at 4,999.
    const caption = tallyPanel.locator("figcaption");
    await caption.getByText(/Points remaining in Tally quest/).waitFor();
    assert.match(
      (await caption.textContent()) ?? "",
      /5,000 at the start, 4,999 after 2 payouts of 41 points and 1 reversal giving back 40 points in (1 hour|2 hours)\./,
    );
    await tallyPanel.getByText("The chart's numbers as a table").click();
    const buckets = tallyPanel.getByRole("table", { name: /Payouts and reversals of Tally quest/ });
    const lastRemaining = await buckets
      .locator("tbody tr")
      .last()
      .locator("td")
      .last()
      .textContent();
    assert.equal(lastRemaining, "4,999", "the table's last remaining is the budget's");

    // One of a thing is said in the singular.
    const singlePanel = quest(page, "Single quest");
    assert.match(
      (await singlePanel.locator("figcaption").textContent()) ?? "",
      /9 after 1 payout of 1 point in 1 hour\./,
    );
    await singlePanel.getByLabel("Pass address").fill(o.player);
    await singlePanel.getByLabel("Points", { exact: true }).fill("1");
    await singlePanel.getByRole("button", { name: "Allocate" }).click();
    await singlePanel
      .getByRole("status")
      .getByText(/^Paid 1 point to/)
      .waitFor();
    const newest = singlePanel.locator("tr[data-payout-id]").first();
    await newest.getByRole("button", { name: /^Reverse the payout of 1 point to/ }).click();
    await singlePanel.getByLabel("Reason for reversing 1 point", { exact: true }).fill("Test");
    await singlePanel.getByRole("button", { name: "Reverse payout" }).click();
    await singlePanel.getByText("Reversed: 1 point is back in the budget.").waitFor();
    await singlePanel.getByText("9 of 10 left (90%)").waitFor();
    await singlePanel
      .locator("figcaption")
      .getByText(/9 after 2 payouts of 2 points and 1 reversal giving back 1 point in/)
      .waitFor();
    await screenshot(page, "console-budget-reversal");
    await opened.finish();
  });

  it("clears a refused allocation's error when the next attempt starts, and on success", async () => {
    const { ctx } = service;
    const o = await freshOwner();
    await createQuest(ctx, o.owner, { name: "Small quest", total_points: 100 });
    const opened = await openPage(service, "/app/console", { allowConsoleErrors: /400/ });
    const { page } = opened;
    await signIn(page, o.key);
    const small = quest(page, "Small quest");
    await small.getByLabel("Pass address").fill(o.player);
    await small.getByLabel("Points", { exact: true }).fill("500");
    await small.getByRole("button", { name: "Allocate" }).click();
    await small
      .getByRole("alert")
      .getByText(/has 100 points left; 500 were requested/)
      .waitFor();

    // The next attempt stops at the page's own check: the refusal above it is gone.
    await small.getByLabel("Pass address").fill("0x123");
    await small.getByRole("button", { name: "Allocate" }).click();
    await small.getByText("Enter a pass address: 0x and 40 hex digits.").waitFor();
    assert.equal(await small.getByRole("alert").count(), 0, "no stale refusal after a new attempt");

    // Refused again, then paid: the success stands alone.
    await small.getByLabel("Pass address").fill(o.player);
    await small.getByRole("button", { name: "Allocate" }).click();
    await small.getByRole("alert").waitFor();
    await small.getByLabel("Points", { exact: true }).fill("5");
    await small.getByRole("button", { name: "Allocate" }).click();
    await small
      .getByRole("status")
      .getByText(/^Paid 5 points to/)
      .waitFor();
    assert.equal(await small.getByRole("alert").count(), 0, "no stale refusal after a success");
    await opened.finish();
  });

  it("gives live mode the cautious look and test mode a neutral one, with enough contrast", async () => {
    const colours = async (page: Page, selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => {
          const style = getComputedStyle(element);
          return { color: style.color, background: style.backgroundColor };
        });
    const CAUTION = { color: "rgb(122, 77, 0)", background: "rgb(255, 244, 214)" };
    const opened = await openPage(service, "/app/console");
    const { page } = opened;
    await signIn(page, seed.liveKey);
    await page.locator(".mode-banner.live").waitFor();
    assert.deepEqual(await colours(page, ".mode-banner.live"), CAUTION, "live: amber");
    assert.deepEqual(await colours(page, ".console-quest .badge.live"), CAUTION);
    await assertAccessible(page, "the live console");
    await screenshot(page, "console-live-banner");

    await page.getByRole("button", { name: "Forget key" }).click();
    await signIn(page, seed.testKey);
    await page.locator(".mode-banner.test").waitFor();
    const test = await colours(page, ".mode-banner.test");
    assert.notDeepEqual(test, CAUTION, "test mode is not the cautious look");
    assert.equal(test.background, "rgb(243, 245, 248)", "test: the neutral panel");
    assert.equal(test.color, "rgb(27, 31, 36)");
    await assertAccessible(page, "the test console");
    await screenshot(page, "console-test-banner");
    await opened.finish();
  });

  it("says in words that a key expired after a rotation is not valid any more, and what to do", async () => {
    const { ctx } = service;
    const o = await freshOwner();
    await createQuest(ctx, o.owner, { name: "Rotated quest", total_points: 100 });
    const rotated = await ctx.admin("POST", `/admin/keys/${o.keyId}/rotate`, { grace_seconds: 0 });
    expectStatus(rotated, 201);
    const opened = await openPage(service, "/app/console", { allowConsoleErrors: /401/ });
    const { page } = opened;
    await signIn(page, o.key);
    const alert = page.getByRole("alert");
    await alert.getByText("This API key is not valid any more.").waitFor();
    const text = (await alert.textContent()) ?? "";
    assert.match(text, /expired after the key was rotated, been revoked, or been mistyped/);
    assert.match(text, /Sign in with your current key: after a rotation, that is the new key/);
    assert.doesNotMatch(text, /x-api-key|header/i, "no header name for a person");
    await assertAccessible(page, "the console after an expired key");
    await screenshot(page, "console-expired-key");

    // The new key signs in.
    await signIn(page, rotated.json().key);
    await quest(page, "Rotated quest").waitFor();
    await opened.finish();
  });

  it("fits 390 px with no sideways scroll", async () => {
    const opened = await openPage(service, "/app/console", { narrow: true });
    const { page } = opened;
    await assertNoSidewaysScroll(page, "the signed-out console at 390 px");
    await signIn(page, seed.liveKey);
    const busy = quest(page, "Busy quest");
    await busy.locator(".chart canvas").first().waitFor();
    await busy.locator("tr[data-payout-id]").first().waitFor();
    await busy.locator("tr[data-payout-id]").first().getByRole("button").click();
    await busy.getByLabel(/Reason for reversing/).waitFor();
    await assertNoSidewaysScroll(page, "the signed-in console at 390 px");
    const width = await busy
      .locator(".chart canvas")
      .first()
      .evaluate((c) => c.clientWidth);
    assert.ok(width <= 390, `the chart is ${width} px wide`);
    await screenshot(page, "console-live-narrow");
    await assertAccessible(page, "the console at 390 px");
    await opened.finish();
  });
});
