/**
 * What a join page asks of the service before the wallet signs: `POST /passes/nonces` (single
 * use, 20 held at most per client), `GET /earning-periods`, and the domain, uri and chain id the
 * message must carry for another PUBLIC_BASE_URL and CHAIN_ID.
 */
import assert from "node:assert/strict";
import { it } from "node:test";
import { expectProblem, expectStatus } from "../helpers/app.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import {
  CLIENT_PAIRS,
  fetchNonce,
  newWallet,
  postJoin,
  randomClient,
  signedMessage,
} from "../helpers/wallet.js";
import { expectJoinedAs, expireNonce, refusedJoin, TIMESTAMP } from "../helpers/wallet-join.js";

const SECOND_MS = 1000;
const NONCE_VALID_MS = 10 * 60 * SECOND_MS;
const NONCES_PER_CLIENT_MAX = 20;
const DAY_MS = 24 * 60 * 60 * SECOND_MS;

describeEachDatabase("POST /passes/nonces", (ctx) => {
  const ask = (remoteAddress: string) =>
    ctx().inject({ method: "POST", url: "/passes/nonces", remoteAddress });

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
    /** One more nonce for the client, then the next refused. */
    const oneMoreThenRefused = async () => {
      expectStatus(await ask(client), 201);
      expectProblem(await ask(client), 429, "RATE_LIMITED");
    };
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
    await oneMoreThenRefused();

    // Neither is an expired one.
    await expireNonce(ctx(), held[1]!);
    await oneMoreThenRefused();
  });
});

describeEachDatabase("POST /passes/nonces counts a client as the rate limits do", (ctx) => {
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

describeEachDatabase("GET /earning-periods", (ctx) => {
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

describeEachDatabase(
  "sign-in for PUBLIC_BASE_URL https://quests.example.com and CHAIN_ID 7672",
  (ctx) => {
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
      await refusedJoin(ctx(), wallet, local, 400, "SIWE_MESSAGE_INVALID", [
        "message.chain-id",
        "message.domain",
        "message.uri",
      ]);
      for (const [overrides, field] of [
        [{ domain: "quests.example.com:443" }, "domain"],
        [{ domain: "example.com" }, "domain"],
        [{ uri: "http://quests.example.com/app/join" }, "uri"],
        [{ chainId: 7668 }, "chain-id"],
      ] as const) {
        const signed = await signedMessage(ctx().inject, wallet, overrides);
        await refusedJoin(ctx(), wallet, signed, 400, "SIWE_MESSAGE_INVALID", `message.${field}`);
      }
      const good = await signedMessage(ctx().inject, wallet, {
        uri: "https://quests.example.com/app/join",
      });
      assert.match(good.message, /^quests\.example\.com wants you to sign in/);
      expectJoinedAs(await postJoin(ctx().inject, good), 201, wallet);
    });
  },
  { env: { PUBLIC_BASE_URL: "https://quests.example.com", CHAIN_ID: "7672" } },
);
