/**
 * Suspended passes (docs/operator-api.md#suspended-passes): `POST` and `DELETE
 * /admin/accounts/{id}/suspension` (role support), the account answers, the audit log, the
 * operators' webhook events, and the leaderboards and ranks, which leave a suspended pass out
 * in every scope until it is reinstated.
 */
import assert from "node:assert/strict";
import { it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { openPostgres } from "../../src/db/postgres.js";
import {
  createAccount,
  createQuest,
  expectProblem,
  expectStatus,
  issueKey,
  randomPass,
  type TestContext,
} from "../helpers/app.js";
import { newCampaign } from "../helpers/campaigns.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { payTo } from "../helpers/owners.js";
import {
  addEndpoint,
  cleanUpAfterEach,
  controlledWorker,
  messageOf,
  receiver,
  verify,
} from "../helpers/webhook-receiver.js";

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const HOUR_MS = 60 * 60 * 1000;
const UNKNOWN_ID = "00000000-0000-4000-8000-00000000f00d";

interface AccountAnswer {
  id: string;
  pass: string;
  created_at: string;
  suspended_at: string | null;
  suspension_reason: string | null;
}

const suspend = (ctx: TestContext, id: string, reason: unknown) =>
  ctx.admin("POST", `/admin/accounts/${id}/suspension`, { reason });
const reinstate = (ctx: TestContext, id: string) =>
  ctx.admin("DELETE", `/admin/accounts/${id}/suspension`);

async function listed(ctx: TestContext, pass: string): Promise<AccountAnswer> {
  const response = await ctx.admin("GET", `/admin/accounts?pass=${pass}`);
  expectStatus(response, 200);
  return response.json().items[0];
}

async function auditOf(ctx: TestContext, action: string, id: string) {
  const response = await ctx.admin("GET", `/admin/audit?action=${action}&target_id=${id}`);
  expectStatus(response, 200);
  return response.json().items as { actor: string; details: Record<string, unknown> }[];
}

async function operatorToken(ctx: TestContext, role: string): Promise<string> {
  const response = await ctx.admin("POST", "/admin/operators", { name: `A ${role}`, role });
  expectStatus(response, 201);
  return response.json().token;
}

/** A leaderboard's entries as `pass:rank`. */
async function board(ctx: TestContext, query: string): Promise<string[]> {
  const response = await ctx.inject({ url: `/leaderboard?${query}` });
  expectStatus(response, 200);
  return response.json().items.map((item: { pass: string; rank: number }) => {
    return `${item.pass}:${item.rank}`;
  });
}

async function balance(ctx: TestContext, pass: string) {
  const response = await ctx.inject({ url: `/passes/${pass}` });
  expectStatus(response, 200);
  return response.json() as { points: number; rank: number | null; suspended: boolean };
}

describeEachDatabase(
  "suspended passes",
  (ctx, kind) => {
    cleanUpAfterEach();

    it("suspends a pass for a support operator, answers and lists it so, and audits it once per change", async () => {
      const pass = randomPass();
      const id = await createAccount(ctx(), pass);
      const fresh = await listed(ctx(), pass);
      assert.equal(fresh.suspended_at, null);
      assert.equal(fresh.suspension_reason, null);

      const token = await operatorToken(ctx(), "support");
      const response = await ctx().inject({
        method: "POST",
        url: `/admin/accounts/${id}/suspension`,
        headers: { authorization: `Bearer ${token}` },
        payload: { reason: "Sybil ring 7" },
      });
      expectStatus(response, 200);
      const suspended = response.json() as AccountAnswer;
      assert.deepEqual(Object.keys(suspended).sort(), [
        "created_at",
        "id",
        "pass",
        "suspended_at",
        "suspension_reason",
      ]);
      assert.equal(suspended.id, id);
      assert.match(String(suspended.suspended_at), TIMESTAMP);
      assert.equal(suspended.suspension_reason, "Sybil ring 7");
      assert.deepEqual(await listed(ctx(), pass), suspended);
      const [entry, ...more] = await auditOf(ctx(), "account.suspend", id);
      assert.equal(more.length, 0);
      assert.match(entry!.actor, /^operator:[0-9a-f-]{36}$/);
      assert.deepEqual(entry!.details, { pass, reason: "Sybil ring 7" });

      // Again with the same reason: nothing changes, nothing more is audited.
      const again = await suspend(ctx(), id, "Sybil ring 7");
      expectStatus(again, 200);
      assert.deepEqual(again.json(), suspended);
      assert.equal((await auditOf(ctx(), "account.suspend", id)).length, 1);

      // Another reason: only the reason changes; suspended_at stays.
      const reworded = await suspend(ctx(), id.toUpperCase(), "Sybil ring 7, confirmed");
      expectStatus(reworded, 200);
      assert.deepEqual(reworded.json(), {
        ...suspended,
        suspension_reason: "Sybil ring 7, confirmed",
      });
      const entries = await auditOf(ctx(), "account.suspend", id);
      assert.equal(entries.length, 2);
      assert.deepEqual(entries[0]!.details, {
        pass,
        reason: "Sybil ring 7, confirmed",
        previous_reason: "Sybil ring 7",
      });

      const back = await reinstate(ctx(), id);
      expectStatus(back, 200);
      assert.deepEqual(back.json(), { ...suspended, suspended_at: null, suspension_reason: null });
      assert.deepEqual(await listed(ctx(), pass), back.json());
      const [reinstated] = await auditOf(ctx(), "account.reinstate", id);
      assert.deepEqual(reinstated!.details, {
        pass,
        suspension_reason: "Sybil ring 7, confirmed",
      });
      // Reinstating a pass that is not suspended: 200, unchanged, not audited.
      const twice = await reinstate(ctx(), id);
      expectStatus(twice, 200);
      assert.deepEqual(twice.json(), back.json());
      assert.equal((await auditOf(ctx(), "account.reinstate", id)).length, 1);
    });

    it("refuses a viewer with 403 FORBIDDEN naming the support role, and changes nothing", async () => {
      const pass = randomPass();
      const id = await createAccount(ctx(), pass);
      const token = await operatorToken(ctx(), "viewer");
      for (const method of ["POST", "DELETE"] as const) {
        const response = await ctx().inject({
          method,
          url: `/admin/accounts/${id}/suspension`,
          headers: { authorization: `Bearer ${token}` },
          ...(method === "POST" ? { payload: { reason: "abuse" } } : {}),
        });
        const problem = expectProblem(response, 403, "FORBIDDEN");
        assert.match(problem.detail, /needs the support role/);
      }
      assert.equal((await listed(ctx(), pass)).suspended_at, null);
    });

    it("answers 404 NOT_FOUND for an unknown account, and 400 naming the field for bad input", async () => {
      expectProblem(await suspend(ctx(), UNKNOWN_ID, "abuse"), 404, "NOT_FOUND");
      expectProblem(await reinstate(ctx(), UNKNOWN_ID), 404, "NOT_FOUND");
      expectProblem(await suspend(ctx(), "not-a-uuid", "abuse"), 400, "BAD_REQUEST", "id");
      expectProblem(await reinstate(ctx(), "urn:uuid:1"), 400, "BAD_REQUEST", "id");
      const id = await createAccount(ctx());
      expectProblem(await suspend(ctx(), id, ""), 400, "BAD_REQUEST", "reason");
      expectProblem(await suspend(ctx(), id, "x".repeat(501)), 400, "BAD_REQUEST", "reason");
      expectProblem(await suspend(ctx(), id, 7), 400, "BAD_REQUEST", "reason");
      const missing = await ctx().admin("POST", `/admin/accounts/${id}/suspension`, {});
      expectProblem(missing, 400, "BAD_REQUEST", "reason");
      const extra = await ctx().admin("POST", `/admin/accounts/${id}/suspension`, {
        reason: "abuse",
        until: "tomorrow",
      });
      expectProblem(extra, 400, "BAD_REQUEST", "until");
      const longest = await suspend(ctx(), id, "x".repeat(500));
      expectStatus(longest, 200);
      assert.equal(longest.json().suspension_reason.length, 500);
    });

    // PostgreSQL only: PGlite has one connection, so nothing runs beside.
    const onPostgres = kind === "postgres" ? it : () => {};
    onPostgres(
      "waits for an allocation in flight to the pass (its FOR KEY SHARE on the account) before it suspends",
      async () => {
        const id = await createAccount(ctx());
        const other = openPostgres({ url: ctx().url!, poolSize: 1 });
        let release = () => {};
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        let locked = () => {};
        const held = new Promise<void>((resolve) => {
          locked = resolve;
        });
        const allocation = other.transaction(async (tx) => {
          await tx.query("SELECT 1 FROM accounts WHERE id = $1 FOR KEY SHARE", [id]);
          locked();
          await released;
        });
        try {
          await held;
          let answered = false;
          const suspending = suspend(ctx(), id, "ring").finally(() => {
            answered = true;
          });
          await sleep(300);
          assert.equal(answered, false, "the suspension waits for the allocation's lock");
          release();
          await allocation;
          expectStatus(await suspending, 200);
        } finally {
          release();
          await allocation.catch(() => {});
          await other.close();
        }
      },
    );

    it("sends account.suspended and account.reinstated to an operator endpoint, with the account as listed", async () => {
      const pass = randomPass();
      const id = await createAccount(ctx(), pass);
      const rx = await receiver();
      const events = ["account.suspended", "account.reinstated"];
      const endpoint = await addEndpoint(ctx(), "operators", rx.url, events);
      const suspended = await suspend(ctx(), id, "Bought accounts");
      expectStatus(suspended, 200);
      const reinstated = await reinstate(ctx(), id);
      expectStatus(reinstated, 200);

      await controlledWorker(ctx()).runOnce();
      assert.equal(rx.received.length, 2, rx.received.map((m) => m.body).join("\n"));
      const bodies = rx.received.map((message) => {
        verify(endpoint.secret, message);
        return messageOf(message);
      });
      bodies.sort((a, b) => events.indexOf(a.type) - events.indexOf(b.type));
      assert.deepEqual(
        bodies.map((body) => [body.type, body.mode]),
        [
          ["account.suspended", "live"],
          ["account.reinstated", "live"],
        ],
      );
      assert.deepEqual(bodies[0]!.data, suspended.json());
      assert.deepEqual(bodies[1]!.data, reinstated.json());
      assert.deepEqual(bodies[1]!.data, await listed(ctx(), pass));
    });

    it("leaves a suspended pass off every leaderboard and out of every rank, and reinstating restores it", async () => {
      const now = Date.now();
      const period = await ctx().admin("POST", "/admin/earning-periods", {
        start: new Date(now - HOUR_MS).toISOString(),
        end: new Date(now + 24 * HOUR_MS).toISOString(),
      });
      expectStatus(period, 201);
      const periodId = period.json().id as number;
      const campaignId = await newCampaign(ctx());
      const owner = randomPass();
      await createAccount(ctx(), owner);
      const { key } = await issueKey(ctx(), owner);
      const quest = {
        apiKey: key,
        questId: await createQuest(ctx(), owner, {
          campaign_id: campaignId,
          total_points: 1_000_000,
        }),
      };
      // Far above what the other tests pay anyone: these three top the overall board.
      const [a, b, c] = [randomPass(), randomPass(), randomPass()];
      const ids = new Map<string, string>();
      for (const [pass, points] of [
        [a, 900_000],
        [b, 80_000],
        [c, 7_000],
      ] as const) {
        ids.set(pass, await createAccount(ctx(), pass));
        await payTo(ctx(), quest, points, pass);
      }
      const scopes = [
        "limit=3",
        `campaign_id=${campaignId}`,
        `earning_period_id=${periodId}`,
        `campaign_id=${campaignId}&earning_period_id=${periodId}`,
      ];
      const expectBoards = async (expected: string[]) => {
        for (const scope of scopes) {
          assert.deepEqual((await board(ctx(), scope)).slice(0, 3), expected, scope);
        }
        // A later page counts the passes above it: the second place is ranked 2.
        const second = await board(ctx(), `campaign_id=${campaignId}&offset=1&limit=1`);
        assert.deepEqual(second, [expected[1]]);
      };
      await expectBoards([`${a}:1`, `${b}:2`, `${c}:3`]);

      expectStatus(await suspend(ctx(), ids.get(b)!, "Sybil ring"), 200);
      await expectBoards([`${a}:1`, `${c}:2`]);
      assert.deepEqual(await balance(ctx(), b), {
        ...(await balance(ctx(), b)),
        points: 80_000,
        rank: null,
        suspended: true,
      });
      assert.equal((await balance(ctx(), c)).rank, 2, "b is not counted above c");
      assert.equal((await balance(ctx(), a)).suspended, false);

      expectStatus(await reinstate(ctx(), ids.get(b)!), 200);
      await expectBoards([`${a}:1`, `${b}:2`, `${c}:3`]);
      assert.deepEqual(
        [await balance(ctx(), b), await balance(ctx(), c)].map((x) => [x.rank, x.suspended]),
        [
          [2, false],
          [3, false],
        ],
      );

      // The quest moves to another campaign while b is suspended: b's new rows stay off too.
      expectStatus(await suspend(ctx(), ids.get(b)!, "Sybil ring"), 200);
      const otherId = await newCampaign(ctx());
      const moved = await ctx().admin("PATCH", `/admin/quests/${quest.questId}`, {
        campaign_id: otherId,
      });
      expectStatus(moved, 200);
      assert.deepEqual(await board(ctx(), `campaign_id=${otherId}`), [`${a}:1`, `${c}:2`]);
      assert.deepEqual(await board(ctx(), `campaign_id=${campaignId}`), []);
      expectStatus(await reinstate(ctx(), ids.get(b)!), 200);
      assert.deepEqual(await board(ctx(), `campaign_id=${otherId}`), [
        `${a}:1`,
        `${b}:2`,
        `${c}:3`,
      ]);
    });
  },
  { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" } },
);
