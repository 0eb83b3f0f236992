import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { ADMIN_TOKEN } from "../helpers/app.js";
import {
  assertAccessible,
  assertNoSidewaysScroll,
  localInput,
  type OpenedPage,
  openPage,
  persistentStorage,
  screenshot,
  startWebService,
  type TestWallet,
  testWallet,
  utcInput,
  type WebService,
} from "../helpers/browser.js";

/**
 * The whole journey in one browser, through the pages only: a player joins with their wallet, a
 * builder applies (their wallet signs the owner proof), the operator
 * approves (moving the start to the past), the builder claims the keys, the owner allocates on
 * the test quest and then on the live quest, and the player finds the live points (and only
 * those) on the leaderboard and the pass page.
 */

const DAY_MS = 86_400_000;

describe("the journey from application to leaderboard [browser, pglite]", () => {
  let service: WebService;
  const opened: OpenedPage[] = [];
  before(async () => {
    service = await startWebService({ APPLICATIONS_PER_HOUR: "1000" });
  });
  after(async () => {
    await service?.close();
  });

  const open = async (path: string, options: { narrow?: boolean; wallet?: TestWallet } = {}) => {
    const page = await openPage(service, path, options);
    opened.push(page);
    return page;
  };

  async function allocate(page: Page, quest: string, pass: string, points: number) {
    const region = page.getByRole("region", { name: quest, exact: true });
    await region.getByLabel("Pass address").fill(pass);
    await region.getByLabel("Points", { exact: true }).fill(String(points));
    await region.getByRole("button", { name: "Allocate" }).click();
    await region.getByRole("status").getByText(`Paid ${points} points to`).waitFor();
  }

  it("applies, is approved, claims the keys, pays on test then live, and the player sees it", async () => {
    const owner = testWallet();
    const playerWallet = testWallet();
    const player = playerWallet.address;

    // The player joins with their wallet: the message, the signature, their pass page.
    const joining = await open("/app/join", { wallet: playerWallet });
    await joining.page.getByRole("button", { name: "Connect your wallet" }).click();
    await joining.page.getByRole("button", { name: "Sign and join" }).click();
    await joining.page.waitForURL(`${service.base}/app/passes/${player}?joined=new`);
    await joining.page.getByText("Welcome: your pass is registered.").waitFor();

    // The builder applies; the owner is their wallet's account, proven by its signature.
    const builder = await open("/app/apply", { wallet: owner });
    const form = builder.page;
    await form.getByRole("heading", { name: "Apply for a quest" }).waitFor();
    const fields: Record<string, string> = {
      Project: "Journey Labs",
      Contact: "team@journey.example",
      "Quest name": "First swap",
      "Total points": "1000",
      "Expected points per completion": "40",
      Start: localInput(new Date(Date.now() + DAY_MS)),
      End: localInput(new Date(Date.now() + 30 * DAY_MS)),
    };
    for (const [label, value] of Object.entries(fields)) {
      await form.getByLabel(label, { exact: true }).fill(value);
    }
    await form.getByRole("button", { name: "Sign and send…" }).click();
    await form.getByRole("heading", { name: "Sign the owner proof" }).waitFor();
    await form.getByRole("button", { name: "Sign and send the application" }).click();
    await form.waitForURL(/\/app\/applications\/\d+#token=/);
    assert.equal(owner.signed.length, 1, "the wallet signed the owner proof");
    const applicationId = Number(new URL(form.url()).pathname.split("/").pop());
    await form.locator(".ap-status").getByText("Pending").waitFor();

    // The operator approves it, starting the quest now rather than tomorrow.
    const operator = await open("/app/operator");
    await operator.page.getByLabel("Admin token").fill(ADMIN_TOKEN);
    await operator.page.getByRole("button", { name: "Sign in" }).click();
    const application = operator.page.getByRole("article", {
      name: new RegExp(`Application ${applicationId}: Journey Labs`),
    });
    // The owner is new here: approval registers the pass.
    assert.match((await application.textContent()) ?? "", /New owner/);
    await application.getByRole("button", { name: "Approve…" }).click();
    await application.getByLabel("Start (UTC)").fill(utcInput(new Date(Date.now() - 60_000)));
    await application.getByRole("button", { name: `Approve application ${applicationId}` }).click();
    await operator.page.getByRole("status").filter({ hasText: "approved" }).waitFor();

    // The builder claims the keys, shown once.
    await form.getByRole("button", { name: "Check again" }).click();
    await form.getByRole("button", { name: "Claim the API keys" }).click();
    await form.getByRole("heading", { name: "Your API keys" }).waitFor();
    const liveKey = (await form.locator("#ap-live-key").textContent())?.trim() ?? "";
    const testKey = (await form.locator("#ap-test-key").textContent())?.trim() ?? "";
    assert.match(liveKey, /^sk_/);
    assert.match(testKey, /^sk_test_/);
    await screenshot(form, "journey-keys");

    // The owner pays 7 points on the test quest, then 40 on the live one.
    const console = await open("/app/console");
    const signIn = async (key: string) => {
      await console.page.getByLabel("API key", { exact: true }).fill(key);
      await console.page.getByRole("button", { name: "Sign in" }).click();
    };
    await signIn(testKey);
    await console.page.locator(".mode-banner.test").waitFor();
    await allocate(console.page, "First swap", player, 7);
    await console.page.getByRole("button", { name: "Forget key" }).click();
    await signIn(liveKey);
    await console.page.locator(".mode-banner.live").waitFor();
    await allocate(console.page, "First swap", player, 40);
    await screenshot(console.page, "journey-console");
    const kept = await persistentStorage(console);
    for (const key of [liveKey, testKey]) {
      assert.ok(!kept.includes(key), "no key in localStorage or cookies");
    }

    // The player finds the live points, and only those.
    const board = await open("/app/leaderboard", { narrow: true });
    const link = board.page.getByRole("link", { name: player, exact: true });
    await link.waitFor();
    const row = board.page.getByRole("row").filter({ has: link });
    const cells = (await row.getByRole("cell").allTextContents()).map((text) => text.trim());
    assert.ok(cells.includes("40"), `the row shows the live points only: ${cells.join(" | ")}`);
    await assertAccessible(board.page, "the leaderboard");
    await assertNoSidewaysScroll(board.page, "the leaderboard at 390 px");
    await link.click();
    await board.page.waitForURL(new RegExp(`/app/passes/${player}$`, "i"));
    await board.page
      .getByRole("cell", { name: /First swap/ })
      .first()
      .waitFor();
    const main = (await board.page.locator("main").textContent()) ?? "";
    assert.match(main, /40/);
    assert.match(main, /First swap/, "the history names the quest");
    await assertAccessible(board.page, "the pass page");
    await assertNoSidewaysScroll(board.page, "the pass page at 390 px");

    for (const page of opened) await page.finish();
  });
});
