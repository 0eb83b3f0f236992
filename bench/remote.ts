/**
 * The row with the database on "another host" (BENCH_ONLY=remote): hot-quest allocations
 * with PostgreSQL behind bench/delay-proxy.ts, 0.5 ms each way, against the same on loopback
 * (goal: at least 0.7 of it), and through the proxy with no delay (what the proxy itself costs).
 * The kernel here has no `netem`; the proxy is a child process that holds every chunk for the
 * delay. Its round trips are measured first (`SELECT 1`, direct, proxy at 0 µs, at 500 µs) and
 * reported in the notes. Each run is on a fresh database; books and payouts are checked.
 */
import { checkAllOk, checkBooks, checkPayoutsMatch, readBooks } from "./checks.js";
import { formatProxyMeasurement, measureProxy, startDelayProxy } from "./delay-proxy.js";
import { createCast, createQuests } from "./fixtures.js";
import { type Measurement, runLoad } from "./load.js";
import type { Goal, Row } from "./report.js";
import { type GroupContext, startService } from "./service.js";

export const REMOTE_GROUP = "remote database";
const DELAY_US = 500;
export const REMOTE_SCENARIOS = {
  loopback: "allocate, hot quest, PostgreSQL on loopback",
  proxy: "allocate, hot quest, PostgreSQL through the proxy, no delay",
  remote: `allocate, hot quest, PostgreSQL ${DELAY_US / 1000} ms away each way (proxy)`,
};
const GOAL: Goal = { ratioMin: 0.7 };

export interface RemoteBenchOptions extends GroupContext {
  /** The server's own URL (the proxy is put in front of its port). */
  serverUrl: string;
  note: (line: string) => void;
}

/** Hot-quest allocations on a fresh database, reached directly or through a proxy. */
async function hotQuest(
  options: RemoteBenchOptions,
  name: string,
  scenario: string,
  delayUs: number | undefined,
): Promise<Measurement> {
  const database = await options.open(name);
  if (database.kind !== "postgres") throw new Error("invariant: a PostgreSQL database");
  const proxy = delayUs === undefined ? undefined : await startDelayProxy(database.url, delayUs);
  const service = await startService(
    { kind: "postgres", url: proxy?.url ?? database.url },
    { batching: true, workers: 1 },
  );
  const cast = await createCast(service, 1);
  const [questId] = await createQuests(service, cast.owner.pass, 1);
  options.log(`▶ ${scenario}, ${options.settings.durationS} s…`);
  const proxyCpu0 = proxy?.cpuMs();
  const run = await runLoad(
    {
      baseUrl: service.url,
      method: "POST",
      paths: [`/quests/${questId}`],
      headers: { "content-type": "application/json", "x-api-key": cast.apiKey },
      body: JSON.stringify({ points: 1, address: cast.players[0]!.pass }),
    },
    options.settings,
  );
  const proxyCpu = proxy && proxyCpu0 !== undefined ? (proxy.cpuMs() ?? 0) - proxyCpu0 : undefined;
  await options.stopService(service, scenario);
  await proxy?.stop();
  if (proxyCpu !== undefined) {
    const share = proxyCpu / 10 / (options.settings.durationS + options.settings.warmupS);
    options.note(`${scenario}: the proxy used ${share.toFixed(0)} % of a core`);
  }
  const books = await options.withDb(database, readBooks);
  checkAllOk(scenario, run);
  checkBooks(scenario, books);
  checkPayoutsMatch(scenario, run, books, 0);
  return run;
}

export async function benchRemoteDatabase(options: RemoteBenchOptions): Promise<Row[]> {
  options.log("Measuring the delay proxy's round trips (SELECT 1 on one connection)…");
  const measured = await measureProxy(options.serverUrl, { delayUs: DELAY_US });
  for (const line of formatProxyMeasurement(measured).split("\n")) {
    if (line.trim() !== "") options.note(`Delay proxy: ${line.trim()}`);
  }
  const loopback = await hotQuest(options, "remote_loopback", REMOTE_SCENARIOS.loopback, undefined);
  const proxy = await hotQuest(options, "remote_proxy0", REMOTE_SCENARIOS.proxy, 0);
  const remote = await hotQuest(options, "remote_delay", REMOTE_SCENARIOS.remote, DELAY_US);
  const beside = { label: "the same on loopback (row above)", run: loopback };
  return [
    { scenario: REMOTE_SCENARIOS.loopback, database: "PostgreSQL", run: loopback },
    { scenario: REMOTE_SCENARIOS.proxy, database: "PostgreSQL", run: proxy, baseline: beside },
    {
      scenario: REMOTE_SCENARIOS.remote,
      database: "PostgreSQL",
      run: remote,
      baseline: beside,
      goal: GOAL,
    },
  ];
}
