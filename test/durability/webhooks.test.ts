/**
 * Webhooks across crashes and processes: the real `serve` in child processes (each runs the
 * delivery worker) sending to a real receiver on loopback that records every request, verifies it
 * with `standardwebhooks`, and answers 200. A delivery counts as received once the receiver has
 * answered it on a live connection; one whose sender went away before the answer is "cut".
 *
 * Two tests run at a time, each on its own database and receiver: the SIGKILL test spends about
 * 30 s waiting for the lease of the deliveries the killed process had claimed (timeout 15 s +
 * 15 s), and the others use that time one after the other.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { seedDataDir } from "../helpers/cli-data-dir.js";
import { type PostgresServer, startPostgres } from "../helpers/postgres.js";
import {
  type Attempt,
  createFixture,
  type Fixture,
  killAllServices,
  Load,
  readAllBooks,
  sleep,
  startService,
  storedPayouts,
} from "../helpers/service-process.js";

const WEBHOOK_ENV = { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" };
/** How long the slow receiver holds each request before it answers. */
const SLOW_MS = 300;

/** One request the receiver took in. */
interface Received {
  webhookId: string;
  body: string;
  /** `data.id` of the message: the payout's id. */
  payoutId: string | undefined;
  /** Why `standardwebhooks` refused it; undefined when it verified. */
  verifyError: string | undefined;
  /** Answered 200 on a connection still open. */
  answered: boolean;
  /** The sender went away before the answer. */
  cut: boolean;
  /** When it arrived (Date.now()). */
  at: number;
}

/**
 * A webhook receiver on 127.0.0.1: records every request, holds it `holdMs` (and, while
 * `holding`, until `holding` is false again or the sender goes away), then answers 200.
 */
class Receiver {
  readonly received: Received[] = [];
  holdMs = 0;
  holding = false;
  /** Requests taken in and not yet answered (or cut). */
  inFlight = 0;
  secret = "";
  private readonly server: Server = createServer((request, response) => {
    void this.handle(request, response);
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    assert.ok(address && typeof address === "object");
    return `http://127.0.0.1:${address.port}/hook`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The payouts with a delivery answered 200. */
  answeredPayouts(): Set<string> {
    return new Set(this.received.filter((r) => r.answered).map((r) => r.payoutId!));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let closedEarly = false;
    response.once("close", () => {
      if (!response.writableFinished) closedEarly = true;
    });
    let body: string;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      body = Buffer.concat(chunks).toString("utf8");
    } catch {
      return; // cut before the body was complete: nothing was received
    }
    let verifyError: string | undefined;
    try {
      new Webhook(this.secret).verify(body, request.headers as Record<string, string>);
    } catch (error) {
      verifyError = (error as Error).message;
    }
    let payoutId: string | undefined;
    try {
      payoutId = JSON.parse(body).data?.id;
    } catch {
      payoutId = undefined;
    }
    const record: Received = {
      webhookId: String(request.headers["webhook-id"]),
      body,
      payoutId,
      verifyError,
      answered: false,
      cut: false,
      at: Date.now(),
    };
    this.received.push(record);
    this.inFlight++;
    if (this.holdMs > 0) await sleep(this.holdMs);
    while (this.holding && !closedEarly) await sleep(10);
    this.inFlight--;
    if (closedEarly || response.destroyed || request.socket.destroyed) {
      record.cut = true;
      return;
    }
    response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    record.answered = true;
  }
}

/** A call of the owner API with the fixture's key; the JSON answer read as `T`. */
async function ownerCall<T>(
  baseUrl: string,
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      "x-api-key": apiKey,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The owner's endpoint for payout.created at `receiver`, through the running service's API. */
async function subscribe(baseUrl: string, fixture: Fixture, receiver: Receiver, url: string) {
  const created = await ownerCall<{ id: string; secret: string }>(
    baseUrl,
    fixture.apiKey,
    "POST",
    "/webhooks",
    {
      url,
      events: ["payout.created"],
    },
  );
  assert.equal(created.status, 201, JSON.stringify(created.body));
  receiver.secret = created.body.secret;
  return created.body.id;
}

/** Polls `done` every 100 ms until it is true; false after `timeoutMs`. */
async function waitFor(done: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
}

/** Payout ids with no delivery the receiver answered. */
const unanswered = (payouts: Iterable<string>, receiver: Receiver) => {
  const answered = receiver.answeredPayouts();
  return [...payouts].filter((id) => !answered.has(id));
};

/**
 * What every run checks once each payout has arrived: every message verifies, carries its event
 * id as webhook-id, a payout sent twice was sent with the same webhook-id, nothing arrived for a
 * payout that is not stored, and every payout answered 200 to the load is stored and arrived.
 */
function checkReceived(receiver: Receiver, payouts: Set<string>, attempts: readonly Attempt[]) {
  assert.deepEqual(
    receiver.received.filter((r) => r.verifyError !== undefined).map((r) => r.verifyError),
    [],
    "every message verifies with standardwebhooks",
  );
  for (const r of receiver.received) {
    assert.equal(JSON.parse(r.body).id, r.webhookId, "the webhook-id is the event id");
    assert.equal(JSON.parse(r.body).type, "payout.created");
  }
  const idsByPayout = new Map<string, Set<string>>();
  for (const r of receiver.received) {
    assert.ok(r.payoutId && payouts.has(r.payoutId), `a message for an unknown payout: ${r.body}`);
    const ids = idsByPayout.get(r.payoutId) ?? new Set<string>();
    ids.add(r.webhookId);
    idsByPayout.set(r.payoutId, ids);
  }
  assert.deepEqual(
    [...idsByPayout].filter(([, ids]) => ids.size > 1),
    [],
    "a payout sent more than once keeps its webhook-id",
  );
  const ok = attempts.filter((a) => a.status === 200);
  assert.ok(ok.length > 0, "some allocations were answered 200");
  assert.deepEqual(
    ok.filter((a) => !payouts.has(a.payoutId!) || !idsByPayout.has(a.payoutId!)),
    [],
    "every payout answered 200 is stored and its event arrived",
  );
}

const describeCounts = (receiver: Receiver, payouts: number) => {
  const cut = receiver.received.filter((r) => r.cut).length;
  const ids = new Set(receiver.received.map((r) => r.webhookId));
  return `${payouts} payouts, ${receiver.received.length} requests received (${ids.size} distinct webhook-ids, ${cut} cut)`;
};

/** Milliseconds since the first mark, by step: what the diagnostics report. */
function timeline() {
  const start = Date.now();
  const marks: string[] = [];
  return {
    mark(step: string) {
      marks.push(`${step} +${Date.now() - start} ms`);
    },
    toString: () => marks.join(", "),
  };
}

/** `questpoints_webhook_attempts_total{outcome="delivered"}` of one process. */
async function deliveredCount(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/metrics`, { signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  const line = text
    .split("\n")
    .find((l) => l.startsWith('questpoints_webhook_attempts_total{outcome="delivered"}'));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

describe("webhooks across crashes and processes", { concurrency: 2 }, () => {
  let server: PostgresServer | undefined;
  const clients: pg.Client[] = [];
  const receivers: Receiver[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), "qp-durability-webhooks-"));
  seedDataDir(dataDir); // migrated: the tests are about crashes, not a first start
  before(async () => {
    server = await startPostgres();
  });
  after(async () => {
    await killAllServices();
    await Promise.all(receivers.map((r) => r.close()));
    await Promise.all(clients.map((c) => c.end()));
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * A fresh database for one test (so no test's pending deliveries reach another's processes),
   * the environment of a service on it, and a client that reads it.
   */
  async function freshDatabase(): Promise<{ env: Record<string, string>; db: pg.Client }> {
    const name = `qp_webhooks_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: server!.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = server!.url.replace(/\/[^/]*$/, `/${name}`);
    const db = new pg.Client({ connectionString: url });
    clients.push(db);
    await db.connect();
    return { env: { DATABASE_URL: url, ...WEBHOOK_ENV }, db };
  }

  /** The ids of every payout the database holds for the fixture's quests. */
  async function payoutRows(db: pg.Client, fixture: Fixture): Promise<Set<string>> {
    const { rows } = await db.query<{ id: string }>(
      "SELECT id FROM payouts WHERE quest_id = ANY($1::int[])",
      [fixture.quests.map((q) => q.id)],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** The outbox rows of the given payouts' events (for a failure's message). */
  async function outboxOf(db: pg.Client, payoutIds: string[]): Promise<string> {
    const { rows } = await db.query(
      `SELECT p.id AS payout, p.created_at, e.id AS event, d.status, d.attempt, d.next_at, d.error,
              d.attempted_at
       FROM payouts p
       LEFT JOIN webhook_events e ON (e.body::jsonb -> 'data' ->> 'id') = p.id::text
       LEFT JOIN webhook_deliveries d ON d.event_id = e.id
       WHERE p.id = ANY($1::uuid[])`,
      [payoutIds],
    );
    return JSON.stringify(rows);
  }

  /**
   * A service on `env` with an endpoint at a slow local receiver, under allocation load until
   * `answeredFirst` are answered; then, with deliveries held in flight at the receiver, the
   * service is stopped with `signal`, the load ends and the receiver lets go. `cut`: the payouts
   * whose deliveries the stop cut.
   */
  async function stopWhileDelivering(
    env: Record<string, string>,
    answeredFirst: number,
    signal: "SIGKILL" | "SIGTERM",
  ) {
    const receiver = new Receiver();
    receivers.push(receiver);
    const url = await receiver.start();
    receiver.holdMs = SLOW_MS;
    const steps = timeline();
    const service = await startService(env);
    steps.mark("ready");
    const fixture = await createFixture(service.baseUrl);
    await subscribe(service.baseUrl, fixture, receiver, url);

    const load = new Load(service.baseUrl, fixture, { concurrency: 16, stopOnNoAnswer: true });
    load.start();
    await load.answeredAtLeast(answeredFirst);
    steps.mark(`${answeredFirst} answered`);
    // Deliveries in flight at the stop: the receiver keeps what it holds until the stop is done.
    receiver.holding = true;
    assert.ok(
      await waitFor(() => receiver.inFlight > 0, 10_000),
      "deliveries are in flight at the receiver",
    );
    const stoppedAt = Date.now();
    const exit = await service.kill(signal);
    steps.mark(signal === "SIGKILL" ? "killed" : "stopped");
    const attempts = await load.finished();
    receiver.holdMs = 0;
    receiver.holding = false;
    await waitFor(() => receiver.inFlight === 0, 5_000);
    const cut = receiver.received.filter((r) => r.cut).map((r) => r.payoutId!);
    return { receiver, steps, service, fixture, attempts, exit, stoppedAt, cut };
  }

  it("SIGKILL while deliveries are in flight loses no event [postgres]", {
    timeout: 150_000,
  }, async (t) => {
    const { env, db } = await freshDatabase();
    const stopped = await stopWhileDelivering(env, 150, "SIGKILL");
    const { receiver, steps, fixture, attempts, exit, stoppedAt: killedAt } = stopped;
    assert.equal(exit.signal, "SIGKILL");
    const cutAtKill = stopped.cut;
    assert.ok(cutAtKill.length > 0, "the kill cut deliveries in flight");

    const restarted = await startService(env);
    steps.mark("restarted");
    const payouts = await payoutRows(db, fixture);
    assert.ok(payouts.size > 0);
    const arrived = await waitFor(() => unanswered(payouts, receiver).length === 0, 60_000);
    steps.mark("every payout arrived");
    const resent = receiver.received.filter((r) => r.answered && cutAtKill.includes(r.payoutId!));
    t.diagnostic(
      `${describeCounts(receiver, payouts.size)}; ${cutAtKill.length} cut by the kill, sent again ${resent.map((r) => r.at - killedAt).join(", ")} ms after it; ${steps}`,
    );
    if (!arrived) {
      const missing = unanswered(payouts, receiver);
      assert.fail(
        `${missing.length} payouts with no delivery answered (${steps}; now ${new Date().toISOString()}); their outbox rows: ${await outboxOf(db, missing)}`,
      );
    }
    // The cut deliveries were sent again (after their lease), with the same webhook-id.
    const answered = receiver.answeredPayouts();
    assert.deepEqual(
      cutAtKill.filter((id) => !answered.has(id)),
      [],
      "what the kill cut is sent again",
    );
    checkReceived(receiver, payouts, attempts);
    await restarted.kill("SIGKILL");
  });

  it("two processes deliver each event once in normal operation [postgres]", {
    timeout: 120_000,
  }, async (t) => {
    const receiver = new Receiver();
    receivers.push(receiver);
    const url = await receiver.start();
    const { env, db } = await freshDatabase();
    const steps = timeline();
    const [a, b] = await Promise.all([startService(env), startService(env)]);
    steps.mark("both ready");
    const fixture = await createFixture(a.baseUrl);
    const endpointId = await subscribe(a.baseUrl, fixture, receiver, url);

    const loads = [a, b].map((s) => new Load(s.baseUrl, fixture, { concurrency: 8 }).start());
    await Promise.all(loads.map((load) => load.answeredAtLeast(100)));
    const attempts = (await Promise.all(loads.map((load) => load.stop()))).flat();
    steps.mark("load done");
    assert.deepEqual(
      attempts.filter((x) => x.status === undefined || x.status >= 500),
      [],
      "every allocation got a complete answer",
    );

    const deliveries = (status: string) =>
      ownerCall<{ items: unknown[] }>(
        b.baseUrl,
        fixture.apiKey,
        "GET",
        `/webhooks/${endpointId}/deliveries?status=${status}&limit=500`,
      );
    const drained = await waitFor(async () => {
      const pending = await deliveries("pending");
      assert.equal(pending.status, 200, JSON.stringify(pending.body));
      return pending.body.items.length === 0;
    }, 30_000);
    steps.mark("none pending");
    assert.ok(drained, `every delivery left pending within 30 s (${steps})`);
    const failed = await deliveries("failed");
    assert.deepEqual(failed.body.items, [], "no delivery failed");

    const payouts = await payoutRows(db, fixture);
    // Each process counts an attempt just after recording it: give the counters a moment.
    let perProcess: number[] = [];
    await waitFor(async () => {
      perProcess = await Promise.all([a, b].map((s) => deliveredCount(s.baseUrl)));
      return perProcess[0]! + perProcess[1]! >= payouts.size;
    }, 5_000);
    t.diagnostic(
      `${describeCounts(receiver, payouts.size)}; delivered by each process: ${perProcess.join(", ")}; ${steps}`,
    );
    const ids = receiver.received.map((r) => r.webhookId);
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    assert.deepEqual(twice, [], "no event arrived twice");
    assert.equal(receiver.received.length, payouts.size, "one message per payout");
    assert.deepEqual(unanswered(payouts, receiver), [], "every payout's event arrived");
    assert.equal(
      perProcess[0]! + perProcess[1]!,
      payouts.size,
      "the two processes made one successful attempt per event between them",
    );
    checkReceived(receiver, payouts, attempts);
    await Promise.all([a.kill("SIGKILL"), b.kill("SIGKILL")]);
  });

  it("a graceful stop (SIGTERM) loses nothing [pglite]", { timeout: 150_000 }, async (t) => {
    const env = { DATA_DIR: dataDir, ...WEBHOOK_ENV };
    const stopped = await stopWhileDelivering(env, 100, "SIGTERM");
    const { receiver, steps, fixture, attempts, exit, stoppedAt } = stopped;
    assert.deepEqual(
      exit,
      { code: 0, signal: null },
      `the stop was clean: ${stopped.service.output().slice(-2000)}`,
    );
    const cutAtStop = stopped.cut;
    assert.ok(cutAtStop.length > 0, "the stop cut deliveries in flight");

    const restarted = await startService(env);
    steps.mark("restarted");
    const payouts = new Set(storedPayouts(await readAllBooks(restarted.baseUrl, fixture)).keys());
    assert.ok(payouts.size > 0);
    const arrived = await waitFor(() => unanswered(payouts, receiver).length === 0, 60_000);
    steps.mark("every payout arrived");
    const resent = receiver.received.filter((r) => r.answered && cutAtStop.includes(r.payoutId!));
    t.diagnostic(
      `${describeCounts(receiver, payouts.size)}; ${cutAtStop.length} cut by the stop, sent again ${resent.map((r) => r.at - stoppedAt).join(", ")} ms after it; ${steps}`,
    );
    assert.ok(
      arrived,
      `payouts with no delivery answered (${steps}): ${unanswered(payouts, receiver).join(", ")}`,
    );
    const answered = receiver.answeredPayouts();
    assert.deepEqual(
      cutAtStop.filter((id) => !answered.has(id)),
      [],
      "what the stop cut is sent again",
    );
    checkReceived(receiver, payouts, attempts);
    await restarted.kill("SIGKILL");
  });
});
