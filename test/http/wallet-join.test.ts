/**
 * Players join by signing in with their wallet : `POST /passes/nonces` and
 * `POST /passes`, every check of the EIP-4361 message, the nonce's single use, the signature,
 * the audit entry, and the whole path from an unregistered address to a ranked pass.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  allocate,
  createAccount,
  createQuest,
  DATABASES,
  expectProblem,
  expectStatus,
  issueKey,
  randomPass,
  secondInstance,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import {
  type Answer,
  CLIENT_PAIRS,
  fetchNonce,
  joinAs,
  type MessageOverrides,
  newWallet,
  postJoin,
  randomClient,
  signedMessage,
  type Wallet,
} from "../helpers/wallet.js";

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const NONCE_VALID_MS = 10 * MINUTE_MS;
const NONCES_PER_CLIENT_MAX = 20;

const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

/** The accounts registered for `pass`, through the operator's listing. */
async function accountsOf(ctx: TestContext, pass: string): Promise<{ id: string; pass: string }[]> {
  const response = await ctx.admin("GET", `/admin/accounts?pass=${pass}`);
  expectStatus(response, 200);
  return response.json().items;
}

/** `account.join` entries of an account, through the operator's audit listing. */
async function joinEntries(ctx: TestContext, accountId: string) {
  const response = await ctx.admin(
    "GET",
    `/admin/audit?action=account.join&target_type=account&target_id=${accountId}&limit=500`,
  );
  expectStatus(response, 200);
  return response.json().items as {
    actor: string;
    action: string;
    target_type: string;
    target_id: string;
    request_id: string;
    details: Record<string, unknown>;
  }[];
}

/** A join answer: the account and the signer, nothing else. */
function expectJoined(answer: Answer, status: 200 | 201, pass: string, signer: string) {
  expectStatus(answer, status);
  const body = answer.json();
  assert.deepEqual(Object.keys(body).sort(), ["account", "signer"]);
  assert.deepEqual(Object.keys(body.account).sort(), ["created_at", "id", "pass"]);
  assert.equal(body.account.pass, pass);
  assert.equal(body.signer, signer);
  assert.match(body.account.created_at, TIMESTAMP);
  assert.equal(typeof body.account.id, "string");
  return body as { account: { id: string; pass: string; created_at: string }; signer: string };
}

/** A refused join: the problem, and no account for the wallet. */
async function expectRefused(
  ctx: TestContext,
  wallet: Wallet,
  answer: Answer,
  status: number,
  code: string,
  field?: string,
) {
  const problem = expectProblem(answer, status, code, field);
  assert.deepEqual(await accountsOf(ctx, wallet.address), [], "nothing is registered");
  return problem;
}

const fieldsOf = (problem: { errors?: { field: string }[] }) =>
  (problem.errors ?? []).map((error) => error.field).sort();

for (const kind of DATABASES) {
  describe(`POST /passes/nonces [${kind}]`, () => {
    const ctx = withContext(kind);

    it("issues a single-use nonce of at least 16 alphanumerics, valid 10 minutes, with what the message must carry", async () => {
      const before = Date.now();
      const response = await ctx().inject({ method: "POST", url: "/passes/nonces" });
      expectStatus(response, 201);
      const body = response.json();
      assert.deepEqual(Object.keys(body).sort(), [
        "chain_id",
        "domain",
        "expires_at",
        "nonce",
        "uri",
      ]);
      assert.match(body.nonce, /^[A-Za-z0-9]{16,}$/);
      assert.match(body.expires_at, TIMESTAMP);
      const validMs = Date.parse(body.expires_at) - before;
      assert.ok(Math.abs(validMs - NONCE_VALID_MS) < 30 * SECOND_MS, `valid ${validMs} ms`);
      // PUBLIC_BASE_URL defaults to http://localhost:$PORT (PORT 8080), CHAIN_ID to 7668.
      assert.equal(body.domain, "localhost:8080");
      assert.equal(body.uri, "http://localhost:8080");
      assert.equal(body.chain_id, 7668);

      const nonces = new Set<string>();
      for (let i = 0; i < 10; i++) nonces.add((await fetchNonce(ctx().inject)).nonce);
      nonces.add(body.nonce);
      assert.equal(nonces.size, 11, "every nonce is new");
    });

    it("lets a client address hold at most 20 unexpired nonces: the 21st is 429 with Retry-After; other addresses go on", async () => {
      const client = randomClient();
      const ask = (remoteAddress: string) =>
        ctx().inject({ method: "POST", url: "/passes/nonces", remoteAddress });
      const held: string[] = [];
      for (let i = 0; i < NONCES_PER_CLIENT_MAX; i++) {
        const response = await ask(client);
        expectStatus(response, 201);
        held.push(response.json().nonce);
      }
      const refused = await ask(client);
      expectProblem(refused, 429, "RATE_LIMITED");
      const retryAfter = Number(refused.headers["retry-after"]);
      assert.ok(
        Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 600,
        String(refused.headers["retry-after"]),
      );
      assert.ok(retryAfter > 500, "the oldest nonce was issued only just now");
      expectStatus(await ask(randomClient()), 201);
      expectProblem(await ask(client), 429, "RATE_LIMITED");

      // A spent nonce is no longer held: joining with one frees a place.
      const wallet = newWallet();
      const signed = await signedMessage(ctx().inject, wallet, { nonce: held[0]! });
      expectStatus(await postJoin(ctx().inject, signed), 201);
      expectStatus(await ask(client), 201);
      expectProblem(await ask(client), 429, "RATE_LIMITED");

      // Neither is an expired one.
      await ctx().db.query(
        "UPDATE sign_in_nonces SET expires_at = now() - interval '1 second' WHERE nonce = $1",
        [held[1]],
      );
      expectStatus(await ask(client), 201);
      expectProblem(await ask(client), 429, "RATE_LIMITED");
    });
  });

  describe(`POST /passes/nonces counts a client as the rate limits do [${kind}]`, () => {
    const ctx = withContext(kind);
    const ask = (remoteAddress: string) =>
      ctx().inject({ method: "POST", url: "/passes/nonces", remoteAddress });

    for (const { name, first, second, shared } of CLIENT_PAIRS) {
      it(`${name}: ${shared ? "one budget of 20 nonces" : "20 nonces each"}`, async () => {
        for (let i = 0; i < NONCES_PER_CLIENT_MAX; i++) expectStatus(await ask(first), 201);
        const answer = await ask(second);
        if (shared) expectProblem(answer, 429, "RATE_LIMITED");
        else expectStatus(answer, 201);
      });
    }
  });

  describe(`POST /passes [${kind}]`, () => {
    const ctx = withContext(kind);

    it("registers the signer's address: 201 with the account and the signer, then 200 with the same account", async () => {
      const wallet = newWallet();
      const first = await joinAs(ctx().inject, wallet);
      const joined = expectJoined(first, 201, wallet.address, wallet.address);
      assert.deepEqual(
        (await accountsOf(ctx(), wallet.address)).map((account) => account.id),
        [joined.account.id],
      );
      const again = await joinAs(ctx().inject, wallet);
      assert.deepEqual(expectJoined(again, 200, wallet.address, wallet.address), joined);
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
      const joined = expectJoined(
        await joinAs(ctx().inject, wallet),
        200,
        wallet.address,
        wallet.address,
      );
      assert.equal(joined.account.id, id);
      assert.deepEqual(await joinEntries(ctx(), id), [], "no join entry for an existing account");
    });

    it("writes one audit entry account.join by pass:<address> for a new account, none for a second sign-in", async () => {
      const wallet = newWallet();
      const first = await joinAs(ctx().inject, wallet);
      const { account } = expectJoined(first, 201, wallet.address, wallet.address);
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
        expectJoined(
          await joinAs(ctx().inject, wallet, overrides),
          201,
          wallet.address,
          wallet.address,
        );
      }
    });

    describe("refuses a message failing a check with 400 SIWE_MESSAGE_INVALID naming the field, registers nothing and leaves the nonce unspent", () => {
      const cases: [string, MessageOverrides, string][] = [
        ["a domain other than this service's host", { domain: "evil.example.com" }, "domain"],
        ["this host on another port", { domain: "localhost:8081" }, "domain"],
        ["a uri outside PUBLIC_BASE_URL", { uri: "https://evil.example.com/join" }, "uri"],
        ["a uri of another port", { uri: "http://localhost:8081/app/join" }, "uri"],
        ["another chain id", { chainId: 1 }, "chain-id"],
        ["issued-at more than 10 minutes old", { issuedAt: ago(11 * MINUTE_MS) }, "issued-at"],
        ["issued-at in the future beyond 30 s", { issuedAt: ahead(2 * MINUTE_MS) }, "issued-at"],
        [
          "an expiration-time that has passed",
          { issuedAt: ago(2 * MINUTE_MS), expirationTime: ago(SECOND_MS) },
          "expiration-time",
        ],
        ["a not-before still to come", { notBefore: ahead(HOUR_MS) }, "not-before"],
        ["version 2", { version: "2" }, "version"],
        ["version 1.0", { version: "1.0" }, "version"],
      ];
      for (const [name, overrides, field] of cases) {
        it(name, async () => {
          const wallet = newWallet();
          const bad = await signedMessage(ctx().inject, wallet, overrides);
          const problem = await expectRefused(
            ctx(),
            wallet,
            await postJoin(ctx().inject, bad),
            400,
            "SIWE_MESSAGE_INVALID",
            `message.${field}`,
          );
          assert.deepEqual(fieldsOf(problem), [`message.${field}`], "only the bad field");
          // The field checks come before the nonce is spent: a good message with it still works.
          const good = await signedMessage(ctx().inject, wallet, { nonce: bad.nonce });
          expectJoined(await postJoin(ctx().inject, good), 201, wallet.address, wallet.address);
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
      const problem = await expectRefused(
        ctx(),
        wallet,
        await postJoin(ctx().inject, bad),
        400,
        "SIWE_MESSAGE_INVALID",
      );
      assert.deepEqual(
        fieldsOf(problem),
        [
          "message.chain-id",
          "message.domain",
          "message.expiration-time",
          "message.issued-at",
          "message.not-before",
          "message.uri",
          "message.version",
        ],
        JSON.stringify(problem.errors),
      );
    });

    it("refuses text that is no EIP-4361 message with 400 SIWE_MESSAGE_INVALID naming message", async () => {
      const wallet = newWallet();
      for (const message of ["hello", "Sign in please\nNonce: abcdefgh12345678", "{}"]) {
        const signature = await wallet.account.signMessage({ message });
        const problem = await expectRefused(
          ctx(),
          wallet,
          await postJoin(ctx().inject, { message, signature }),
          400,
          "SIWE_MESSAGE_INVALID",
          "message",
        );
        assert.deepEqual(fieldsOf(problem), ["message"]);
      }
    });

    it("refuses a message with lines EIP-4361 does not write (a first URI elsewhere, free text) with 400 SIWE_MESSAGE_INVALID, registering nothing", async () => {
      const wallet = newWallet();
      const signed = await signedMessage(ctx().inject, wallet);
      const phishing: [string, string][] = [
        ["\nURI: https://evil.example.com/claim\nURI: ", "message.uri"],
        ["\nSend your tokens to https://evil.example.com\nURI: ", "message"],
      ];
      for (const [inserted, field] of phishing) {
        const message = signed.message.replace("\nURI: ", inserted);
        const signature = await wallet.account.signMessage({ message });
        const problem = await expectRefused(
          ctx(),
          wallet,
          await postJoin(ctx().inject, { message, signature }),
          400,
          "SIWE_MESSAGE_INVALID",
          field,
        );
        assert.deepEqual(fieldsOf(problem), [field], JSON.stringify(problem.errors));
      }
      // Refused before the nonce is spent: the message as the service asked for it still joins.
      expectJoined(await postJoin(ctx().inject, signed), 201, wallet.address, wallet.address);
    });

    it("names a malformed issued-at and an address with a wrong EIP-55 checksum", async () => {
      const wallet = newWallet();
      const signed = await signedMessage(ctx().inject, wallet);
      const badTime = signed.message.replace(/\nIssued At: .*/, "\nIssued At: yesterday");
      const timeProblem = await expectRefused(
        ctx(),
        wallet,
        await postJoin(ctx().inject, {
          message: badTime,
          signature: await wallet.account.signMessage({ message: badTime }),
        }),
        400,
        "SIWE_MESSAGE_INVALID",
        "message.issued-at",
      );
      assert.deepEqual(fieldsOf(timeProblem), ["message.issued-at"]);

      // Swap the case of the address's letters: mixed case that is not the checksum.
      const swapped = wallet.address.replace(/[a-fA-F]/g, (c) =>
        c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase(),
      );
      assert.notEqual(swapped, wallet.address);
      const badAddress = signed.message.replace(wallet.address, swapped);
      await expectRefused(
        ctx(),
        wallet,
        await postJoin(ctx().inject, {
          message: badAddress,
          signature: await wallet.account.signMessage({ message: badAddress }),
        }),
        400,
        "SIWE_MESSAGE_INVALID",
        "message.address",
      );
    });

    it("refuses a malformed body with 400 BAD_REQUEST naming the field", async () => {
      const wallet = newWallet();
      const signed = await signedMessage(ctx().inject, wallet);
      const post = (payload: unknown) =>
        ctx().inject({ method: "POST", url: "/passes", payload: payload as object });
      for (const [payload, field] of [
        [{ message: signed.message }, "signature"],
        [{ signature: signed.signature }, "message"],
        [{ message: signed.message, signature: signed.signature, pass: wallet.address }, "pass"],
        [{ message: signed.message, signature: "" }, "signature"],
        [{ message: 5, signature: signed.signature }, "message"],
      ] as const) {
        await expectRefused(ctx(), wallet, await post(payload), 400, "BAD_REQUEST", field);
      }
      // None of them reached the nonce.
      expectStatus(await postJoin(ctx().inject, signed), 201);
    });

    it("answers 400 NONCE_INVALID for a nonce the service never issued", async () => {
      const wallet = newWallet();
      const signed = await signedMessage(ctx().inject, wallet, {
        nonce: "NeverIssued0123456789abc",
      });
      await expectRefused(
        ctx(),
        wallet,
        await postJoin(ctx().inject, signed),
        400,
        "NONCE_INVALID",
      );
    });

    it("answers 400 NONCE_INVALID to a replay of the same message and signature, and to another message with a spent nonce", async () => {
      const wallet = newWallet();
      const signed = await signedMessage(ctx().inject, wallet);
      expectStatus(await postJoin(ctx().inject, signed), 201);
      expectProblem(await postJoin(ctx().inject, signed), 400, "NONCE_INVALID");

      const other = newWallet();
      const reused = await signedMessage(ctx().inject, other, { nonce: signed.nonce });
      await expectRefused(ctx(), other, await postJoin(ctx().inject, reused), 400, "NONCE_INVALID");
    });

    it("answers 400 NONCE_INVALID for an expired nonce", async () => {
      const wallet = newWallet();
      const signed = await signedMessage(ctx().inject, wallet);
      const { rows } = await ctx().db.query(
        "UPDATE sign_in_nonces SET expires_at = now() - interval '1 second' WHERE nonce = $1 RETURNING 1",
        [signed.nonce],
      );
      assert.equal(rows.length, 1, "the issued nonce is stored");
      await expectRefused(
        ctx(),
        wallet,
        await postJoin(ctx().inject, signed),
        400,
        "NONCE_INVALID",
      );
    });

    it("answers 401 SIGNATURE_INVALID for a signature by another key, and the nonce is spent", async () => {
      const wallet = newWallet();
      const forged = await signedMessage(ctx().inject, wallet, { signer: newWallet() });
      await expectRefused(
        ctx(),
        wallet,
        await postJoin(ctx().inject, forged),
        401,
        "SIGNATURE_INVALID",
      );
      const genuine = await wallet.account.signMessage({ message: forged.message });
      await expectRefused(
        ctx(),
        wallet,
        await postJoin(ctx().inject, { message: forged.message, signature: genuine }),
        400,
        "NONCE_INVALID",
      );
    });

    it("answers 401 SIGNATURE_INVALID for a malformed signature, and the nonce is spent: the right signature then is NONCE_INVALID", async () => {
      const wallet = newWallet();
      for (const signature of [
        "0x1234",
        "not a signature",
        `0x${"zz".repeat(65)}`,
        `0x${"00".repeat(65)}`,
        `0x${"ff".repeat(65)}`,
        `0x${"ab".repeat(200)}`,
      ]) {
        const signed = await signedMessage(ctx().inject, wallet);
        await expectRefused(
          ctx(),
          wallet,
          await postJoin(ctx().inject, { message: signed.message, signature }),
          401,
          "SIGNATURE_INVALID",
        );
        await expectRefused(
          ctx(),
          wallet,
          await postJoin(ctx().inject, signed),
          400,
          "NONCE_INVALID",
        );
      }
    });

    if (kind === "postgres") {
      it("registers a message sent to two service instances at once only once: the other answer is NONCE_INVALID", async () => {
        const other = await secondInstance(ctx());
        try {
          for (let round = 0; round < 5; round++) {
            const wallet = newWallet();
            const signed = await signedMessage(ctx().inject, wallet);
            const payload = { message: signed.message, signature: signed.signature };
            const answers = await Promise.all(
              [ctx().app, other.app, ctx().app, other.app].map((app) =>
                app.inject({
                  method: "POST",
                  url: "/passes",
                  payload,
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
          }
        } finally {
          await other.close();
        }
      });

      it("registers a wallet joining through two instances at once with two nonces once: one 201, one 200", async () => {
        const other = await secondInstance(ctx());
        try {
          for (let round = 0; round < 3; round++) {
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
              expectJoined(answer, answer.statusCode as 200 | 201, wallet.address, wallet.address),
            );
            assert.equal(x!.account.id, y!.account.id);
            assert.equal((await joinEntries(ctx(), x!.account.id)).length, 1);
          }
        } finally {
          await other.close();
        }
      });
    }
  });

  describe(`a player joins, then receives points [${kind}]`, () => {
    const ctx = withContext(kind);

    it("refuses points before the join with ACCOUNT_NOT_FOUND naming /app/join, pays after it, and ranks the pass", async () => {
      const owner = randomPass();
      await createAccount(ctx(), owner);
      const { key } = await issueKey(ctx(), owner);
      const questId = await createQuest(ctx(), owner, { total_points: 1000 });
      const fixture = { apiKey: key, questId };
      const wallet = newWallet();

      const refused = await allocate(ctx(), fixture, { points: 40, address: wallet.address });
      const problem = expectProblem(refused, 400, "ACCOUNT_NOT_FOUND");
      assert.ok(problem.detail.includes(wallet.address), problem.detail);
      assert.ok(problem.detail.includes("/app/join"), problem.detail);
      expectProblem(
        await ctx().inject({ url: `/passes/${wallet.address}` }),
        404,
        "PASS_NOT_FOUND",
      );

      expectJoined(await joinAs(ctx().inject, wallet), 201, wallet.address, wallet.address);
      const paid = await allocate(ctx(), fixture, { points: 40, address: wallet.address });
      expectStatus(paid, 200);
      assert.equal(paid.json().payout.amount, 40);
      assert.equal(paid.json().payout.account.pass, wallet.address);

      const balance = await ctx().inject({ url: `/passes/${wallet.address}` });
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
      expectStatus(await allocate(ctx(), fixture, { points: 60, address: second.address }), 200);
      assert.equal((await ctx().inject({ url: `/passes/${second.address}` })).json().rank, 1);
      assert.equal((await ctx().inject({ url: `/passes/${wallet.address}` })).json().rank, 2);
    });
  });

  describe(`GET /earning-periods [${kind}]`, () => {
    const ctx = withContext(kind);
    const YEAR_2100 = Date.UTC(2100, 0, 1);
    const period = (startDay: number) => ({
      start: new Date(YEAR_2100 + startDay * DAY_MS).toISOString(),
      end: new Date(YEAR_2100 + (startDay + 1) * DAY_MS).toISOString(),
    });

    it("refuses what these routes take none of: a query parameter, a nonce request's body fields", async () => {
      expectProblem(await ctx().inject({ url: "/earning-periods?x=1" }), 400, "BAD_REQUEST", "x");
      const withFields = await ctx().inject({
        method: "POST",
        url: "/passes/nonces",
        payload: { address: "0xffffffff00000000000000000000000000000001" },
      });
      expectProblem(withFields, 400, "BAD_REQUEST", "address");
      expectStatus(await ctx().inject({ method: "POST", url: "/passes/nonces" }), 201);
      expectStatus(await ctx().inject({ method: "POST", url: "/passes/nonces", payload: {} }), 201);
    });

    it("lists the operator's earning periods oldest first as {id, start, end}, and is 400 QUESTS_DISABLED with quests off", async () => {
      const empty = await ctx().inject({ url: "/earning-periods" });
      expectStatus(empty, 200);
      assert.deepEqual(empty.json(), []);

      const made: { id: number; start: string; end: string }[] = [];
      for (const day of [20, 0, 10]) {
        const response = await ctx().admin("POST", "/admin/earning-periods", period(day));
        expectStatus(response, 201);
        made.push(response.json());
      }
      const listed = await ctx().inject({ url: "/earning-periods" });
      expectStatus(listed, 200);
      assert.deepEqual(
        listed.json(),
        [made[1], made[2], made[0]].map((p) => ({ id: p!.id, start: p!.start, end: p!.end })),
      );
      for (const item of listed.json()) {
        assert.deepEqual(Object.keys(item).sort(), ["end", "id", "start"]);
      }

      expectStatus(await ctx().admin("PUT", "/admin/features", { quests: false }), 200);
      try {
        expectProblem(await ctx().inject({ url: "/earning-periods" }), 400, "QUESTS_DISABLED");
      } finally {
        expectStatus(await ctx().admin("PUT", "/admin/features", { quests: true }), 200);
      }
      expectStatus(await ctx().inject({ url: "/earning-periods" }), 200);
    });
  });

  describe(`sign-in for PUBLIC_BASE_URL https://quests.example.com and CHAIN_ID 7672 [${kind}]`, () => {
    const ctx = withContext(kind, {
      PUBLIC_BASE_URL: "https://quests.example.com",
      CHAIN_ID: "7672",
    });

    it("asks for that domain, uri and chain id", async () => {
      const issued = await fetchNonce(ctx().inject);
      assert.equal(issued.domain, "quests.example.com");
      assert.equal(issued.uri, "https://quests.example.com");
      assert.equal(issued.chain_id, 7672);
    });

    it("accepts a message only with that domain, a uri under that address and that chain id", async () => {
      const wallet = newWallet();
      const local = await signedMessage(ctx().inject, wallet, {
        domain: "localhost:8080",
        uri: "http://localhost:8080",
        chainId: 7668,
      });
      const problem = await expectRefused(
        ctx(),
        wallet,
        await postJoin(ctx().inject, local),
        400,
        "SIWE_MESSAGE_INVALID",
      );
      assert.deepEqual(fieldsOf(problem), ["message.chain-id", "message.domain", "message.uri"]);
      for (const [overrides, field] of [
        [{ domain: "quests.example.com:443" }, "domain"],
        [{ domain: "example.com" }, "domain"],
        [{ uri: "http://quests.example.com/app/join" }, "uri"],
        [{ chainId: 7668 }, "chain-id"],
      ] as const) {
        const signed = await signedMessage(ctx().inject, wallet, overrides);
        await expectRefused(
          ctx(),
          wallet,
          await postJoin(ctx().inject, signed),
          400,
          "SIWE_MESSAGE_INVALID",
          `message.${field}`,
        );
      }
      const good = await signedMessage(ctx().inject, wallet, {
        uri: "https://quests.example.com/app/join",
      });
      assert.match(good.message, /^quests\.example\.com wants you to sign in/);
      expectJoined(await postJoin(ctx().inject, good), 201, wallet.address, wallet.address);
    });
  });
}
