/**
 * Applications prove their owner : `POST /applications` carries a signed
 * EIP-4361 message of the owner, checked as `POST /passes` checks one, and nothing is stored
 * unless it proves the owner. The operator's view says what the owner already holds.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import {
  createAccount,
  createQuest,
  DATABASES,
  expectProblem,
  expectStatus,
  issueKey,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import {
  applicationProof,
  joinAs,
  type MessageOverrides,
  newWallet,
  randomClient,
  signedMessage,
  type Wallet,
} from "../helpers/wallet.js";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const iso = (ms: number) => new Date(ms).toISOString();

interface Proof {
  message: string;
  signature: string;
}

/** An application for `owner` carrying `proof` (or none, when `proof` is undefined). */
function applicationBody(owner: string, proof: Proof | undefined, quest: object = {}) {
  const now = Date.now();
  return {
    project: `Proof ${randomBytes(4).toString("hex")}`,
    contact: "team@proof.example",
    owner,
    ...(proof === undefined ? {} : { proof }),
    quest: {
      name: "Swap once",
      description: "Make your first swap",
      total_points: 1000,
      expected_points_per_completion: 10,
      start: iso(now - HOUR_MS),
      end: iso(now + 10 * DAY_MS),
      ...quest,
    },
  };
}

const submit = (ctx: TestContext, body: unknown) =>
  ctx.inject({
    method: "POST",
    url: "/applications",
    payload: body as object,
    remoteAddress: randomClient(),
  });

interface Listed {
  id: number;
  owner: string;
  project: string;
  status: string;
  owner_account: { id: string; quests: number; keys: number } | null;
}

/** Every application the operator sees (the test databases hold a few hundred at most). */
async function listed(ctx: TestContext): Promise<Listed[]> {
  const items: Listed[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const url: string = `/admin/applications?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await ctx.admin("GET", url);
    expectStatus(response, 200);
    items.push(...response.json().items);
    cursor = response.json().next_cursor;
    if (cursor === null) return items;
  }
  throw new Error("the cursor walk did not end");
}

async function count(ctx: TestContext, sql: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`);
  return rows[0]!.n;
}

/** What a refused application must leave as it was. */
async function stored(ctx: TestContext) {
  return {
    applications: await count(ctx, "applications"),
    submits: await count(ctx, "audit_log WHERE action = 'application.submit'"),
    accounts: await count(ctx, "accounts"),
  };
}

/** Submits `body`, expects the problem, and that nothing was stored. */
async function expectNothingStored(
  ctx: TestContext,
  body: unknown,
  status: number,
  code: string,
  field?: string,
) {
  const before = await stored(ctx);
  const problem = expectProblem(await submit(ctx, body), status, code, field);
  assert.deepEqual(await stored(ctx), before, "nothing is stored");
  return problem;
}

/** An owner with an account, a quest and a working key, as the operator registered them. */
async function establishedOwner(ctx: TestContext, wallet: Wallet = newWallet()) {
  const accountId = await createAccount(ctx, wallet.address);
  await issueKey(ctx, wallet.address);
  await createQuest(ctx, wallet.address);
  return { wallet, accountId };
}

for (const kind of DATABASES) {
  describe(`applications prove their owner [${kind}]`, () => {
    const ctx = withContext(kind);

    it("stores only the application whose proof is signed by the owner", async () => {
      const owner = newWallet();
      const other = newWallet();
      const mine = (proof: Proof | undefined) => applicationBody(owner.address, proof);

      const without = await expectNothingStored(
        ctx(),
        mine(undefined),
        400,
        "BAD_REQUEST",
        "proof",
      );
      assert.match(without.detail, /proof/);

      const ofAnother = await expectNothingStored(
        ctx(),
        mine(await applicationProof(ctx().inject, other)),
        400,
        "SIWE_MESSAGE_INVALID",
        "proof",
      );
      assert.ok(ofAnother.detail.includes(owner.address), ofAnother.detail);

      const forged = await applicationProof(ctx().inject, owner, { signer: other });
      await expectNothingStored(ctx(), mine(forged), 401, "SIGNATURE_INVALID");

      const proof = await applicationProof(ctx().inject, owner);
      const accepted = await submit(ctx(), mine(proof));
      expectStatus(accepted, 201);
      const { id } = accepted.json();
      await expectNothingStored(ctx(), mine(proof), 400, "NONCE_INVALID");

      const ofOwner = (await listed(ctx())).filter((item) => item.owner === owner.address);
      assert.deepEqual(
        ofOwner.map((item) => item.id),
        [id],
        "only the proven application is stored",
      );
    });

    it("refuses a proof already spent by a join, or by a refused application", async () => {
      const owner = newWallet();
      const signed = await signedMessage(ctx().inject, owner);
      const proof = { message: signed.message, signature: signed.signature };
      expectStatus(await ctx().inject({ method: "POST", url: "/passes", payload: proof }), 201);
      await expectNothingStored(ctx(), applicationBody(owner.address, proof), 400, "NONCE_INVALID");

      // A proof of another pass reaches the signature check, so its nonce is spent.
      const other = newWallet();
      const otherProof = await applicationProof(ctx().inject, other);
      await expectNothingStored(
        ctx(),
        applicationBody(owner.address, otherProof),
        400,
        "SIWE_MESSAGE_INVALID",
        "proof",
      );
      await expectNothingStored(
        ctx(),
        applicationBody(other.address, otherProof),
        400,
        "NONCE_INVALID",
      );
    });

    it("checks the proof's message as a sign-in's, naming proof.message.<field>", async () => {
      const owner = newWallet();
      const cases: [MessageOverrides, string][] = [
        [{ domain: "evil.example.com" }, "domain"],
        [{ uri: "https://evil.example.com/apply" }, "uri"],
        [{ chainId: 1 }, "chain-id"],
        [{ version: "2" }, "version"],
        [{ issuedAt: new Date(Date.now() - 11 * 60 * 1000) }, "issued-at"],
        [{ issuedAt: new Date(Date.now() + 2 * 60 * 1000) }, "issued-at"],
        [{ expirationTime: new Date(Date.now() - 1000) }, "expiration-time"],
        [{ notBefore: new Date(Date.now() + HOUR_MS) }, "not-before"],
      ];
      for (const [overrides, field] of cases) {
        const proof = await applicationProof(ctx().inject, owner, overrides);
        await expectNothingStored(
          ctx(),
          applicationBody(owner.address, proof),
          400,
          "SIWE_MESSAGE_INVALID",
          `proof.message.${field}`,
        );
      }
      const message = "I am the owner";
      await expectNothingStored(
        ctx(),
        applicationBody(owner.address, {
          message,
          signature: await owner.account.signMessage({ message }),
        }),
        400,
        "SIWE_MESSAGE_INVALID",
        "proof.message",
      );
      const unknown = await applicationProof(ctx().inject, owner, {
        nonce: "NeverIssued0123456789abc",
      });
      await expectNothingStored(
        ctx(),
        applicationBody(owner.address, unknown),
        400,
        "NONCE_INVALID",
      );
      const malformed = await applicationProof(ctx().inject, owner);
      await expectNothingStored(
        ctx(),
        applicationBody(owner.address, { ...malformed, signature: "0x1234" }),
        401,
        "SIGNATURE_INVALID",
      );
      for (const [proof, field] of [
        [{ message: malformed.message }, "proof.signature"],
        [{ ...malformed, extra: 1 }, "proof.extra"],
      ] as const) {
        await expectNothingStored(
          ctx(),
          applicationBody(owner.address, proof as unknown as Proof),
          400,
          "BAD_REQUEST",
          field,
        );
      }
    });

    it("refuses a proof whose message has a first URI line elsewhere with 400 naming proof.message.uri, storing nothing", async () => {
      const owner = newWallet();
      const signed = await signedMessage(ctx().inject, owner);
      const message = signed.message.replace(
        "\nURI: ",
        "\nURI: https://evil.example.com/claim\nURI: ",
      );
      const phishing = { message, signature: await owner.account.signMessage({ message }) };
      const problem = await expectNothingStored(
        ctx(),
        applicationBody(owner.address, phishing),
        400,
        "SIWE_MESSAGE_INVALID",
        "proof.message.uri",
      );
      assert.deepEqual(
        problem.errors.map((error: { field: string }) => error.field),
        ["proof.message.uri"],
      );
      // Refused before the nonce is spent: the proof as the service asked for it is accepted.
      const proof = { message: signed.message, signature: signed.signature };
      expectStatus(await submit(ctx(), applicationBody(owner.address, proof)), 201);
    });

    it("refuses an application naming an established owner's pass unless that owner signs it", async () => {
      const { wallet: owner } = await establishedOwner(ctx());
      const stranger = newWallet();
      // The stranger's own valid proof, for someone else's pass.
      await expectNothingStored(
        ctx(),
        applicationBody(owner.address, await applicationProof(ctx().inject, stranger)),
        400,
        "SIWE_MESSAGE_INVALID",
        "proof",
      );
      // A message naming the owner's address, signed by the stranger's key.
      await expectNothingStored(
        ctx(),
        applicationBody(
          owner.address,
          await applicationProof(ctx().inject, owner, { signer: stranger }),
        ),
        401,
        "SIGNATURE_INVALID",
      );
      assert.deepEqual(
        (await listed(ctx())).filter((item) => item.owner === owner.address),
        [],
      );
      // The owner may.
      const proof = await applicationProof(ctx().inject, owner);
      expectStatus(await submit(ctx(), applicationBody(owner.address, proof)), 201);
    });

    it("accepts a proof for an owner given in lower case", async () => {
      const owner = newWallet();
      const proof = await applicationProof(ctx().inject, owner);
      const response = await submit(ctx(), applicationBody(owner.address.toLowerCase(), proof));
      expectStatus(response, 201);
      const seen = (await listed(ctx())).find((item) => item.id === response.json().id);
      assert.equal(seen?.owner, owner.address);
    });

    it("takes a quest without a description (stored empty) and refuses 0 points with 400", async () => {
      const owner = newWallet();
      const body = applicationBody(owner.address, await applicationProof(ctx().inject, owner));
      const { description: _, ...quest } = body.quest;
      const response = await submit(ctx(), { ...body, quest });
      expectStatus(response, 201);
      const { id, token } = response.json();
      const read = await ctx().inject({
        url: `/applications/${id}`,
        headers: { "x-application-token": token },
      });
      expectStatus(read, 200);
      assert.equal(read.json().quest.description, "");
      const approved = await ctx().admin("POST", `/admin/applications/${id}/approve`, {});
      expectStatus(approved, 200);
      const detail = await ctx().admin("GET", `/admin/quests?owner=${owner.address}`);
      expectStatus(detail, 200);
      assert.deepEqual(
        detail.json().items.map((q: { description: string }) => q.description),
        ["", ""],
      );

      for (const [quest, field] of [
        [{ total_points: 0 }, "quest.total_points"],
        [{ expected_points_per_completion: 0 }, "quest.expected_points_per_completion"],
        [{ total_points: -5 }, "quest.total_points"],
        [{ total_points: 2 ** 53 }, "quest.total_points"],
      ] as const) {
        await expectNothingStored(
          ctx(),
          applicationBody(owner.address, await applicationProof(ctx().inject, owner), quest),
          400,
          "BAD_REQUEST",
          field,
        );
      }
    });

    it("shows the operator what the owner holds: null for a new owner, {id, quests, keys} for an established one", async () => {
      // A new owner: null in the list and in the decision.
      const fresh = newWallet();
      const first = await submit(
        ctx(),
        applicationBody(fresh.address, await applicationProof(ctx().inject, fresh)),
      );
      expectStatus(first, 201);
      const firstId = first.json().id;
      const item = (await listed(ctx())).find((entry) => entry.id === firstId);
      assert.equal(item?.owner_account, null);

      // A player who joined has an account but nothing else.
      const player = newWallet();
      const joined = await joinAs(ctx().inject, player);
      expectStatus(joined, 201);
      const second = await submit(
        ctx(),
        applicationBody(player.address, await applicationProof(ctx().inject, player)),
      );
      expectStatus(second, 201);
      assert.deepEqual(
        (await listed(ctx())).find((entry) => entry.id === second.json().id)?.owner_account,
        { id: joined.json().account.id, quests: 0, keys: 0 },
      );

      // An established owner: two quests, three keys of which one revoked.
      const owner = newWallet();
      const accountId = await createAccount(ctx(), owner.address);
      await createQuest(ctx(), owner.address);
      await createQuest(ctx(), owner.address, { mode: "test" });
      await issueKey(ctx(), owner.address);
      await issueKey(ctx(), owner.address, "test");
      const revoked = await issueKey(ctx(), owner.address);
      expectStatus(await ctx().admin("DELETE", `/admin/keys/${revoked.id}`), 204);
      const third = await submit(
        ctx(),
        applicationBody(owner.address, await applicationProof(ctx().inject, owner)),
      );
      expectStatus(third, 201);
      const thirdId = third.json().id;
      const established = (await listed(ctx())).find((entry) => entry.id === thirdId);
      assert.deepEqual(established?.owner_account, { id: accountId, quests: 2, keys: 2 });
      const pending = await ctx().admin("GET", "/admin/applications?status=pending&limit=500");
      assert.deepEqual(
        pending.json().items.find((entry: Listed) => entry.id === thirdId).owner_account,
        { id: accountId, quests: 2, keys: 2 },
      );

      // The decisions carry it as it is after the decision.
      const approved = await ctx().admin("POST", `/admin/applications/${firstId}/approve`, {});
      expectStatus(approved, 200);
      const account = approved.json().owner_account;
      assert.equal(typeof account?.id, "string");
      assert.deepEqual(
        { quests: account.quests, keys: account.keys },
        { quests: 2, keys: 0 },
        "approval registered the owner and created the quest and its twin",
      );
      const claimed = await ctx().inject({
        method: "POST",
        url: `/applications/${firstId}/keys`,
        headers: { "x-application-token": first.json().token },
      });
      expectStatus(claimed, 201);
      assert.deepEqual((await listed(ctx())).find((entry) => entry.id === firstId)?.owner_account, {
        id: account.id,
        quests: 2,
        keys: 2,
      });
      const rejected = await ctx().admin("POST", `/admin/applications/${thirdId}/reject`, {
        reason: "One is enough",
      });
      expectStatus(rejected, 200);
      assert.deepEqual(rejected.json().owner_account, { id: accountId, quests: 2, keys: 2 });
    });
  });
}
