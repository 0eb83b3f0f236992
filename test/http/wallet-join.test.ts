/**
 * Players join by signing in with their wallet: `POST /passes`, every check of the EIP-4361
 * message, the nonce's single use, the signature, the audit entry, and the whole path from an
 * unregistered address to a ranked pass. The nonces, and the sign-in of another
 * PUBLIC_BASE_URL, are in wallet-join-nonces.test.ts.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  allocate,
  createAccount,
  createQuest,
  expectProblem,
  expectStatus,
  issueKey,
  randomPass,
  secondInstance,
  type TestContext,
} from "../helpers/app.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import {
  joinAs,
  type MessageOverrides,
  newWallet,
  postJoin,
  randomClient,
  type SignedMessage,
  signedMessage,
  type Wallet,
} from "../helpers/wallet.js";
import {
  accountsOf,
  expectJoinedAs,
  expectRefused,
  expireNonce,
  joinEntries,
  refusedJoin,
  signedAs,
} from "../helpers/wallet-join.js";

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

// Functions of now: a case's times are taken when it runs, not when the file is loaded.
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

/** Messages failing one check: [name, what of the message differs, the field named]. */
const failedChecks: [string, () => MessageOverrides, string][] = [
  ["a domain other than this service's host", () => ({ domain: "evil.example.com" }), "domain"],
  ["this host on another port", () => ({ domain: "localhost:8081" }), "domain"],
  ["a uri outside PUBLIC_BASE_URL", () => ({ uri: "https://evil.example.com/join" }), "uri"],
  ["a uri of another port", () => ({ uri: "http://localhost:8081/app/join" }), "uri"],
  ["another chain id", () => ({ chainId: 1 }), "chain-id"],
  ["issued-at more than 10 minutes old", () => ({ issuedAt: ago(11 * MINUTE_MS) }), "issued-at"],
  ["issued-at in the future beyond 30 s", () => ({ issuedAt: ahead(2 * MINUTE_MS) }), "issued-at"],
  [
    "an expiration-time that has passed",
    () => ({ issuedAt: ago(2 * MINUTE_MS), expirationTime: ago(SECOND_MS) }),
    "expiration-time",
  ],
  ["a not-before still to come", () => ({ notBefore: ahead(HOUR_MS) }), "not-before"],
  ["version 2", () => ({ version: "2" }), "version"],
  ["version 1.0", () => ({ version: "1.0" }), "version"],
];

/** Nonces no join may use: [title, a message of the wallet's carrying one]. */
const unusableNonces: [string, (ctx: TestContext, wallet: Wallet) => Promise<SignedMessage>][] = [
  [
    "answers 400 NONCE_INVALID for a nonce the service never issued",
    (ctx, wallet) => signedMessage(ctx.inject, wallet, { nonce: "NeverIssued0123456789abc" }),
  ],
  [
    "answers 400 NONCE_INVALID for an expired nonce",
    async (ctx, wallet) => {
      const signed = await signedMessage(ctx.inject, wallet);
      await expireNonce(ctx, signed.nonce);
      return signed;
    },
  ],
];

/** Signatures refused, each spending its message's nonce: [title, the signatures of a message]. */
const badSignatures: [string, ((message: string) => Promise<string>)[]][] = [
  [
    "answers 401 SIGNATURE_INVALID for a signature by another key, and the nonce is spent",
    [async (message) => (await signedAs(newWallet(), message)).signature],
  ],
  [
    "answers 401 SIGNATURE_INVALID for a malformed signature, and the nonce is spent: the right signature then is NONCE_INVALID",
    [
      "0x1234",
      "not a signature",
      `0x${"zz".repeat(65)}`,
      `0x${"00".repeat(65)}`,
      `0x${"ff".repeat(65)}`,
      `0x${"ab".repeat(200)}`,
    ].map((signature) => async () => signature),
  ],
];

/** Runs `round` `rounds` times with a second service instance on the same database. */
async function withSecondInstance(
  ctx: TestContext,
  rounds: number,
  round: (other: Awaited<ReturnType<typeof secondInstance>>, n: number) => Promise<void>,
) {
  const other = await secondInstance(ctx);
  try {
    for (let n = 0; n < rounds; n++) await round(other, n);
  } finally {
    await other.close();
  }
}

describeEachDatabase("POST /passes", (ctx, kind) => {
  it("registers the signer's address: 201 with the account and the signer, then 200 with the same account", async () => {
    const wallet = newWallet();
    const joined = expectJoinedAs(await joinAs(ctx().inject, wallet), 201, wallet);
    assert.deepEqual(
      (await accountsOf(ctx(), wallet.address)).map((account) => account.id),
      [joined.account.id],
    );
    const again = await joinAs(ctx().inject, wallet);
    assert.deepEqual(expectJoinedAs(again, 200, wallet), joined);
    assert.equal((await accountsOf(ctx(), wallet.address)).length, 1);

    // The pass can be read, with no points yet and so no rank.
    const balance = await ctx().inject({ url: `/passes/${wallet.address}` });
    expectStatus(balance, 200);
    assert.equal(balance.json().pass, wallet.address);
    assert.equal(balance.json().points, 0);
    assert.equal(balance.json().rank, null);
  });

  it("answers 200 with the account an operator registered before", async () => {
    const wallet = newWallet();
    const id = await createAccount(ctx(), wallet.address);
    const joined = expectJoinedAs(await joinAs(ctx().inject, wallet), 200, wallet);
    assert.equal(joined.account.id, id);
    assert.deepEqual(await joinEntries(ctx(), id), [], "no join entry for an existing account");
  });

  it("writes one audit entry account.join by pass:<address> for a new account, none for a second sign-in", async () => {
    const wallet = newWallet();
    const first = await joinAs(ctx().inject, wallet);
    const { account } = expectJoinedAs(first, 201, wallet);
    const entries = await joinEntries(ctx(), account.id);
    assert.equal(entries.length, 1, JSON.stringify(entries));
    const entry = entries[0]!;
    assert.equal(entry.actor, `pass:${wallet.address}`);
    assert.equal(entry.action, "account.join");
    assert.equal(entry.target_type, "account");
    assert.equal(entry.target_id, account.id);
    assert.equal(entry.request_id, first.headers["x-request-id"]);
    expectStatus(await joinAs(ctx().inject, wallet), 200);
    assert.equal((await joinEntries(ctx(), account.id)).length, 1);
  });

  it("accepts optional times in range: expiration-time to come, not-before passed, issued-at 9 minutes old or 20 s ahead", async () => {
    for (const overrides of [
      { expirationTime: ahead(5 * MINUTE_MS), notBefore: ago(MINUTE_MS) },
      { issuedAt: ago(9 * MINUTE_MS) },
      { issuedAt: ahead(20 * SECOND_MS) },
    ] satisfies MessageOverrides[]) {
      const wallet = newWallet();
      expectJoinedAs(await joinAs(ctx().inject, wallet, overrides), 201, wallet);
    }
  });

  describe("refuses a message failing a check with 400 SIWE_MESSAGE_INVALID naming the field, registers nothing and leaves the nonce unspent", () => {
    for (const [name, overrides, field] of failedChecks) {
      it(name, async () => {
        const wallet = newWallet();
        const bad = await signedMessage(ctx().inject, wallet, overrides());
        await refusedJoin(ctx(), wallet, bad, 400, "SIWE_MESSAGE_INVALID", [`message.${field}`]);
        // The field checks come before the nonce is spent: a good message with it still works.
        const good = await signedMessage(ctx().inject, wallet, { nonce: bad.nonce });
        expectJoinedAs(await postJoin(ctx().inject, good), 201, wallet);
      });
    }
  });

  it("names every bad field at once", async () => {
    const wallet = newWallet();
    const bad = await signedMessage(ctx().inject, wallet, {
      domain: "evil.example.com",
      uri: "https://evil.example.com/",
      chainId: 7672,
      version: "2",
      issuedAt: ago(HOUR_MS),
      expirationTime: ago(MINUTE_MS),
      notBefore: ahead(MINUTE_MS),
    });
    await refusedJoin(ctx(), wallet, bad, 400, "SIWE_MESSAGE_INVALID", [
      "message.chain-id",
      "message.domain",
      "message.expiration-time",
      "message.issued-at",
      "message.not-before",
      "message.uri",
      "message.version",
    ]);
  });

  it("refuses text that is no EIP-4361 message with 400 SIWE_MESSAGE_INVALID naming message", async () => {
    const wallet = newWallet();
    for (const message of ["hello", "Sign in please\nNonce: abcdefgh12345678", "{}"]) {
      const body = await signedAs(wallet, message);
      await refusedJoin(ctx(), wallet, body, 400, "SIWE_MESSAGE_INVALID", ["message"]);
    }
  });

  it("refuses a message with lines EIP-4361 does not write (a first URI elsewhere, free text) with 400 SIWE_MESSAGE_INVALID, registering nothing", async () => {
    const wallet = newWallet();
    const signed = await signedMessage(ctx().inject, wallet);
    for (const [inserted, field] of [
      ["\nURI: https://evil.example.com/claim\nURI: ", "message.uri"],
      ["\nSend your tokens to https://evil.example.com\nURI: ", "message"],
    ]) {
      const body = await signedAs(wallet, signed.message.replace("\nURI: ", inserted!));
      await refusedJoin(ctx(), wallet, body, 400, "SIWE_MESSAGE_INVALID", [field!]);
    }
    // Refused before the nonce is spent: the message as the service asked for it still joins.
    expectJoinedAs(await postJoin(ctx().inject, signed), 201, wallet);
  });

  it("names a malformed issued-at and an address with a wrong EIP-55 checksum", async () => {
    const wallet = newWallet();
    const signed = await signedMessage(ctx().inject, wallet);
    const badTime = signed.message.replace(/\nIssued At: .*/, "\nIssued At: yesterday");
    await refusedJoin(ctx(), wallet, await signedAs(wallet, badTime), 400, "SIWE_MESSAGE_INVALID", [
      "message.issued-at",
    ]);

    // Swap the case of the address's letters: mixed case that is not the checksum.
    const swapped = wallet.address.replace(/[a-fA-F]/g, (c) =>
      c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase(),
    );
    assert.notEqual(swapped, wallet.address);
    const badAddress = signed.message.replace(wallet.address, swapped);
    const body = await signedAs(wallet, badAddress);
    await refusedJoin(ctx(), wallet, body, 400, "SIWE_MESSAGE_INVALID", "message.address");
  });

  it("refuses a malformed body with 400 BAD_REQUEST naming the field", async () => {
    const wallet = newWallet();
    const signed = await signedMessage(ctx().inject, wallet);
    const { message, signature } = signed;
    for (const [payload, field] of [
      [{ message }, "signature"],
      [{ signature }, "message"],
      [{ message, signature, pass: wallet.address }, "pass"],
      [{ message, signature: "" }, "signature"],
      [{ message: 5, signature }, "message"],
    ] as const) {
      const answer = await ctx().inject({ method: "POST", url: "/passes", payload });
      await expectRefused(ctx(), wallet, answer, 400, "BAD_REQUEST", field);
    }
    // None of them reached the nonce.
    expectStatus(await postJoin(ctx().inject, signed), 201);
  });

  for (const [title, message] of unusableNonces) {
    it(title, async () => {
      const wallet = newWallet();
      await refusedJoin(ctx(), wallet, await message(ctx(), wallet), 400, "NONCE_INVALID");
    });
  }

  it("answers 400 NONCE_INVALID to a replay of the same message and signature, and to another message with a spent nonce", async () => {
    const wallet = newWallet();
    const signed = await signedMessage(ctx().inject, wallet);
    expectStatus(await postJoin(ctx().inject, signed), 201);
    expectProblem(await postJoin(ctx().inject, signed), 400, "NONCE_INVALID");

    const other = newWallet();
    const reused = await signedMessage(ctx().inject, other, { nonce: signed.nonce });
    await refusedJoin(ctx(), other, reused, 400, "NONCE_INVALID");
  });

  for (const [title, signatures] of badSignatures) {
    it(title, async () => {
      const wallet = newWallet();
      for (const signatureOf of signatures) {
        const signed = await signedMessage(ctx().inject, wallet);
        const signature = await signatureOf(signed.message);
        const forged = { message: signed.message, signature };
        await refusedJoin(ctx(), wallet, forged, 401, "SIGNATURE_INVALID");
        await refusedJoin(ctx(), wallet, signed, 400, "NONCE_INVALID");
      }
    });
  }

  if (kind === "postgres") {
    it("registers a message sent to two service instances at once only once: the other answer is NONCE_INVALID", async () => {
      await withSecondInstance(ctx(), 5, async (other, round) => {
        const wallet = newWallet();
        const { message, signature } = await signedMessage(ctx().inject, wallet);
        const answers = await Promise.all(
          [ctx().app, other.app, ctx().app, other.app].map((app) =>
            app.inject({
              method: "POST",
              url: "/passes",
              payload: { message, signature },
              remoteAddress: randomClient(),
            }),
          ),
        );
        const statuses = answers.map((answer) => answer.statusCode).sort();
        assert.deepEqual(statuses, [201, 400, 400, 400], `round ${round}: ${statuses}`);
        for (const answer of answers.filter((a) => a.statusCode === 400)) {
          expectProblem(answer, 400, "NONCE_INVALID");
        }
        const accounts = await accountsOf(ctx(), wallet.address);
        assert.equal(accounts.length, 1);
        assert.equal((await joinEntries(ctx(), accounts[0]!.id)).length, 1);
      });
    });

    it("registers a wallet joining through two instances at once with two nonces once: one 201, one 200", async () => {
      await withSecondInstance(ctx(), 3, async (other, round) => {
        const wallet = newWallet();
        const [a, b] = [
          await signedMessage(ctx().inject, wallet),
          await signedMessage(ctx().inject, wallet),
        ];
        const answers = await Promise.all([
          postJoin((options) => ctx().app.inject(options), a),
          postJoin((options) => other.app.inject(options), b),
        ]);
        const statuses = answers.map((answer) => answer.statusCode).sort();
        assert.deepEqual(statuses, [200, 201], `round ${round}`);
        const [x, y] = answers.map((answer) =>
          expectJoinedAs(answer, answer.statusCode as 200 | 201, wallet),
        );
        assert.equal(x!.account.id, y!.account.id);
        assert.equal((await joinEntries(ctx(), x!.account.id)).length, 1);
      });
    });
  }
});

describeEachDatabase("a player joins, then receives points", (ctx) => {
  it("refuses points before the join with ACCOUNT_NOT_FOUND naming /app/join, pays after it, and ranks the pass", async () => {
    const owner = randomPass();
    await createAccount(ctx(), owner);
    const { key } = await issueKey(ctx(), owner);
    const questId = await createQuest(ctx(), owner, { total_points: 1000 });
    const fixture = { apiKey: key, questId };
    const wallet = newWallet();
    const pass = (who: Wallet) => ctx().inject({ url: `/passes/${who.address}` });
    const pay = (who: Wallet, points: number) =>
      allocate(ctx(), fixture, { points, address: who.address });

    const refused = await pay(wallet, 40);
    const problem = expectProblem(refused, 400, "ACCOUNT_NOT_FOUND");
    assert.ok(problem.detail.includes(wallet.address), problem.detail);
    assert.ok(problem.detail.includes("/app/join"), problem.detail);
    expectProblem(await pass(wallet), 404, "PASS_NOT_FOUND");

    expectJoinedAs(await joinAs(ctx().inject, wallet), 201, wallet);
    const paid = await pay(wallet, 40);
    expectStatus(paid, 200);
    assert.equal(paid.json().payout.amount, 40);
    assert.equal(paid.json().payout.account.pass, wallet.address);

    const balance = await pass(wallet);
    expectStatus(balance, 200);
    assert.equal(balance.json().points, 40);
    assert.equal(balance.json().rank, 1);
    assert.equal(balance.json().payouts_count, 1);

    const board = await ctx().inject({ url: "/leaderboard" });
    expectStatus(board, 200);
    assert.deepEqual(board.json().items, [{ rank: 1, pass: wallet.address, points: 40 }]);

    // A second player who joins and earns more takes rank 1; the first is ranked 2.
    const second = newWallet();
    expectStatus(await joinAs(ctx().inject, second), 201);
    expectStatus(await pay(second, 60), 200);
    assert.equal((await pass(second)).json().rank, 1);
    assert.equal((await pass(wallet)).json().rank, 2);
  });
});
