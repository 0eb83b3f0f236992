/**
 * The webhook rows (BENCH_ONLY=webhook): hot-quest allocations on PostgreSQL with no webhook
 * endpoint, then, on a fresh database, with one endpoint subscribed to `payout.created` whose
 * receiver is a local process (bench/webhook-receiver.ts); the ratio of the two rates (goal at
 * least 0.8), and the delivery lag while the load runs: from each event's `created_at` (its
 * transaction's clock) to its arrival, p50 and p99 (goal p99 under 1 s). The run with the
 * endpoint ends only when every payout's event has arrived (bounded); the books are checked
 * after each run and every payout must have had its event delivered.
 */
import { checkAllOk, checkBooks, checkPayoutsMatch, readBooks, record } from "./checks.js";
import { createCast, createQuests } from "./fixtures.js";
import { type Measurement, runLoad } from "./load.js";
import { startChild } from "./processes.js";
import type { Goal, Row } from "./report.js";
import { type Database, type GroupContext, type Service, startService } from "./service.js";

export const WEBHOOK_GROUP = "webhooks";
export const WEBHOOK_SCENARIOS = {
  none: "allocate, hot quest, no webhook endpoint",
  one: "allocate, hot quest, one endpoint subscribed to payout.created",
};
const RATIO_GOAL: Goal = { ratioMin: 0.8 };
export const LAG_P99_MS_MAX = 1000;
/** Longest wait, after the load, for the last events to arrive. */
const DRAIN_WAIT_MS = 120_000;

interface Stats {
  received: number;
  unique: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface WebhookLag {
  scenario: string;
  stats: Stats;
  /** From the end of the load until the last event arrived. */
  drainS: number;
  payouts: number;
}

export type WebhookBenchOptions = GroupContext;

const SERVICE_ENV = { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" };

export async function benchWebhooks(
  options: WebhookBenchOptions,
): Promise<{ rows: Row[]; lag: WebhookLag }> {
  const { settings, log } = options;
  const load = async (service: Service, prepare?: (apiKey: string) => Promise<void>) => {
    const cast = await createCast(service, 1);
    const [questId] = await createQuests(service, cast.owner.pass, 1);
    await prepare?.(cast.apiKey);
    return runLoad(
      {
        baseUrl: service.url,
        method: "POST",
        paths: [`/quests/${questId}`],
        headers: { "content-type": "application/json", "x-api-key": cast.apiKey },
        body: JSON.stringify({ points: 1, address: cast.players[0]!.pass }),
      },
      settings,
    );
  };

  log(`▶ ${WEBHOOK_SCENARIOS.none} (PostgreSQL)…`);
  const bareDb = await options.open("webhooks_none");
  const bare = await startService(bareDb, { batching: true, workers: 1, env: SERVICE_ENV });
  const baseline = await load(bare);
  await options.stopService(bare, WEBHOOK_SCENARIOS.none);
  checkRun(WEBHOOK_SCENARIOS.none, baseline, await options.withDb(bareDb, readBooks));

  log(`▶ ${WEBHOOK_SCENARIOS.one} (PostgreSQL)…`);
  const receiver = await startChild(["bench/webhook-receiver.ts"], {});
  const database = await options.open("webhooks_one");
  const service = await startService(database, { batching: true, workers: 1, env: SERVICE_ENV });
  const run = await load(service, async (apiKey) => {
    const response = await fetch(`${service.url}/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": apiKey },
      body: JSON.stringify({ url: `${receiver.url}/hook`, events: ["payout.created"] }),
    });
    if (response.status !== 201) throw new Error(`POST /webhooks: ${await response.text()}`);
  });
  const books = await options.withDb(database, readBooks);
  const drainStarted = Date.now();
  let stats = await receiverStats(receiver.url);
  while (stats.unique < books.payouts && Date.now() - drainStarted < DRAIN_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    stats = await receiverStats(receiver.url);
  }
  const drainS = (Date.now() - drainStarted) / 1000;
  await options.stopService(service, WEBHOOK_SCENARIOS.one);
  await receiver.stop();
  if (stats.unique < books.payouts) {
    log(`Not every event arrived; the outbox says: ${await outboxState(options, database)}`);
  }
  checkRun(WEBHOOK_SCENARIOS.one, run, books);
  record(
    `${WEBHOOK_SCENARIOS.one}: every payout's event delivered`,
    stats.unique === books.payouts,
    `${stats.unique} distinct events received (${stats.received} messages) for ${books.payouts} payouts`,
  );
  log(
    `Webhook lag: p50 ${stats.p50Ms} ms, p99 ${stats.p99Ms} ms, max ${stats.maxMs} ms; the last event ${drainS.toFixed(1)} s after the load`,
  );
  return {
    rows: [
      {
        scenario: WEBHOOK_SCENARIOS.one,
        database: "PostgreSQL",
        run,
        baseline: { label: WEBHOOK_SCENARIOS.none, run: baseline },
        goal: RATIO_GOAL,
      },
    ],
    lag: { scenario: WEBHOOK_SCENARIOS.one, stats, drainS, payouts: books.payouts },
  };
}

function checkRun(name: string, run: Measurement, books: Awaited<ReturnType<typeof readBooks>>) {
  checkAllOk(name, run);
  checkBooks(name, books);
  checkPayoutsMatch(name, run, books, 0);
}

/** What the outbox holds, for a run whose events did not all arrive. */
async function outboxState(options: WebhookBenchOptions, database: Database): Promise<string> {
  return options.withDb(database, async (db) => {
    const { rows: deliveries } = await db.query(
      `SELECT status, attempt, error, count(*)::int AS count FROM webhook_deliveries
       GROUP BY 1, 2, 3 ORDER BY 4 DESC LIMIT 10`,
    );
    const { rows: missing } = await db.query(
      `SELECT count(*)::int AS payouts_without_event FROM payouts p
       LEFT JOIN (SELECT (body::json->'data'->>'id')::uuid AS payout_id FROM webhook_events) e
         ON e.payout_id = p.id
       WHERE e.payout_id IS NULL`,
    );
    return JSON.stringify({ deliveries, ...missing[0] });
  });
}

async function receiverStats(url: string): Promise<Stats> {
  return (await (await fetch(`${url}/stats`)).json()) as Stats;
}

/** The lag table: delivery while the allocation load ran, and after it. */
export function renderWebhookLagTable(lag: WebhookLag): string {
  const met = lag.stats.p99Ms < LAG_P99_MS_MAX;
  return [
    "## Webhook delivery lag",
    "",
    "From each event's `created_at` (its transaction's clock) to its arrival at a local receiver, over every event of the allocation run above (warm-up included), the delivery worker in the one service process.",
    "",
    "| Scenario | Events | p50 | p99 | max | last event after the load | goal | met |",
    "|---|---|---|---|---|---|---|---|",
    `| ${lag.scenario} | ${lag.stats.unique.toLocaleString("en-US")} of ${lag.payouts.toLocaleString("en-US")} | ${lag.stats.p50Ms} ms | ${lag.stats.p99Ms} ms | ${lag.stats.maxMs} ms | ${lag.drainS.toFixed(1)} s | p99 < ${LAG_P99_MS_MAX} ms | ${met ? "yes" : "**no**"} |`,
    "",
  ].join("\n");
}
