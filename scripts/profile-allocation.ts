/**

 * `npm run profile`: where a service process's CPU goes under allocation load. Starts a
 * throwaway PostgreSQL (fsync on), runs the built service (`dist/`, as `npm start` runs it) under
 * `node --cpu-prof`, drives POST /quests/{id} with autocannon for PROFILE_DURATION_S (10) over
 * PROFILE_QUESTS quests (1: the hot quest), stops the service and prints the functions with the
 * most self time, by package. PROFILE_MODE=detail profiles GET /quests/{id} (first payout page)
 * on a quest with PROFILE_PAYOUTS (100,000) payouts instead; PROFILE_MODE=batch sends batches of
 * 1,000 items (POST /quests/{id}/allocations, distinct passes) on one connection, as the bench's
 * batch row does. Run `npm run build` first.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { openPostgres } from "../src/db/postgres.js";
import { freePort, startPostgres } from "../test/helpers/postgres.js";

const durationS = Number(process.env.PROFILE_DURATION_S ?? 10);
const questCount = Number(process.env.PROFILE_QUESTS ?? 1);
const TOP = Number(process.env.PROFILE_TOP ?? 30);
const MODES = ["allocate", "detail", "batch"] as const;
const mode = MODES.find((name) => name === process.env.PROFILE_MODE) ?? "allocate";
const BATCH_ITEMS = 1000;
const BATCH_PASSES = 10_000;
const payoutCount = Number(process.env.PROFILE_PAYOUTS ?? 100_000);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

async function main() {
  const server = await startPostgres({ durable: true });
  const profileDir = mkdtempSync(join(tmpdir(), "qp-profile-"));
  const port = await freePort();
  const adminToken = randomBytes(24).toString("hex");
  const child = spawn(
    process.execPath,
    ["--cpu-prof", "--cpu-prof-dir", profileDir, "dist/cli/main.js", "serve"],
    {
      env: {
        ...process.env,
        DATABASE_URL: server.url,
        PORT: String(port),
        HOST: "127.0.0.1",
        ADMIN_TOKEN: adminToken,
        LOG_LEVEL: "warn",
        RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
        RATE_LIMIT_OWNER_PER_MINUTE: "0",
        RATE_LIMIT_ADMIN_PER_MINUTE: "0",
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url);
    const admin = async (path: string, body: unknown) => {
      const res = await fetch(`${url}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const owner = "0xffffffff00000000000000000000000000000001";
    const player = "0xffffffff00000000000000000000000000000002";
    await admin("/admin/accounts", { pass: owner });
    await admin("/admin/accounts", { pass: player });
    const { key } = await admin("/admin/keys", { owner });
    const questIds: number[] = [];
    for (let i = 0; i < questCount; i++) {
      const quest = await admin("/admin/quests", {
        name: `Profile ${i}`,
        description: "npm run profile",
        owner,
        total_points: 1_000_000_000_000,
        expected_points_per_completion: 1,
        start: new Date(Date.now() - 86_400_000).toISOString(),
        end: new Date(Date.now() + 86_400_000).toISOString(),
      });
      questIds.push(quest.id as number);
    }
    if (mode === "detail") await seedPayouts(server.url, questIds[0]!, payoutCount);
    const batches = mode === "batch" ? await batchBodies(server.url) : [];
    let next = 0;
    const result = await autocannon({
      url,
      connections: mode === "batch" ? 1 : 64,
      duration: durationS,
      headers: { "content-type": "application/json", "x-api-key": String(key) },
      ...(mode === "detail"
        ? { method: "GET" as const, requests: [{ path: `/quests/${questIds[0]}` }] }
        : mode === "batch"
          ? {
              method: "POST" as const,
              requests: [
                {
                  setupRequest: (r: autocannon.Request) => ({
                    ...r,
                    path: `/quests/${questIds[0]}/allocations`,
                    body: batches[next++ % batches.length],
                  }),
                },
              ],
            }
          : {
              method: "POST" as const,
              body: JSON.stringify({ points: 1, address: player }),
              requests: [
                {
                  setupRequest: (r: autocannon.Request) => ({
                    ...r,
                    path: `/quests/${questIds[next++ % questIds.length]}`,
                  }),
                },
              ],
            }),
    });
    if (mode === "batch") {
      console.log(`batch: ${Math.round(result.requests.average * BATCH_ITEMS)} items/s`);
    }
    console.log(
      `${mode}, ${questCount} quest(s): ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
    );
  } finally {
    child.kill("SIGTERM");
    await exited;
    await server.stop();
  }
  const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error("no profile written");
  report(JSON.parse(readFileSync(join(profileDir, file), "utf8")) as Profile);
  rmSync(profileDir, { recursive: true, force: true });
}

/** Bodies of batches of BATCH_ITEMS, over BATCH_PASSES passes registered straight in the database. */
async function batchBodies(databaseUrl: string): Promise<string[]> {
  const db = openPostgres({ url: databaseUrl, poolSize: 1 });
  try {
    const { rows } = await db.query<{ pass: string }>(
      `INSERT INTO accounts (pass)
       SELECT '0x' || lpad(i::text, 40, '0') FROM generate_series(1, $1::int) AS i
       RETURNING pass`,
      [BATCH_PASSES],
    );
    const passes = rows.map((row) => row.pass);
    const bodies: string[] = [];
    for (let at = 0; at < passes.length; at += BATCH_ITEMS) {
      const items = passes.slice(at, at + BATCH_ITEMS).map((address) => ({ points: 1, address }));
      bodies.push(JSON.stringify({ allocations: items }));
    }
    return bodies;
  } finally {
    await db.close();
  }
}

/** `count` payouts on the quest, straight into the database, with the books kept balanced. */
async function seedPayouts(databaseUrl: string, questId: number, count: number) {
  const timeouts = { lockMs: 60_000, statementMs: 600_000, connectMs: 10_000 };
  const db = openPostgres({ url: databaseUrl, poolSize: 1, timeouts });
  try {
    await db.query(
      `WITH made AS (
         INSERT INTO payouts (id, quest_id, account_id, amount, created_at)
         SELECT gen_random_uuid(), $1, (SELECT id FROM accounts ORDER BY id LIMIT 1), 1,
           now() - interval '1 day' + i * interval '1 millisecond'
         FROM generate_series(1, $2::int) AS i
         RETURNING amount)
       UPDATE quests SET points_remaining = points_remaining - (SELECT sum(amount) FROM made)
       WHERE id = $1`,
      [questId, count],
    );
    await db.query("VACUUM ANALYZE payouts");
  } finally {
    await db.close();
  }
}

async function waitReady(url: string) {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("service not ready");
}

/** Where a frame's code lives: a package, the app, Node itself, or V8's own work. */
function packageOf(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "(native)";
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.startsWith("node:")) return "node";
  if (url.includes("/dist/")) return "questpoints";
  return url;
}

function report(profile: Profile) {
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = packageOf(url, functionName);
    const file = url.split("/").slice(-1)[0];
    const name = `${functionName || "(anonymous)"} ${where}${file ? ` ${file}:${lineNumber + 1}` : ""}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    byPackage.set(where, (byPackage.get(where) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  console.log(`\nSelf time by package (${(total / 1e6).toFixed(1)} s sampled):`);
  for (const [name, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`${pct(us)}  ${name}`);
  }
  console.log(`\nTop ${TOP} functions by self time:`);
  const top = [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  for (const [name, us] of top) console.log(`${pct(us)}  ${name}`);
  // Who calls the busiest native function (a syscall's self time says little on its own).
  const parentOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node);
  const label = (node: ProfileNode) =>
    `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.split("/").slice(-1)[0]}:${node.callFrame.lineNumber + 1}`;
  const busiest = top.find(([name]) => name.includes("(native)") && !name.startsWith("("))?.[0];
  if (!busiest) return;
  const chains = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0 || !busiest.startsWith(`${node.callFrame.functionName} `)) continue;
    const chain: string[] = [];
    for (let p = parentOf.get(node.id); p && chain.length < 11; p = parentOf.get(p.id)) {
      chain.push(label(p));
    }
    const key = chain.join(" < ");
    chains.set(key, (chains.get(key) ?? 0) + us);
  }
  console.log(`\nCallers of ${busiest}:`);
  for (const [chain, us] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, 5)) {
    console.log(`${pct(us)}  ${chain}`);
  }
}

await main();
