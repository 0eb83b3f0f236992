/**
 * A wallet in the page: a browser wallet the tests control (`testWallet`), found by the pages as
 * `window.ethereum`, and the applications such a wallet signs (`submitApplication`).
 */
import assert from "node:assert/strict";
import type { BrowserContext } from "playwright-core";
import { type Hex, hexToString, isHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { WebService } from "./browser.js";
import { applicationProof } from "./wallet.js";

/** An EIP-1193 error, as a wallet throws it (a plain object with a code). */
interface WalletFailure {
  code: number;
  message: string;
}

/**
 * A browser wallet the tests control: an EIP-1193 provider the page finds as `window.ethereum`,
 * whose account is a key held here, in Node. `personal_sign` signs with viem
 * (ERC-191), as a real wallet does; `refuse` makes the next requests of a kind answer the
 * user's refusal (EIP-1193 code 4001); `hold` keeps signatures waiting until released.
 */
export interface TestWallet {
  /** The account, checksummed. */
  address: `0x${string}`;
  privateKey: Hex;
  /** The methods the page called, in order. */
  calls: string[];
  /** The messages signed, as text. */
  signed: string[];
  /** What the user refuses, until changed. */
  refuse: { accounts: boolean; sign: boolean };
  /** Holds every `personal_sign` until the returned function is called. */
  hold(): () => void;
  /** What the page's provider asks of this wallet: a result, or the wallet's error. */
  answer(
    method: string,
    params: unknown[],
  ): Promise<{ result: unknown } | { error: WalletFailure }>;
  /** Signs a sign-in message for `service`'s next nonce: an application's owner `proof`. */
  proof(service: WebService): Promise<{ message: string; signature: string }>;
}

export function testWallet(privateKey: Hex = generatePrivateKey()): TestWallet {
  const account = privateKeyToAccount(privateKey);
  let gate: Promise<void> | undefined;
  const wallet: TestWallet = {
    address: account.address,
    privateKey,
    calls: [],
    signed: [],
    refuse: { accounts: false, sign: false },
    hold() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = undefined;
        release();
      };
    },
    proof: (service) => applicationProof(service.ctx.inject, { account, address: account.address }),
    answer: (method, params) => answerWallet(method, params),
  };

  async function answerWallet(
    method: string,
    params: unknown[],
  ): Promise<{ result: unknown } | { error: WalletFailure }> {
    wallet.calls.push(method);
    const refused = { error: { code: 4001, message: "User rejected" } };
    switch (method) {
      case "eth_requestAccounts":
        if (wallet.refuse.accounts) return refused;
        // Wallets answer lower case: the page checksums it.
        return { result: [wallet.address.toLowerCase()] };
      case "eth_accounts":
        return { result: wallet.refuse.accounts ? [] : [wallet.address.toLowerCase()] };
      case "eth_chainId":
        return { result: "0x1df4" };
      case "personal_sign": {
        const [data, address] = params as [string, string];
        if (typeof address !== "string" || address.toLowerCase() !== wallet.address.toLowerCase()) {
          return { error: { code: 4100, message: `Not this wallet's account: ${address}` } };
        }
        await gate;
        if (wallet.refuse.sign) return refused;
        const message = isHex(data) ? hexToString(data) : data;
        const signature = await account.signMessage({ message });
        wallet.signed.push(message);
        return { result: signature };
      }
      default:
        return { error: { code: 4200, message: `Unsupported method: ${method}` } };
    }
  }
  return wallet;
}

/** The wallet as `window.ethereum` in every page of `context`, from its first script on. */
export async function injectWallet(context: BrowserContext, wallet: TestWallet): Promise<void> {
  await context.exposeFunction("questpointsTestWallet", (method: string, params: unknown[]) =>
    wallet.answer(method, params),
  );
  await context.addInitScript(() => {
    type Answer = { result: unknown } | { error: { code: number; message: string } };
    const page = window as unknown as {
      ethereum: unknown;
      questpointsTestWallet: (method: string, params: unknown[]) => Promise<Answer>;
    };
    page.ethereum = {
      isQuestpointsTestWallet: true,
      async request(args: { method: string; params?: unknown[] }) {
        const answer = await page.questpointsTestWallet(args.method, args.params ?? []);
        // A wallet's refusal is a plain object with a code, not an Error.
        if ("error" in answer) throw answer.error;
        return answer.result;
      },
    };
  });
}

/**
 * A pending application with one quest, signed by its owner wallet (a new one unless given) as
 * an applicant would; its id. `extra` adds a contact, a quest description and a message.
 */
export async function submitApplication(
  service: WebService,
  project: string,
  extra: { owner?: TestWallet; contact?: string; description?: string; message?: string } = {},
): Promise<number> {
  const owner = extra.owner ?? testWallet();
  const hourMs = 60 * 60 * 1000;
  const response = await service.ctx.inject({
    method: "POST",
    url: "/applications",
    payload: {
      project,
      contact: extra.contact ?? "ops@example.org",
      owner: owner.address,
      proof: await owner.proof(service),
      quest: {
        name: `${project} quest`,
        ...(extra.description === undefined ? {} : { description: extra.description }),
        total_points: 1000,
        expected_points_per_completion: 10,
        start: new Date(Date.now() - hourMs).toISOString(),
        end: new Date(Date.now() + 7 * 24 * hourMs).toISOString(),
      },
      ...(extra.message === undefined ? {} : { message: extra.message }),
    },
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().id as number;
}
