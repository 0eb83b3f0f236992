/**
 * The benchmark's ceiling: a bare Fastify server that parses the same JSON body as
 * POST /quests/{id} and answers a payout of the same size, with no database, auth or schema.
 * Whatever the service reaches is then read against what HTTP alone costs on this machine.
 */
import Fastify from "fastify";

const PAYOUT_ANSWER = {
  payout: {
    id: "01a205fb-4fd4-71a1-a847-10cb795a2b8b",
    amount: 1,
    created_at: "2026-01-01T00:00:00.000Z",
    account: { pass: "0xFFffffFf00000000000000000000000000000002" },
  },
};

const app = Fastify({ logger: false });
app.post("/quests/:questId", async () => PAYOUT_ANSWER);
app.get("/readyz", async () => ({ status: "ok" }));

const close = () => void app.close().then(() => process.exit(0));
process.once("SIGTERM", close);
process.once("SIGINT", close);

await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
