/**
 * The bench's webhook receiver, a process of its own (so its work never slows the load
 * generator): answers every POST 200 at once and keeps, per message, the delay from the event's
 * `created_at` to its arrival. `GET /stats` answers the counts and the delay percentiles.
 */
import { createServer } from "node:http";

const delaysMs: number[] = [];
const ids = new Set<string>();
let received = 0;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

const server = createServer((request, response) => {
  if (request.method === "GET") {
    const sorted = [...delaysMs].sort((a, b) => a - b);
    response.setHeader("content-type", "application/json");
    response.end(
      JSON.stringify({
        received,
        unique: ids.size,
        p50Ms: percentile(sorted, 0.5),
        p99Ms: percentile(sorted, 0.99),
        maxMs: sorted.at(-1) ?? 0,
      }),
    );
    return;
  }
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const arrived = Date.now();
    received++;
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
      id: string;
      created_at: string;
    };
    ids.add(String(request.headers["webhook-id"] ?? body.id));
    delaysMs.push(arrived - Date.parse(body.created_at));
    response.end();
  });
});
server.listen(Number(process.env.PORT), "127.0.0.1");
// The bench's readiness probe asks /readyz: any GET answers.
process.on("SIGTERM", () => server.close(() => process.exit(0)));
