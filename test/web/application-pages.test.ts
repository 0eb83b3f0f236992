import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { checksumAddress } from "viem";
import {
  assertAccessible,
  assertNoSidewaysScroll,
  failApi,
  holdApi,
  localInput,
  type OpenedPage,
  openPage,
  persistentStorage,
  problem,
  screenshot,
  startWebService,
  testWallet,
  type WebService,
} from "../helpers/browser.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The applicants' wallet: its account owns the quests applied for. */
const OWNER = testWallet();

/** A mixed-case address whose EIP-55 checksum is wrong: the right shape, refused by the API. */
function badChecksum(): string {
  const good = checksumAddress("0x52908400098527886e0f7030069857d2e4169ee7");
  const at = good.slice(2).search(/[a-fA-F]/) + 2;
  const flipped =
    good[at] === good[at]!.toUpperCase() ? good[at]!.toLowerCase() : good[at]!.toUpperCase();
  return good.slice(0, at) + flipped + good.slice(at + 1);
}

describe("the application pages [browser, pglite]", () => {
  let service: WebService;
  before(async () => {
    service = await startWebService({ APPLICATIONS_PER_HOUR: "1000" });
  });
  after(async () => {
    await service?.close();
  });

  /** An application sent straight to the API, signed by the owner: its id and token. */
  async function submitted(project = "Direct"): Promise<{ id: number; token: string }> {
    const response = await fetch(`${service.base}/applications`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        project,
        contact: "ops@example.com",
        owner: OWNER.address,
        proof: await OWNER.proof(service),
        quest: {
          name: `${project} quest`,
          description: "Swap once on the exchange.",
          total_points: 100_000,
          expected_points_per_completion: 50,
          start: new Date(Date.now() - DAY_MS).toISOString(),
          end: new Date(Date.now() + 30 * DAY_MS).toISOString(),
        },
      }),
    });
    assert.equal(response.status, 201);
    return (await response.json()) as { id: number; token: string };
  }

  async function approve(id: number) {
    const response = await service.ctx.admin("POST", `/admin/applications/${id}/approve`, {});
    assert.equal(response.statusCode, 200, response.body);
  }

  const statusPath = (a: { id: number; token: string }) =>
    `/app/applications/${a.id}#token=${encodeURIComponent(a.token)}`;

  /** Fills the form with a valid application; `overrides` by label. */
  async function fillValid(page: Page, overrides: Record<string, string> = {}) {
    const values: Record<string, string> = {
      Project: "Acme Quests",
      Contact: "ops@acme.example",
      "Owner pass address (optional)": OWNER.address,
      "Quest name": "Swap once",
      "Quest description (optional)": "Make one swap on Acme's exchange.",
      "Total points": "100 000",
      "Expected points per completion": "50",
      Start: localInput(new Date(Date.now() + DAY_MS)),
      End: localInput(new Date(Date.now() + 30 * DAY_MS)),
      "Action type (optional)": "swap",
      "Message to the operator (optional)": "We launch next week.",
      ...overrides,
    };
    for (const [label, value] of Object.entries(values)) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
  }

  /** Waits (briefly) until the element with `id` has the focus. */
  async function assertFocused(page: Page, id: string, why = `#${id} has the focus`) {
    const ok = await page
      .waitForFunction((want) => document.activeElement?.id === want, id, { timeout: 2000 })
      .then(
        () => true,
        () => false,
      );
    const actual = await page.evaluate(() => document.activeElement?.id ?? "");
    assert.ok(ok, `${why} (the focus is on "${actual}")`);
  }

  /** Submits the form: the page's checks, then (all fine) the wallet's account and the message. */
  async function send(page: Page) {
    await page.getByRole("button", { name: "Sign and send…" }).click();
  }

  /** Submits the form and waits for the owner proof to read; answers the message shown. */
  async function review(page: Page): Promise<string> {
    await send(page);
    await page.getByRole("heading", { name: "Sign the owner proof" }).waitFor();
    await assertFocused(page, "apply-proof-heading", "the message to sign has the focus");
    return (await page.locator("#apply-proof-message").textContent()) ?? "";
  }

  async function signAndSend(page: Page) {
    await page.getByRole("button", { name: "Sign and send the application" }).click();
  }

  const ownerField = (page: Page) => page.getByLabel("Owner pass address (optional)");

  it("checks the form in the page before sending: required fields, numbers, window, address", async () => {
    const wallet = testWallet();
    const opened = await openPage(service, "/app/apply", { wallet });
    const { page } = opened;
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByRole("heading", { name: "Apply for a quest" }).waitFor();
    // The campaign select has loaded (no campaign yet: it says so).
    await page.getByText("There is no active campaign right now").waitFor();
    await assertAccessible(page, "the empty application form");
    await screenshot(page, "apply");

    await send(page);
    const alert = page.getByRole("alert");
    await alert.getByText("The application was not sent: check these fields.").waitFor();
    await assertFocused(page, "apply-project", "the first invalid field has the focus");
    const project = page.getByLabel("Project", { exact: true });
    assert.equal(await project.getAttribute("aria-invalid"), "true");
    assert.match((await project.getAttribute("aria-describedby")) ?? "", /apply-project-error/);
    assert.equal(
      await page.locator("#apply-project-error").textContent(),
      "Enter your project's name.",
    );
    assert.equal(
      await page.locator("#apply-quest-total-points-error").textContent(),
      "Enter a number of points.",
    );
    assert.equal(
      await page.locator("#apply-quest-end-error").textContent(),
      "Choose when the quest ends.",
    );
    // Optional fields are not flagged; an empty owner is the wallet's account.
    assert.equal(await page.locator("#apply-owner-error").count(), 0);
    assert.equal(await page.locator("#apply-quest-description-error").count(), 0);
    assert.equal(await page.locator("#apply-message-error").count(), 0);
    await assertAccessible(page, "the application form with its errors");
    await screenshot(page, "apply-errors");

    await fillValid(page, {
      "Owner pass address (optional)": "0x1234",
      "Total points": "lots",
      "Expected points per completion": "1.5",
      Start: localInput(new Date(Date.now() + 10 * DAY_MS)),
      End: localInput(new Date(Date.now() + 5 * DAY_MS)),
      "Action type (optional)": "Daily Login",
    });
    // A field's message goes away once it is edited.
    await page.locator("#apply-project-error").waitFor({ state: "detached" });
    await send(page);
    await page.locator("#apply-owner-error").waitFor();
    await assertFocused(page, "apply-owner");
    assert.match(
      (await page.locator("#apply-owner-error").textContent()) ?? "",
      /0x followed by 40 hexadecimal digits/,
    );
    assert.match(
      (await page.locator("#apply-quest-total-points-error").textContent()) ?? "",
      /whole number/,
    );
    assert.match(
      (await page.locator("#apply-quest-expected-points-per-completion-error").textContent()) ?? "",
      /whole number/,
    );
    assert.equal(
      await page.locator("#apply-quest-end-error").textContent(),
      "The end must be after the start.",
    );
    assert.match(
      (await page.locator("#apply-quest-action-type-error").textContent()) ?? "",
      /lower-case letters/,
    );
    assert.equal(await page.locator("#apply-project-error").count(), 0);

    // Mixed case must be a valid EIP-55 checksum; all lower or all upper case is fine.
    await fillValid(page, { "Owner pass address (optional)": badChecksum() });
    await send(page);
    await page
      .locator("#apply-owner-error")
      .getByText(/fails its EIP-55 checksum/)
      .waitFor();
    await assertFocused(page, "apply-owner");
    for (const owner of [
      wallet.address.toLowerCase(),
      `0x${wallet.address.slice(2).toUpperCase()}`,
    ]) {
      await fillValid(page, { "Owner pass address (optional)": owner, End: "" });
      await send(page);
      await page.locator("#apply-quest-end-error").waitFor();
      assert.equal(await page.locator("#apply-owner-error").count(), 0, `${owner} is accepted`);
    }

    // An end in the past.
    await fillValid(page, {
      Start: localInput(new Date(Date.now() - 10 * DAY_MS)),
      End: localInput(new Date(Date.now() - DAY_MS)),
    });
    await send(page);
    await page
      .locator("#apply-quest-end-error")
      .getByText("The end must be in the future.")
      .waitFor();
    await assertFocused(page, "apply-quest-end");

    // The summary's links move the focus to their field.
    await page.getByRole("alert").getByRole("link", { name: "End" }).click();
    await assertFocused(page, "apply-quest-end");
    assert.deepEqual(posts, [], "nothing was sent while the page itself found errors");
    assert.deepEqual(wallet.calls, [], "nor was the wallet asked anything");
    await opened.finish();
  });

  it("shows the API's field errors next to their field, and its detail on top", async () => {
    const opened = await openPage(service, "/app/apply", {
      wallet: OWNER,
      allowConsoleErrors: /400|429/,
    });
    const { page } = opened;
    await page.getByRole("heading", { name: "Apply for a quest" }).waitFor();
    // A FuturePass may be the owner (the service checks it is the signer's); this one is not.
    const stranger = checksumAddress("0xffffffff00000000000000000000000000000042");
    await fillValid(page, { "Owner pass address (optional)": stranger.toLowerCase() });
    await review(page);
    await signAndSend(page);
    const error = page.locator("#apply-owner-error");
    await error.waitFor();
    assert.match(
      (await error.textContent()) ?? "",
      new RegExp(`^The owner proof proves ${OWNER.address}, not the owner ${stranger}`),
    );
    const alert = page.getByRole("alert");
    assert.match((await alert.textContent()) ?? "", /sign it with the owner's wallet/);
    await assertFocused(page, "apply-owner");
    assert.equal(await ownerField(page).getAttribute("aria-invalid"), "true");
    // The values are kept for the fix, and the form is open again.
    assert.equal(await page.getByLabel("Project", { exact: true }).inputValue(), "Acme Quests");
    assert.equal(await ownerField(page).isEditable(), true);
    assert.equal(await page.locator("#apply-proof-message").count(), 0);
    await assertAccessible(page, "the form with the API's refusal");

    // While sending, the page says so; a refusal without a field (a rate limit) takes the focus.
    const release = await holdApi(
      page,
      (path) => path === "/applications",
      (route) =>
        route.fulfill(
          problem("At most 20 applications an hour may come from one address; retry in 60 s.", {
            status: 429,
            code: "RATE_LIMITED",
            title: "Too many requests",
            headers: { "retry-after": "60" },
          }),
        ),
    );
    await ownerField(page).fill(OWNER.address);
    await review(page);
    await signAndSend(page);
    await page.getByRole("status").getByText("Sending your application…").waitFor();
    assert.equal(await page.getByRole("button", { name: "Sending…" }).isDisabled(), true);
    assert.equal(await ownerField(page).isDisabled(), true, "the form holds still meanwhile");
    await release();
    await page
      .getByRole("alert")
      .getByText("At most 20 applications an hour may come from one address; retry in 60 s.")
      .waitFor();
    await assertFocused(page, "apply-problem", "the problem has the focus");
    assert.equal(await page.locator(".field-error").count(), 0);
    await opened.finish();
  });

  it("proves the owner with the wallet: its account by default, a typed owner must be it", async () => {
    const wallet = testWallet();
    const opened = await openPage(service, "/app/apply", { wallet });
    const { page } = opened;
    await page.getByRole("heading", { name: "Apply for a quest" }).waitFor();

    // A typed owner that is neither the wallet's account nor a FuturePass: refused before signing.
    await fillValid(page, { "Owner pass address (optional)": OWNER.address });
    await send(page);
    const error = page.locator("#apply-owner-error");
    await error
      .getByText(`Your wallet's account is ${wallet.address}, not this address.`)
      .waitFor();
    await assertFocused(page, "apply-owner");
    assert.deepEqual(wallet.calls, ["eth_requestAccounts"]);
    assert.deepEqual(wallet.signed, []);

    // Empty, the owner is the wallet's account, checksummed; the message says who signs.
    await ownerField(page).fill("");
    const shown = await review(page);
    assert.equal(await ownerField(page).inputValue(), wallet.address);
    const host = new URL(service.base).host;
    assert.ok(
      shown.startsWith(
        `${host} wants you to sign in with your Ethereum account:\n${wallet.address}\n`,
      ),
      shown,
    );
    assert.match(shown, /Apply for a quest on questpoints as the owner of this address\./);
    assert.ok(shown.includes(`\nURI: ${service.base}/app/apply\n`), shown);
    assert.match(shown, /\nNonce: [A-Za-z0-9]{16,}\n/);
    assert.deepEqual(wallet.signed, [], "shown before it is signed");
    await assertAccessible(page, "the owner proof to sign");
    await screenshot(page, "apply-proof");

    // Back to the form: nothing signed, nothing sent; the form is open again.
    await page.getByRole("button", { name: "Back to the form" }).click();
    assert.equal(await ownerField(page).isEditable(), true);
    assert.deepEqual(wallet.signed, []);

    // A refused signature sends nothing, says so, and can be tried again.
    const before = (await service.ctx.admin("GET", "/admin/applications?limit=500")).json().items
      .length as number;
    wallet.refuse.sign = true;
    await review(page);
    await signAndSend(page);
    const refusal = page.getByRole("alert").filter({ hasText: "The application was not sent." });
    await refusal.getByText("You declined to sign the message.").waitFor();
    await assertFocused(page, "apply-wallet-problem");
    const after = (await service.ctx.admin("GET", "/admin/applications?limit=500")).json().items
      .length as number;
    assert.equal(after, before, "nothing was stored");
    await screenshot(page, "apply-refused");
    wallet.refuse.sign = false;
    await refusal.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { name: "Sign the owner proof" }).waitFor();
    await signAndSend(page);
    await page.waitForURL(/\/app\/applications\/\d+#token=/);
    assert.equal(wallet.signed.length, 1);
    await opened.finish();
  });

  it("fills the owner from the wallet on request", async () => {
    const wallet = testWallet();
    const opened = await openPage(service, "/app/apply", { wallet });
    const { page } = opened;
    await page.getByRole("button", { name: "Use my wallet's address" }).click();
    await page.waitForFunction(
      (want) => (document.getElementById("apply-owner") as HTMLInputElement).value === want,
      wallet.address,
    );
    await assertFocused(page, "apply-owner");
    await opened.finish();
  });

  it("says what to install without a wallet, and sends nothing", async () => {
    const opened = await openPage(service, "/app/apply");
    const { page } = opened;
    await page.getByRole("heading", { name: "No wallet found in this browser" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Use my wallet's address" }).count(), 0);
    await fillValid(page);
    await send(page);
    await page
      .getByRole("alert")
      .getByText(/No wallet found in this browser/)
      .waitFor();
    await assertFocused(page, "apply-problem");
    await assertAccessible(page, "the form without a wallet");
    await opened.finish();
  });

  it("sends an application, follows it to approval and shows the keys once", async () => {
    const campaign = await service.ctx.admin("POST", "/admin/campaigns", {
      name: "Spring launch",
      description: "New quests for spring.",
      start: new Date(Date.now() - DAY_MS).toISOString(),
      end: new Date(Date.now() + 60 * DAY_MS).toISOString(),
    });
    assert.equal(campaign.statusCode, 201, campaign.body);
    const campaignId = (campaign.json() as { id: number }).id;

    const opened = await openPage(service, "/app/apply", {
      wallet: OWNER,
      allowConsoleErrors: /409/,
    });
    const { page, context } = opened;
    const requests: { url: string; headers: Record<string, string> }[] = [];
    page.on("request", (request) =>
      requests.push({ url: request.url(), headers: request.headers() }),
    );
    await page.getByRole("heading", { name: "Apply for a quest" }).waitFor();
    const select = page.getByLabel("Campaign (optional)");
    await select.locator(`option[value="${campaignId}"]`).waitFor({ state: "attached" });
    await fillValid(page);
    await select.selectOption(String(campaignId));
    const signed = OWNER.signed.length;
    const shown = await review(page);
    await signAndSend(page);

    await page.waitForURL(/\/app\/applications\/\d+#token=/);
    assert.deepEqual(OWNER.signed.slice(signed), [shown], "the wallet signed the message shown");
    const url = new URL(page.url());
    const id = Number(url.pathname.split("/").pop());
    const token = new URLSearchParams(url.hash.slice(1)).get("token")!;
    assert.match(token, /^ap_[A-Za-z0-9]{32,}$/);
    await page.getByRole("heading", { name: `Application ${id}` }).waitFor();
    await page.locator(".ap-status").getByText("Pending").waitFor();
    assert.match(
      (await page.locator("main").textContent()) ?? "",
      /The operator has not decided yet/,
    );
    const facts = (await page.locator("dl.facts").textContent()) ?? "";
    for (const fact of [
      "Acme Quests",
      "ops@acme.example",
      "Swap once",
      "100,000",
      "swap",
      "We launch next week.",
    ]) {
      assert.ok(facts.includes(fact), `the facts show ${fact}`);
    }
    // The campaign by its name, linked to its page.
    await page.locator("dl.facts").getByRole("link", { name: "Spring launch" }).waitFor();
    await assertAccessible(page, "the pending application");
    await screenshot(page, "application-pending");

    // Approved: "Check again" shows it.
    await approve(id);
    await page.getByRole("button", { name: "Check again" }).click();
    await page.locator(".ap-status").getByText("Approved").waitFor();
    await page.getByRole("button", { name: "Claim the API keys" }).waitFor();
    await assertAccessible(page, "the approved application");

    // A second tab, open before the claim, that will claim too late.
    const stale = await openPage(service, statusPath({ id, token }), { allowConsoleErrors: /409/ });
    await stale.page.getByRole("button", { name: "Claim the API keys" }).waitFor();

    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: service.base,
    });
    await page.getByRole("button", { name: "Claim the API keys" }).click();
    await page.getByRole("heading", { name: "Your API keys" }).waitFor();
    const liveKey = (await page.locator("#ap-live-key").textContent()) ?? "";
    const testKey = (await page.locator("#ap-test-key").textContent()) ?? "";
    assert.match(liveKey, /^sk_(?!test_)[A-Za-z0-9]{32,}$/);
    assert.match(testKey, /^sk_test_[A-Za-z0-9]{32,}$/);
    assert.match(
      (await page.locator(".ap-keys .warning").textContent()) ?? "",
      /will not be shown again/,
    );
    await assertFocused(page, "ap-keys-heading", "the focus moves to the keys");
    const keysText = (await page.locator(".ap-keys").textContent()) ?? "";
    assert.match(keysText, /Your quest is approved/, "the instructions are shown");
    assert.match(keysText, /Idempotency-Key/);
    assert.equal(await page.locator(".ap-keys .secret").count(), 2);
    assert.equal(await page.getByRole("button", { name: "Claim the API keys" }).count(), 0);

    await page.getByRole("button", { name: "Copy the live key" }).click();
    await page.getByText("Copied the live key.").waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), liveKey);
    await assertAccessible(page, "the claimed keys");
    await screenshot(page, "application-keys");

    // Without a clipboard, the key is selected and the page says how to copy it.
    await page.evaluate(() =>
      Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true }),
    );
    await page.getByRole("button", { name: "Copy the test key" }).click();
    await page.getByText(/Copying is not available here: the text is selected/).waitFor();
    assert.equal(await page.evaluate(() => getSelection()?.toString()), testKey);

    // "Check again" keeps the keys on screen.
    await page.getByRole("button", { name: "Check again" }).click();
    await page.getByText(/^Checked at/).waitFor();
    assert.equal(await page.locator("#ap-live-key").textContent(), liveKey);

    // Nothing of the keys is kept by the page.
    const kept = await persistentStorage(opened);
    const session = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
    for (const key of [liveKey, testKey]) {
      assert.ok(!kept.includes(key), "no key in localStorage or cookies");
      assert.ok(!session.includes(key), "no key in sessionStorage");
    }
    // The token never left in a URL, and went as the header.
    for (const request of requests) {
      assert.ok(!request.url.includes(token), `no token in ${request.url}`);
      assert.ok(!request.url.includes(encodeURIComponent(token)), `no token in ${request.url}`);
    }
    const reads = requests.filter((r) => new URL(r.url).pathname.startsWith("/applications/"));
    assert.ok(reads.length >= 3);
    for (const read of reads) assert.equal(read.headers["x-application-token"], token);

    // The late claim answers the API's refusal.
    await stale.page.getByRole("button", { name: "Claim the API keys" }).click();
    await stale.page
      .getByRole("alert")
      .getByText(/keys of application \d+ were claimed at/)
      .waitFor();
    await stale.finish();

    // Reloaded, the page has no keys to show, and says so.
    await page.reload();
    await page.getByText(/The keys were claimed .* cannot be shown again/).waitFor();
    const after = (await page.locator("main").textContent()) ?? "";
    assert.ok(!after.includes(liveKey) && !after.includes(testKey));
    assert.equal(await page.getByRole("button", { name: "Claim the API keys" }).count(), 0);
    await opened.finish();
  });

  it("shows what was granted, not what was asked for: the public quest linked, its campaign by name", async () => {
    const campaign = await service.ctx.admin("POST", "/admin/campaigns", {
      name: "Autumn push",
      description: "Quests for autumn.",
      start: new Date(Date.now() - DAY_MS).toISOString(),
      end: new Date(Date.now() + 60 * DAY_MS).toISOString(),
    });
    assert.equal(campaign.statusCode, 201, campaign.body);
    const campaignId = (campaign.json() as { id: number }).id;
    const application = await submitted("Overridden");
    const approved = await service.ctx.admin(
      "POST",
      `/admin/applications/${application.id}/approve`,
      { total_points: 50_000, expected_points_per_completion: 25, campaign_id: campaignId },
    );
    assert.equal(approved.statusCode, 200, approved.body);
    const { quest_id: questId, test_quest_id: testQuestId } = approved.json() as {
      quest_id: number;
      test_quest_id: number;
    };

    const opened = await openPage(service, statusPath(application));
    const { page } = opened;
    const granted = page.getByRole("region", { name: "What was granted" });
    const link = granted.getByRole("link", { name: `Overridden quest (quest ${questId})` });
    await link.waitFor();
    assert.equal(await link.getAttribute("href"), `/app/quests/${questId}`);
    const text = (await granted.textContent()) ?? "";
    assert.match(text, /Total points50,000 \(changed by the operator; you asked for 100,000\)/);
    assert.match(text, /Points per completion25 \(changed by the operator; you asked for 50\)/);
    assert.match(text, /CampaignAutumn push \(changed by the operator; you asked for none\)/);
    assert.match(
      text,
      new RegExp(`Test quest${testQuestId} \\(private: test quests are never listed\\)`),
    );
    assert.equal(
      await granted.getByRole("link", { name: "Autumn push" }).getAttribute("href"),
      `/app/campaigns/${campaignId}`,
    );
    // What was asked for stays, under its own heading.
    const asked = page.getByRole("region", { name: "What you asked for" });
    assert.match((await asked.textContent()) ?? "", /Total points100,000/);
    await assertAccessible(page, "an application approved with overrides");
    await screenshot(page, "application-granted");
    await opened.finish();

    // Approved as a private quest: the page says so rather than showing the request's terms.
    const hidden = await submitted("Unlisted");
    const privately = await service.ctx.admin("POST", `/admin/applications/${hidden.id}/approve`, {
      is_public: false,
    });
    assert.equal(privately.statusCode, 200, privately.body);
    const second = await openPage(service, statusPath(hidden));
    const region = second.page.getByRole("region", { name: "What was granted" });
    await region.getByText("Your live quest is private").waitFor();
    assert.match(
      (await region.textContent()) ?? "",
      new RegExp(`Live quest${privately.json().quest_id} \\(private\\)`),
    );
    assert.equal(await region.getByRole("link", { name: /quest \(quest/ }).count(), 0);
    await second.finish();
  });

  it("shows a rejection with its reason", async () => {
    const application = await submitted("Rejected project");
    const rejected = await service.ctx.admin(
      "POST",
      `/admin/applications/${application.id}/reject`,
      {
        reason: "The budget is far beyond what this quest needs.",
      },
    );
    assert.equal(rejected.statusCode, 200, rejected.body);
    const opened = await openPage(service, statusPath(application));
    const { page } = opened;
    await page.locator(".ap-status").getByText("Rejected").waitFor();
    await page.getByText("The budget is far beyond what this quest needs.").waitFor();
    assert.equal(await page.getByRole("button", { name: "Claim the API keys" }).count(), 0);
    await assertAccessible(page, "the rejected application");
    await opened.finish();
  });

  it("says what to do without a token, or with a wrong one", async () => {
    const application = await submitted("Tokenless");
    const missing = await openPage(service, `/app/applications/${application.id}`);
    await missing.page
      .getByRole("alert")
      .getByText("This link has no application token.")
      .waitFor();
    await assertAccessible(missing.page, "the page without a token");
    await missing.finish();

    const wrong = await openPage(
      service,
      statusPath({ id: application.id, token: `ap_${"x".repeat(40)}` }),
      { allowConsoleErrors: /401/ },
    );
    await wrong.page
      .getByRole("alert")
      .getByText(`is not application ${application.id}'s token`, { exact: false })
      .waitFor();
    await wrong.page.getByText("Check that you opened the whole link").waitFor();
    await wrong.finish();
  });

  it("shows the loading state, and the service's failure with a retry", async () => {
    const application = await submitted("Slow");
    // A page of the shell without requests (answered 404), so the routes are in place before
    // the status page.
    const opened: OpenedPage = await openPage(service, "/app/nowhere", {
      allowConsoleErrors: /404|503/,
    });
    const { page } = opened;
    const isRead = (path: string) => path === `/applications/${application.id}`;
    const release = await holdApi(page, isRead);
    await page.goto(`${service.base}${statusPath(application)}`);
    await page.getByRole("status").getByText("Loading your application…").waitFor();
    await release();
    await page.locator(".ap-status").getByText("Pending").waitFor();

    const restore = await failApi(
      page,
      isRead,
      problem("The service is restarting; try again in a few seconds."),
    );
    await page.reload();
    const alert = page.getByRole("alert");
    await alert.getByText("The service is restarting; try again in a few seconds.").waitFor();
    assert.match((await alert.textContent()) ?? "", /Could not load your application/);
    await restore();
    await alert.getByRole("button", { name: "Try again" }).click();
    await page.locator(".ap-status").getByText("Pending").waitFor();
    await opened.finish();
  });

  it("fits 390 px: the form with its errors, and the claimed keys", async () => {
    const form = await openPage(service, "/app/apply", { narrow: true, wallet: testWallet() });
    await form.page.getByRole("heading", { name: "Apply for a quest" }).waitFor();
    await assertNoSidewaysScroll(form.page, "the form at 390 px");
    await send(form.page);
    await form.page.locator("#apply-project-error").waitFor();
    await assertNoSidewaysScroll(form.page, "the form with errors at 390 px");
    await assertAccessible(form.page, "the form at 390 px");
    await fillValid(form.page, { "Owner pass address (optional)": "" });
    await review(form.page);
    await assertNoSidewaysScroll(form.page, "the owner proof at 390 px");
    await assertAccessible(form.page, "the owner proof at 390 px");
    await screenshot(form.page, "apply-proof-narrow");
    await form.finish();

    const bare = await openPage(service, "/app/apply", { narrow: true });
    await bare.page.getByRole("heading", { name: "No wallet found in this browser" }).waitFor();
    await assertNoSidewaysScroll(bare.page, "the form without a wallet at 390 px");
    await bare.finish();

    const application = await submitted("Narrow");
    await approve(application.id);
    const opened = await openPage(service, statusPath(application), { narrow: true });
    const { page } = opened;
    await page.locator(".ap-status").getByText("Approved").waitFor();
    await assertNoSidewaysScroll(page, "the approved application at 390 px");
    await page.getByRole("button", { name: "Claim the API keys" }).click();
    await page.locator("#ap-live-key").waitFor();
    await assertNoSidewaysScroll(page, "the keys at 390 px");
    await assertAccessible(page, "the keys at 390 px");
    await screenshot(page, "application-keys-narrow");
    await opened.finish();
  });
});
