/**
 * One fuzzing run (`npm run fuzz`, docs/testing.md#the-fuzzer): a world of real parts, a seeded
 * stream of weighted operations with faults among them, each answer checked against the model,
 * the books compared through the API every `checkEvery` steps, and at the end the books check of
 * `questpoints check` on the database itself and every webhook event owed.
 */
import { Webhook } from "standardwebhooks";
import { getAddress } from "viem";
import type { Db } from "../src/db/handle.js";
import { openPglite } from "../src/db/pglite.js";
import { openPostgres } from "../src/db/postgres.js";
import { checkBooks } from "../src/use-cases/books-check.js";
import { compareBooks, settle } from "./books.js";
import { FAULTS, type FaultKind } from "./faults.js";
import { call, describeAnswer } from "./http.js";
import { FuzzFailure, Model } from "./model.js";
import { OPERATIONS, type OperationKind, type Run, withEndpoint } from "./operations.js";
import { seededRandom } from "./random.js";
import { type DatabaseKind, startWorld, type World } from "./world.js";

export interface FuzzOptions {
  seed: number;
  /** Ends after this many steps, or `seconds`, whichever comes first. */
  steps: number;
  seconds: number;
  database: DatabaseKind;
  processes: number;
  /** Chance that a step is a fault rather than an operation. */
  faultRate: number;
  checkEvery: number;
  onStep?: (step: number) => void;
}

export interface FuzzReport {
  steps: number;
  operations: Record<string, number>;
  faults: Record<string, number>;
  payouts: number;
  seconds: number;
}

const PASSES = 6;
const QUESTS = 3;
const ACTION_TYPES = ["fuzz-visit", "fuzz-quiz"];
const LOG_KEPT = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A failure with what it takes to look at it and replay it. */
export class FuzzRunFailure extends Error {
  override readonly name = "FuzzRunFailure";
  constructor(
    readonly step: number,
    readonly reason: string,
    readonly logTail: string[],
  ) {
    super(`step ${step}: ${reason}`);
  }
}

export async function fuzz(options: FuzzOptions): Promise<FuzzReport> {
  const random = seededRandom(options.seed);
  const model = new Model();
  const world = await startWorld(options.database, options.processes);
  const log: string[] = [];
  const report: FuzzReport = { steps: 0, operations: {}, faults: {}, payouts: 0, seconds: 0 };
  const run: Run = {
    world,
    model,
    random,
    log: (line) => {
      // Retries of one request while a service restarts fill no more than one line.
      const entry = `[${report.steps}] ${line}`;
      if (log.at(-1)?.startsWith(entry)) {
        const times = Number(/ \(×(\d+)\)$/.exec(log.at(-1)!)?.[1] ?? 1) + 1;
        log[log.length - 1] = `${entry} (×${times})`;
        return;
      }
      log.push(entry);
      if (log.length > LOG_KEPT) log.shift();
    },
    faults: 0,
  };
  const started = Date.now();
  try {
    await setUp(run);
    const deadline = started + options.seconds * 1000;
    while (report.steps < options.steps && Date.now() < deadline) {
      report.steps++;
      options.onStep?.(report.steps);
      if (random.chance(options.faultRate)) {
        const kind = random.weighted(weights(faultsOf(world))) as FaultKind;
        report.faults[kind] = (report.faults[kind] ?? 0) + 1;
        await FAULTS[kind].run(run);
      } else {
        const kind = random.weighted(weights(OPERATIONS)) as OperationKind;
        report.operations[kind] = (report.operations[kind] ?? 0) + 1;
        await OPERATIONS[kind].run(run);
      }
      await settle(run);
      if (report.steps % options.checkEvery === 0) {
        await compareBooks(run);
        // On PostgreSQL the database's own books are checked as it runs (PGlite's, at the end).
        if (world.kind === "postgres") await checkDatabaseBooks(world);
      }
    }
    await world.receiver.setMood("ok");
    // The last comparison reads every balance: quest endpoints answer only while switched on.
    if (!model.questsOn) {
      await call(world.urls[0]!, "PUT", "/admin/features", { admin: true, body: { quests: true } });
      model.questsOn = true;
    }
    await compareBooks(run);
    await replayEveryKey(run);
    report.payouts = model.payouts.size;
    await finalChecks(run);
    report.seconds = (Date.now() - started) / 1000;
    return report;
  } catch (error) {
    if (!(error instanceof FuzzFailure)) throw error;
    throw new FuzzRunFailure(report.steps, error.message, log);
  } finally {
    await world.stop();
  }
}

/** PGlite has no server to crash and no connections to cut: its process is killed instead. */
const faultsOf = (world: World) =>
  world.kind === "postgres"
    ? FAULTS
    : { killService: FAULTS.killService, receiverMood: FAULTS.receiverMood };

const weights = (table: Record<string, { weight: number }>) =>
  Object.fromEntries(Object.entries(table).map(([kind, { weight }]) => [kind, weight]));

/** The owner, its key and endpoint, the quests and the passes, through the operator API. */
async function setUp(run: Run): Promise<void> {
  const { model, random } = run;
  const url = run.world.urls[0]!;
  const admin = async (method: string, path: string, body?: unknown) => {
    const answer = await call(url, method, path, { admin: true, body });
    if (answer.status !== 201 && answer.status !== 200) {
      throw new Error(`set-up ${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  };
  const address = () => getAddress(`0x${random.hex(20)}`);
  const owner = address();
  await admin("POST", "/admin/accounts", { pass: owner });
  const key = await admin("POST", "/admin/keys", { owner });
  for (let i = 0; i < PASSES; i++) {
    const pass = address();
    const account = await admin("POST", "/admin/accounts", { pass });
    model.passes.push({ address: pass, id: account.id, suspended: false });
  }
  model.strangers = [address(), address()];
  const now = Date.now();
  for (const name of ACTION_TYPES) {
    await admin("PUT", `/admin/action-types/${name}`, { active: true });
  }
  for (let i = 0; i < QUESTS; i++) {
    const total = random.int(100, 2000);
    const actionType = ACTION_TYPES[i % ACTION_TYPES.length]!;
    const quest = await admin("POST", "/admin/quests", {
      name: `Fuzz ${i}`,
      description: "fuzz",
      owner,
      total_points: total,
      expected_points_per_completion: 10,
      action_type: actionType,
      start: new Date(now - DAY_MS).toISOString(),
      end: new Date(now + 30 * DAY_MS).toISOString(),
    });
    model.quests.push({
      id: quest.id,
      owner: 0,
      total,
      active: true,
      actionType,
      passPointsMax: null,
      passPayoutsMax: null,
    });
  }
  model.owners.push(await withEndpoint(run, { pass: owner, key: key.key, keyId: key.id }));
}

/**
 * The database's own books (the check of `questpoints check`), every payout with its
 * payout.created event written with it, and every message received signed and about a stored
 * payout (an event of a rolled-back allocation would name a payout that is not there).
 */
async function finalChecks(run: Run): Promise<void> {
  // compareBooks, just before, found the stored payouts to be exactly the model's.
  const stored = new Set(run.model.payouts.keys());
  for (const message of run.world.receiver.received) {
    const owner = run.model.owners.find((o) => o.hook === message.path);
    if (run.model.orphanHooks.includes(message.path)) continue; // its secret was never seen
    if (!owner) throw new FuzzFailure(`a webhook message to ${message.path}, no endpoint's`);
    let body: { type: string; data: { id?: string; payout_id?: string } };
    try {
      body = verifiedAt(message.atMs, () =>
        new Webhook(owner.secret).verify(message.body, message.headers as Record<string, string>),
      ) as typeof body;
    } catch (error) {
      throw new FuzzFailure(`a webhook message fails its signature: ${String(error)}`);
    }
    const payoutId = body.type === "payout.created" ? body.data.id : body.data.payout_id;
    if (payoutId && !stored.has(payoutId)) {
      throw new FuzzFailure(`${body.type} was sent for payout ${payoutId}, which is not stored`);
    }
  }
  await run.world.stopServices();
  const db = await openDatabase(run.world);
  try {
    await booksHold(db);
    const received = new Set(run.world.receiver.received.map((m) => m.headers["webhook-id"]));
    const { rows: succeeded } = await db.query<{ event_id: string }>(
      "SELECT DISTINCT event_id FROM webhook_deliveries WHERE status = 'succeeded'",
    );
    const lost = succeeded.filter((row) => !received.has(row.event_id));
    if (lost.length > 0) {
      throw new FuzzFailure(
        `${lost.length} deliveries are recorded as sent but never arrived, e.g. ${lost[0]!.event_id}`,
      );
    }
  } finally {
    await db.close();
  }
}

async function openDatabase(world: World): Promise<Db> {
  if (world.kind === "postgres") return openPostgres({ url: world.databaseUrl!, poolSize: 2 });
  return openPglite(world.dataDir!);
}

/**
 * `questpoints check`'s books check (src/use-cases/books-check.ts) finds nothing amiss, and every
 * payout has its payout.created event, each with a delivery.
 */
async function booksHold(db: Db): Promise<void> {
  const books = await checkBooks(db);
  if (books.mismatches.length > 0) {
    throw new FuzzFailure(`the books check: ${books.mismatches.map((m) => m.detail).join("; ")}`);
  }
  // Written in the payout's own transaction: owed from the moment it commits.
  const { rows } = await db.query<{ id: string }>(
    `SELECT p.id FROM payouts p WHERE NOT EXISTS (
       SELECT 1 FROM webhook_events e
        WHERE e.type = 'payout.created' AND (e.body::jsonb -> 'data' ->> 'id') = p.id::text)`,
  );
  if (rows.length > 0) {
    throw new FuzzFailure(
      `${rows.length} payouts have no payout.created event, e.g. ${rows[0]!.id}`,
    );
  }
  const { rows: undelivered } = await db.query<{ id: string }>(
    `SELECT e.id FROM webhook_events e WHERE e.type = 'payout.created'
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)`,
  );
  if (undelivered.length > 0) {
    throw new FuzzFailure(`${undelivered.length} payout.created events have no delivery`);
  }
}

/** The books check on PostgreSQL while the services run (one read-only snapshot). */
async function checkDatabaseBooks(world: World): Promise<void> {
  const db = await openDatabase(world);
  try {
    await booksHold(db);
  } finally {
    await db.close();
  }
}

/** Every key that paid, sent again with its body: the same payout, replayed, nothing paid twice. */
async function replayEveryKey(run: Run): Promise<void> {
  for (const keyed of run.model.keyed.values()) {
    if (!keyed.payoutId) continue;
    const answer = await call(run.random.pick(run.world.urls), "POST", `/quests/${keyed.questId}`, {
      apiKey: run.model.keyOf(keyed.questId),
      body: { points: keyed.points, address: keyed.pass },
      idempotencyKey: keyed.key,
    });
    if (answer.status !== 200 || !answer.replayed || answer.body.payout.id !== keyed.payoutId) {
      throw new FuzzFailure(
        `key ${keyed.key} paid ${keyed.payoutId}; sent again at the end: ${describeAnswer(answer)} ${JSON.stringify(answer.body)}`,
      );
    }
  }
}

/**
 * `check` run as of `atMs`: standardwebhooks refuses a timestamp 5 minutes from its clock, and a
 * message of a long run is checked long after it arrived.
 */
function verifiedAt<T>(atMs: number, check: () => T): T {
  const realNow = Date.now;
  Date.now = () => atMs;
  try {
    return check();
  } finally {
    Date.now = realNow;
  }
}
