import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import closeWithGrace from "close-with-grace";
import type { FastifyInstance } from "fastify";
import { checkChainId } from "./chain/probe.js";
import type { Config } from "./config.js";
import type { Db } from "./db/handle.js";
import { buildApp } from "./http/app.js";
import { startPositionsBackfill } from "./machinery/payout-positions-backfill.js";
import { openDatabase, prepareServices, webhookThreadConnections } from "./runtime.js";
import { purgeExpiredIdempotencyKeys } from "./store/idempotency.js";
import { purgeWebhookHistory } from "./store/webhook-deliveries.js";
import { demoInstructions, seedDemo } from "./use-cases/seed-demo.js";
import { createOperatorApiSwitch, type OperatorApiState } from "./use-cases/verify-operator.js";
import { WORKER_STOP } from "./workers.js";

const SHUTDOWN_GRACE_MS = 10_000;
const IDEMPOTENCY_PURGE_INTERVAL_MS = 10 * 60 * 1000;
/** Finished webhook deliveries (and their events) are kept this long for the deliveries list. */
const WEBHOOK_HISTORY_DAYS = 30;
/** Deliveries one statement of the purge deletes, and the most statements a purge runs. */
const WEBHOOK_PURGE_BATCH = 10_000;
const WEBHOOK_PURGE_ROUNDS_MAX = 1_000;

/** Deletes the finished deliveries older than WEBHOOK_HISTORY_DAYS, a bounded batch at a time. */
async function purgeOldDeliveries(db: Db): Promise<number> {
  const before = new Date(Date.now() - WEBHOOK_HISTORY_DAYS * 24 * 60 * 60 * 1000);
  let deleted = 0;
  for (let round = 0; round < WEBHOOK_PURGE_ROUNDS_MAX; round++) {
    const batch = await purgeWebhookHistory(db, before, WEBHOOK_PURGE_BATCH);
    deleted += batch;
    if (batch < WEBHOOK_PURGE_BATCH) break;
  }
  return deleted;
}

/**
 * Purges expired idempotency records, and webhook deliveries finished more than
 * WEBHOOK_HISTORY_DAYS ago, now and then in the background; returns a stop.
 */
function startPurges(db: Db, log: FastifyInstance["log"]): () => Promise<void> {
  let current: Promise<unknown> = Promise.resolve();
  const run = () => {
    current = Promise.all([
      purgeExpiredIdempotencyKeys(db)
        .then((deleted) => deleted > 0 && log.info({ deleted }, "purged expired idempotency keys"))
        .catch((err: unknown) => log.warn({ err }, "idempotency purge failed; will retry")),
      purgeOldDeliveries(db)
        .then((deleted) => deleted > 0 && log.info({ deleted }, "purged old webhook deliveries"))
        .catch((err: unknown) => log.warn({ err }, "webhook history purge failed; will retry")),
    ]);
  };
  const timer = setInterval(run, IDEMPOTENCY_PURGE_INTERVAL_MS).unref();
  run();
  return async () => {
    clearInterval(timer);
    await current;
  };
}

/**
 * `server.close()` only ends keep-alive connections idle at that moment; busy ones would stay
 * open after their answer and hold shutdown until the grace timer kills the process. While
 * closing, answers carry `Connection: close` and idle connections are ended as they appear.
 */
function closeKeepAliveOnShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing) reply.header("connection", "close");
    return payload;
  });
  app.addHook("preClose", async () => {
    closing = true;
    const timer = setInterval(() => app.server.closeIdleConnections(), 100).unref();
    app.server.once("close", () => clearInterval(timer));
  });
}

/**
 * PUBLIC_BASE_URL, the address the pages sign in at; with the port the service was given when it
 * asked for any (PORT=0, whose default PUBLIC_BASE_URL names port 0).
 */
export function publicAddress(publicBaseUrl: string, address: string): string {
  const url = new URL(publicBaseUrl);
  if (url.port !== "0") return url.origin;
  url.port = new URL(address).port;
  return url.origin;
}

/**
 * What a person starting the service needs next: where the pages and the API reference are, on
 * PUBLIC_BASE_URL (the host wallet sign-in expects), and whether the operator API is on (and how
 * to turn it on).
 */
export function startBanner(start: {
  /** Where the service listens. */
  address: string;
  /** PUBLIC_BASE_URL, as `publicAddress` gives it. */
  publicBaseUrl: string;
  operatorApi: OperatorApiState;
}): string {
  const base = start.publicBaseUrl;
  const consoleLink = `console at ${base}/app/operator`;
  const operator = {
    "admin-token": `on: ${base}/admin with Authorization: Bearer $ADMIN_TOKEN (or an operator's token); ${consoleLink}`,
    operators: `on: ${base}/admin with Authorization: Bearer <an operator's token>; ${consoleLink}`,
    off: "off: set ADMIN_TOKEN (16 characters or more) to turn on /admin and the operator console; once an operator exists, it stays on without ADMIN_TOKEN",
  }[start.operatorApi];
  return [
    `questpoints is listening at ${start.address}`,
    `  Web pages:     ${base}/app  (join: /app/join, apply: /app/apply, owner console: /app/console)`,
    `  API reference: ${base}/docs  (OpenAPI document: ${base}/openapi.json)`,
    `  Operator API:  ${operator}`,
    "",
  ].join("\n");
}

/** Starts the service and closes it cleanly on SIGINT/SIGTERM: stop accepting, drain, close db. */
export async function serve(
  config: Config,
  options: { demoIfEmpty?: boolean } = {},
): Promise<FastifyInstance> {
  if (config.chainRpcUrl && config.chainId !== undefined) {
    await checkChainId(config.chainRpcUrl, config.chainId);
  }
  // Webhook deliveries run on a thread of their own (PostgreSQL), so they never take the
  // allocations' event loop; its few connections come out of DB_POOL_SIZE.
  const webhookThreadPoolSize = webhookThreadConnections(config);
  const db = await openDatabase({
    ...config,
    dbPoolSize: config.dbPoolSize - webhookThreadPoolSize,
  });
  const services = await prepareServices(config, db, { webhookThreadPoolSize });
  // Demo data and a live key belong to the embedded default only: on PostgreSQL (a real
  // deployment) they would land in production and the key in its logs.
  const demo = options.demoIfEmpty && db.kind === "pglite" ? await seedDemo(db) : undefined;
  const app = await buildApp(services, {
    // JSON lines for a log collector; lines for a person when a person watches the terminal.
    logger: { level: config.logLevel, pretty: process.stdout.isTTY === true },
    ...(config.tls
      ? { https: { cert: readFileSync(config.tls.cert), key: readFileSync(config.tls.key) } }
      : {}),
  });
  closeKeepAliveOnShutdown(app);
  services.reads.onChange(({ inUse, reason, lagMs }) => {
    if (inUse) app.log.info({ lagMs }, `read replica in use: ${reason}`);
    else app.log.warn({ lagMs }, `read replica skipped, its reads go to the primary: ${reason}`);
  });
  const stopPurge = startPurges(db, app.log);
  const stopBackfill = startPositionsBackfill(db, app.log);
  services.webhooks.start((err) =>
    app.log.warn({ err }, "webhook delivery: the outbox could not be read or written; retrying"),
  );
  // Runs after the server stopped accepting and answered what was in flight.
  app.addHook("onClose", async () => {
    await stopPurge();
    await stopBackfill();
    // Sends in flight are recorded before the database closes; one cut short is sent again.
    await services.webhooks.stop();
    await services.allocate.drain();
    await services.readQuestDetail.drain();
    await db.close();
  });
  let shuttingDown = false;
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ err, signal }) => {
    shuttingDown = true;
    if (err) app.log.error({ err }, "shutting down after an error");
    else app.log.info({ signal }, "shutting down");
    await app.close();
    // Pretty logs go through a worker thread: let it print the last lines before the exit.
    await new Promise<void>((resolve) => {
      const logger = app.log as unknown as { flush?: (done: () => void) => void };
      if (logger.flush) logger.flush(() => resolve());
      else resolve();
    });
  });
  // A worker (WORKERS > 1) drains and exits when its primary asks, and when the primary is gone,
  // even killed outright, rather than serve on as an orphan nobody will stop. Once draining, a
  // further request is ignored: a second signal would make close-with-grace exit at once.
  if (cluster.isWorker) {
    const drain = () => {
      if (!shuttingDown) process.kill(process.pid, "SIGTERM");
    };
    process.on("message", (message) => {
      if (message === WORKER_STOP) drain();
    });
    process.once("disconnect", drain);
  }
  const address = await app.listen({ port: config.port, host: config.host });
  const publicBaseUrl = publicAddress(config.signIn.publicBaseUrl, address);
  // Once per start, from one process even with WORKERS > 1.
  if (!cluster.isWorker || cluster.worker?.id === 1) {
    const operatorApi = await createOperatorApiSwitch(db, config.adminToken)();
    process.stdout.write(`\n${startBanner({ address, publicBaseUrl, operatorApi })}\n`);
  }
  if (demo) process.stdout.write(`${demoInstructions(demo, address, publicBaseUrl)}\n`);
  return app;
}
