import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  assertAccessible,
  assertNoSidewaysScroll,
  openPage,
  problem,
  screenshot,
  startWebService,
  testWallet,
  type WebService,
} from "../helpers/browser.js";

/**
 * The join page (`/app/join`) in a real browser with a wallet the test controls: an EIP-1193
 * provider injected as `window.ethereum`, whose key signs in Node with viem. The page must show
 * the message before the wallet is asked to sign it, register the pass, and leave nothing
 * registered when the signature is refused.
 */

interface NonceAnswer {
  nonce: string;
  expires_at: string;
  domain: string;
  uri: string;
  chain_id: number;
}

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

/** Waits (briefly) until the element with `id` has the focus. */
async function assertFocused(page: Page, id: string) {
  const ok = await page
    .waitForFunction((want) => document.activeElement?.id === want, id, { timeout: 2000 })
    .then(
      () => true,
      () => false,
    );
  const actual = await page.evaluate(() => document.activeElement?.id ?? "");
  assert.ok(ok, `#${id} has the focus (it is on "${actual}")`);
}

describe("the join page [browser, pglite]", () => {
  let service: WebService;
  before(async () => {
    service = await startWebService();
  });
  after(async () => {
    await service?.close();
  });

  const passStatus = async (address: string) =>
    (await fetch(`${service.base}/passes/${address}`)).status;

  /** Connects the wallet and waits for the message; answers the nonce the page was given. */
  async function connect(page: Page): Promise<NonceAnswer> {
    const nonce = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/passes/nonces",
    );
    await page.getByRole("button", { name: "Connect your wallet" }).click();
    const answer = await nonce;
    assert.equal(answer.status(), 201);
    await heading(page, "Read the message, then sign it").waitFor();
    return (await answer.json()) as NonceAnswer;
  }

  it("shows the message before the wallet signs it, registers the pass and shows its page", async () => {
    const wallet = testWallet();
    assert.equal(await passStatus(wallet.address), 404);
    const opened = await openPage(service, "/app/join", { wallet });
    const { page } = opened;
    await heading(page, "Join questpoints").waitFor();
    assert.equal(
      await page.getByRole("link", { name: "Join", exact: true }).getAttribute("aria-current"),
      "page",
    );
    await assertAccessible(page, "the join page");
    await screenshot(page, "join");

    const nonce = await connect(page);
    await assertFocused(page, "join-heading");
    const host = new URL(service.base).host;
    assert.equal(nonce.domain, host, "the service names the host the page is served from");
    const shown = (await page.locator("#join-message").textContent()) ?? "";
    assert.ok(
      shown.startsWith(
        `${host} wants you to sign in with your Ethereum account:\n${wallet.address}\n`,
      ),
      `the message names the domain and the checksummed address:\n${shown}`,
    );
    for (const line of [
      "Join questpoints with this address.",
      `URI: ${nonce.uri}/app/join\n`,
      "Version: 1",
      `Chain ID: ${nonce.chain_id}`,
      `Nonce: ${nonce.nonce}`,
      `Expiration Time: ${nonce.expires_at}`,
    ]) {
      assert.ok(shown.includes(line), `the message has "${line}":\n${shown}`);
    }
    assert.match(shown, /\nIssued At: \d{4}-\d\d-\d\dT[\d:.]+Z/);
    // Shown, and not yet signed: the wallet was only asked for its account.
    assert.deepEqual(wallet.calls, ["eth_requestAccounts"]);
    assert.deepEqual(wallet.signed, []);
    assert.equal(await page.locator(".wallet-mismatch").count(), 0);
    await assertAccessible(page, "the message to sign");
    await screenshot(page, "join-review");

    // While the wallet asks the user, the page says what it waits for.
    const release = wallet.hold();
    await page.getByRole("button", { name: "Sign and join" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Waiting for your signature: confirm it in your wallet." })
      .waitFor();
    assert.equal(await page.getByRole("button", { name: "Waiting…" }).isDisabled(), true);
    release();

    await page.waitForURL(`${service.base}/app/passes/${wallet.address}?joined=new`);
    assert.deepEqual(wallet.signed, [shown], "the wallet signed exactly the message shown");
    assert.deepEqual(wallet.calls, ["eth_requestAccounts", "personal_sign"]);
    await page.getByText("Welcome: your pass is registered.").waitFor();
    await page.getByText(wallet.address, { exact: true }).waitFor();
    const figures = (await page.locator("dl.figures").textContent()) ?? "";
    assert.match(figures, /Points\s*0/);
    assert.match(figures, /Overall rank\s*Not ranked/);
    await page.getByText("No payouts yet.").waitFor();
    assert.equal(await passStatus(wallet.address), 200);
    await assertAccessible(page, "the pass page after joining");
    await screenshot(page, "join-done");
    await opened.finish();

    // Joining again finds the account: nothing new, and the page says so.
    const again = await openPage(service, "/app/join", { wallet });
    await connect(again.page);
    await again.page.getByRole("button", { name: "Sign and join" }).click();
    await again.page.waitForURL(`${service.base}/app/passes/${wallet.address}?joined=again`);
    await again.page.getByText("You had joined already.").waitFor();
    await again.finish();

    // Where the chain has a FuturePass for the signer, that is the pass registered: said so.
    const signer = testWallet().address;
    const future = await openPage(
      service,
      `/app/passes/${wallet.address}?joined=new&signer=${signer}`,
    );
    await future.page.getByText(`Your wallet signed as ${signer}`).waitFor();
    assert.equal(await future.page.getByRole("link", { name: "Join to earn points" }).count(), 0);
    await future.finish();
  });

  it("says so without a wallet, and what to install", async () => {
    const opened = await openPage(service, "/app/join");
    const { page } = opened;
    await heading(page, "No wallet found in this browser").waitFor();
    const text = (await page.locator("main").textContent()) ?? "";
    assert.match(text, /EIP-1193/);
    assert.match(text, /Install a wallet extension/);
    assert.equal(await page.getByRole("button", { name: "Connect your wallet" }).count(), 0);
    await page.getByRole("button", { name: "Check again" }).click();
    await page.getByRole("status").filter({ hasText: "Still no wallet found" }).waitFor();
    await assertAccessible(page, "the join page without a wallet");
    await screenshot(page, "join-no-wallet");
    await opened.finish();

    const narrow = await openPage(service, "/app/join", { narrow: true });
    await heading(narrow.page, "No wallet found in this browser").waitFor();
    await assertNoSidewaysScroll(narrow.page, "the join page without a wallet at 390 px");
    await narrow.finish();
  });

  it("registers nothing when the signature is refused, says so, and tries again", async () => {
    const wallet = testWallet();
    wallet.refuse.sign = true;
    const opened = await openPage(service, "/app/join", { wallet });
    const { page } = opened;
    const first = await connect(page);
    await page.getByRole("button", { name: "Sign and join" }).click();
    const alert = page.getByRole("alert");
    await alert.getByText("Nothing was registered.").waitFor();
    assert.match((await alert.textContent()) ?? "", /You declined to sign the message\./);
    await assertFocused(page, "join-problem");
    assert.deepEqual(wallet.signed, []);
    assert.equal(await passStatus(wallet.address), 404, "the address is still unregistered");
    await assertAccessible(page, "the refused signature");
    await screenshot(page, "join-refused");

    // Trying again signs a new message (a fresh nonce), and joins.
    wallet.refuse.sign = false;
    const second = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/passes/nonces",
    );
    await alert.getByRole("button", { name: "Try again" }).click();
    const nonce = (await (await second).json()) as NonceAnswer;
    assert.notEqual(nonce.nonce, first.nonce);
    await page.locator("#join-message").getByText(`Nonce: ${nonce.nonce}`).waitFor();
    await page.getByRole("button", { name: "Sign and join" }).click();
    await page.waitForURL(/\/app\/passes\/0x[0-9a-fA-F]{40}\?joined=new$/);
    assert.equal(await passStatus(wallet.address), 200);
    await opened.finish();
  });

  it("says so when the wallet keeps its address, and when the user cancels", async () => {
    const wallet = testWallet();
    wallet.refuse.accounts = true;
    const opened = await openPage(service, "/app/join", { wallet });
    const { page } = opened;
    await page.getByRole("button", { name: "Connect your wallet" }).click();
    await page
      .getByRole("alert")
      .getByText("You did not let this page see your wallet's address.")
      .waitFor();
    await assertFocused(page, "join-problem");

    wallet.refuse.accounts = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await heading(page, "Read the message, then sign it").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Connect your wallet" }).waitFor();
    assert.equal(await page.locator("#join-message").count(), 0);
    assert.deepEqual(wallet.signed, []);
    assert.equal(await passStatus(wallet.address), 404);
    await opened.finish();
  });

  it("shows the service's refusal with its detail, and tries again", async () => {
    const wallet = testWallet();
    const opened = await openPage(service, "/app/join", { wallet, allowConsoleErrors: /503/ });
    const { page } = opened;
    const detail = "The chain node did not answer within 5 s; nothing was registered (test).";
    const joins = (url: URL) => url.pathname === "/passes";
    await page.route(joins, (route) =>
      route.fulfill(problem(detail, { code: "CHAIN_UNAVAILABLE", title: "Chain unavailable" })),
    );
    await connect(page);
    await page.getByRole("button", { name: "Sign and join" }).click();
    const alert = page.getByRole("alert");
    await alert.getByText(detail).waitFor();
    assert.match((await alert.textContent()) ?? "", /The service did not register your pass\./);
    await page.unroute(joins);
    await alert.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("button", { name: "Sign and join" }).click();
    await page.waitForURL(/\?joined=new$/);
    await opened.finish();
  });

  it("fits 390 px with the message on screen", async () => {
    const wallet = testWallet();
    const opened = await openPage(service, "/app/join", { wallet, narrow: true });
    const { page } = opened;
    await heading(page, "Join questpoints").waitFor();
    await assertNoSidewaysScroll(page, "the join page at 390 px");
    await connect(page);
    await assertNoSidewaysScroll(page, "the message at 390 px");
    await assertAccessible(page, "the message at 390 px");
    await screenshot(page, "join-review-narrow");
    await opened.finish();
  });
});
