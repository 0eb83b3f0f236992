/**
 * The benchmark's baselines: a bare Fastify server doing the least the service's answer needs,
 * with no database, auth or schema. Whatever the service reaches is then read against what HTTP
 * alone costs on this machine for the same answer. Two kinds:
 *
 * - echo (no BARE_BODY_FILE): POST /quests/{id} parses the same JSON body as the service and
 *   answers a payout of the same shape, serialised per request as the service does.
 * - bytes: GET BARE_PATH answers the bytes of BARE_BODY_FILE (the service's own answer, fetched
 *   once by the bench) with BARE_CONTENT_TYPE and the extra headers of BARE_HEADERS (a JSON
 *   object), whatever the query string.
 *
 * BARE_WORKERS (default 1) runs that many processes on the one port (node:cluster), to stand
 * beside a service running as many.
 */
import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const PAYOUT_ANSWER = {
  payout: {
    id: "01a205fb-4fd4-71a1-a847-10cb795a2b8b",
    amount: 1,
    created_at: "2026-01-01T00:00:00.000Z",
    account: { pass: "0xFFffffFf00000000000000000000000000000002" },
  },
};
/** Sent by the primary once every worker listens; until then /readyz is 503. */
const ALL_LISTENING = "all-listening";

const workers = Number(process.env.BARE_WORKERS ?? 1);

async function serve(): Promise<void> {
  const app = Fastify({ logger: false });
  const bodyFile = process.env.BARE_BODY_FILE;
  if (bodyFile) {
    const body = readFileSync(bodyFile);
    const contentType = process.env.BARE_CONTENT_TYPE ?? "application/octet-stream";
    const headers = JSON.parse(process.env.BARE_HEADERS ?? "{}") as Record<string, string>;
    app.get(process.env.BARE_PATH ?? "/", (_request, reply) => {
      reply.headers(headers).header("content-type", contentType).send(body);
    });
  } else {
    app.post("/quests/:questId", async () => PAYOUT_ANSWER);
  }
  // autocannon opens its connections once: they must not all land on the first worker up.
  let ready = cluster.isPrimary;
  process.on("message", (message) => {
    if (message === ALL_LISTENING) ready = true;
  });
  app.get("/readyz", async (_request, reply) =>
    ready ? { status: "ok" } : reply.code(503).send({ status: "starting" }),
  );

  const close = () => void app.close().then(() => process.exit(0));
  process.once("SIGTERM", close);
  process.once("SIGINT", close);
  await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
}

function superviseWorkers(): void {
  for (let i = 0; i < workers; i++) cluster.fork();
  let listening = 0;
  cluster.on("listening", () => {
    listening++;
    if (listening < workers) return;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.send(ALL_LISTENING);
  });
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  let exited = 0;
  cluster.on("exit", () => {
    exited++;
    if (exited === workers) process.exit(0);
  });
}

if (workers > 1 && cluster.isPrimary) superviseWorkers();
else await serve();
