/**
 * The SIGKILL durability case, the same on every database: `answeredBeforeKill` allocations are
 * answered under load, the service is killed outright and started again on the same database,
 * then every payout answered 200 must be kept with its amount, no quest may hold more payouts
 * than requests that may have made one, every idempotency key answered 200 before replays
 * without paying again, every key refused (nothing kept) or left without an answer pays at most
 * once when retried, and at every
 * step each quest's books balance and each player's kept total is the sum of its payouts.
 * Returns the restarted service.
 */
import assert from "node:assert/strict";
import type { TestContext } from "node:test";
import {
  ambiguous,
  loadUntilKilled,
  mayHavePaid,
  readState,
  retryKeys,
  type ServiceProcess,
  startService,
} from "./service-process.js";

export async function killUnderLoadLosesNothing(
  t: TestContext,
  killed: ServiceProcess,
  env: Record<string, string>,
  answeredBeforeKill: number,
): Promise<ServiceProcess> {
  const { fixture, attempts, exit } = await loadUntilKilled(killed, answeredBeforeKill);
  assert.equal(exit.signal, "SIGKILL");
  const service = await startService(env);
  const { baseUrl } = service;
  const ok = attempts.filter((a) => a.status === 200);
  t.diagnostic(`${attempts.length} attempts, ${ok.length} answered 200`);

  // The load before the kill: some paid, the small quest ran out, every 200 answer was whole.
  assert.ok(ok.length > 0, "some allocations succeeded before the kill");
  assert.ok(
    attempts.some((a) => a.code === "INSUFFICIENT_POINTS"),
    "the small quest ran out during the load",
  );
  assert.deepEqual(
    attempts.filter((a) => a.incomplete),
    [],
    "every 200 answer carries a complete payout",
  );
  const okIds = ok.map((a) => a.payoutId);
  assert.equal(new Set(okIds).size, okIds.length, "no two 200 answers share a payout id");

  // After the restart, every payout answered 200 is stored with its amount.
  const restarted = await readState(baseUrl, fixture);
  const { stored } = restarted;
  assert.deepEqual(
    ok.filter((a) => stored.get(a.payoutId!) !== a.points).map((a) => a.payoutId),
    [],
    "every payout answered 200 is kept, with its amount",
  );
  // No quest holds more payouts than requests that may have made one (200, or no answer/5xx).
  for (const quest of restarted.books) {
    assert.ok(
      quest.payouts <= mayHavePaid(attempts, quest.questId),
      `quest ${quest.questId}: ${quest.payouts} payouts`,
    );
  }

  // Each key answered 200 replays its payout and pays nothing again.
  const answered = attempts.filter((a) => a.idempotencyKey && a.status === 200);
  for (const { attempt, retry } of await retryKeys(baseUrl, fixture, answered)) {
    assert.equal(retry.status, attempt.status, `retry of key ${attempt.idempotencyKey}`);
    assert.equal(retry.replayed, true, `retry of key ${attempt.idempotencyKey} is a replay`);
    assert.equal(retry.body?.payout?.id, attempt.payoutId);
  }
  const replayed = await readState(baseUrl, fixture);
  assert.deepEqual(
    [...replayed.stored.keys()].sort(),
    [...stored.keys()].sort(),
    "replays paid nothing",
  );

  // Each key refused (400: a refusal keeps nothing, so its retry is decided afresh) or without
  // an answer (or a 5xx) pays at most once when retried, then replays.
  const unanswered = attempts.filter((a) => a.idempotencyKey && (a.status === 400 || ambiguous(a)));
  const firsts = await retryKeys(baseUrl, fixture, unanswered);
  const seconds = new Map(
    (await retryKeys(baseUrl, fixture, unanswered)).map((r) => [r.attempt, r.retry]),
  );
  let newlyPaid = 0;
  for (const { attempt, retry: first } of firsts) {
    const second = seconds.get(attempt)!;
    assert.ok([200, 400].includes(first.status), `retry of ${attempt.idempotencyKey}`);
    assert.equal(second.status, first.status);
    if (attempt.status === 400) assert.equal(first.replayed, false, "a refusal kept nothing");
    // A payout replays; a refusal is decided afresh, and kept nothing again.
    assert.equal(second.replayed, first.status === 200);
    if (first.status === 200) assert.equal(second.body?.payout?.id, first.body?.payout?.id);
    if (first.status === 200 && !first.replayed) newlyPaid++;
  }
  const retried = await readState(baseUrl, fixture);
  assert.equal(retried.stored.size, stored.size + newlyPaid, "each key paid at most once");

  // At every step: each quest lists a payout once and its books balance; each player's kept
  // total is the sum of its payouts.
  for (const state of [restarted, replayed, retried]) {
    for (const [i, quest] of state.books.entries()) {
      const ids = quest.listed.map((p) => p.id);
      assert.equal(new Set(ids).size, ids.length, `quest ${quest.questId}: a payout listed twice`);
      assert.equal(quest.total, fixture.quests[i]!.totalPoints);
      assert.ok(quest.remaining >= 0, `quest ${quest.questId} overspent`);
      assert.equal(
        quest.total - quest.remaining,
        quest.paid - quest.reversed,
        `quest ${quest.questId}: the books balance`,
      );
    }
    for (const balance of state.balances) {
      assert.deepEqual(balance.kept, balance.listed, `${balance.pass}: kept total = payouts`);
    }
  }
  return service;
}
