/**
 * One load run with autocannon, in this process (the servers under test run in others).
 *
 * autocannon's duration mode cuts the connections when time is up, dropping the requests in
 * flight: the service may still commit those payouts, and their 200s would never be counted.
 * So the run here drains instead: after the deadline each connection sends nothing more once
 * its current request is answered, and every request sent is answered and counted.
 */
import autocannon from "autocannon";

// A deep page under 64 connections takes seconds; autocannon's default 10 s timeout would abandon
// requests the server still works on, slowing the rows after it.
const REQUEST_TIMEOUT_S = 30;
// Bound on the drain: autocannon's own stop (which does drop requests) comes this much later.
const DRAIN_S_MAX = REQUEST_TIMEOUT_S;

export interface LoadTarget {
  baseUrl: string;
  method: "GET" | "POST";
  /** Requests go round-robin over these paths, shared by all connections. */
  paths: string[];
  headers?: Record<string, string>;
  body?: string;
  /**
   * Bodies rotated per request, in step with the paths (one counter for both); instead of
   * `body`, for requests that must differ (a payout to a different pass each time).
   */
  bodies?: string[];
}

export interface LoadSettings {
  durationS: number;
  /**
   * Unmeasured load first (JIT, pools and caches warm up), drained like the run; its answers
   * are counted in `warmup`, since allocations it made are in the books too.
   */
  warmupS: number;
  connections: number;
  /** Upper bound on requests in one run, whatever the duration. */
  requestsMax: number;
}

export interface Measurement {
  seconds: number;
  answered: number;
  ok200: number;
  non2xx: number;
  /** Answers by HTTP status, e.g. { "200": 9120, "503": 14 }. */
  statusCounts: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The warm-up before the measured run: its answers, and how many were 200. */
  warmup: { answered: number; ok200: number };
}

export async function runLoad(target: LoadTarget, settings: LoadSettings): Promise<Measurement> {
  const warm =
    settings.warmupS > 0
      ? await runOnce(target, { ...settings, durationS: settings.warmupS })
      : undefined;
  const run = await runOnce(target, settings);
  return { ...run, warmup: { answered: warm?.answered ?? 0, ok200: warm?.ok200 ?? 0 } };
}

function runOnce(target: LoadTarget, settings: LoadSettings): Promise<Measurement> {
  const startedAt = Date.now();
  const deadline = startedAt + settings.durationS * 1000;
  let lastAnswerAt = startedAt;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.baseUrl,
        connections: settings.connections,
        duration: settings.durationS + DRAIN_S_MAX,
        timeout: REQUEST_TIMEOUT_S,
        maxOverallRequests: settings.requestsMax,
        method: target.method,
        headers: target.headers ?? {},
        ...(target.body === undefined ? {} : { body: target.body }),
        requests: requestsFor(target.paths, target.bodies),
      },
      (error, result) => {
        if (error) reject(error);
        else resolve(measure(result, (lastAnswerAt - startedAt) / 1000));
      },
    );
    instance.on("response", (client) => {
      lastAnswerAt = Date.now();
      if (lastAnswerAt >= deadline) finishAfterThisAnswer(client);
    });
  });
}

/**
 * Background load for a fixed time, on a worker thread of its own (autocannon's `workers`), so
 * that parsing its answers (a flood of large pages) does not delay the event loop a `runLoad`
 * beside it measures latencies on. Cut at the deadline rather than drained: for reads, an
 * answer never counted changes no books.
 */
export function runBackgroundLoad(
  target: LoadTarget,
  settings: LoadSettings,
): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.baseUrl,
        connections: settings.connections,
        // Over the warm-up of the run it floods beside, too.
        duration: settings.warmupS + settings.durationS,
        workers: 1,
        timeout: REQUEST_TIMEOUT_S,
        maxOverallRequests: settings.requestsMax,
        method: target.method,
        headers: target.headers ?? {},
        ...(target.body === undefined ? {} : { body: target.body }),
        requests: target.paths.map((path) => ({ path })),
      },
      (error, result) => {
        if (error) reject(error);
        else resolve(measure(result, settings.warmupS + settings.durationS));
      },
    );
  });
}

/**
 * One fixed request (built once), or a path (and body) rotated per request by a counter all
 * connections share.
 */
function requestsFor(paths: string[], bodies?: string[]): autocannon.Request[] {
  if (paths.length === 1 && bodies === undefined) return [{ path: paths[0] }];
  let next = 0;
  return [
    {
      setupRequest: (request) => {
        const at = next++;
        return {
          ...request,
          path: paths[at % paths.length],
          ...(bodies === undefined ? {} : { body: bodies[at % bodies.length] }),
        };
      },
    },
  ];
}

/**
 * The fields behind autocannon's maxConnectionRequests option (lib/httpClient.js): a client
 * whose `reqsMade` reaches `responseMax` closes instead of sending its next request.
 */
interface ClientRequestLimit {
  reqsMade: number;
  responseMax: number;
}

function finishAfterThisAnswer(client: autocannon.Client): void {
  const limited = client as unknown as ClientRequestLimit;
  limited.responseMax = limited.reqsMade;
}

function measure(result: autocannon.Result, seconds: number): Measurement {
  const answered = result["2xx"] + result.non2xx; // non2xx counts 1xx, 3xx, 4xx and 5xx
  return {
    seconds,
    answered,
    ok200: result.statusCodeStats?.["200"]?.count ?? 0,
    non2xx: result.non2xx,
    statusCounts: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [
        status,
        stats.count ?? 0,
      ]),
    ),
    errors: result.errors,
    // Over the time answers were coming, not autocannon's whole-second samples, which would
    // count the drain's idle tail.
    requestsPerSecond: seconds > 0 ? answered / seconds : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    warmup: { answered: 0, ok200: 0 },
  };
}

/** Several runs as one: answers over time, p50 their mean, p99 their highest. */
export function combine(runs: Measurement[]): Measurement {
  const sum = (of: (run: Measurement) => number) => runs.reduce((total, run) => total + of(run), 0);
  const statusCounts: Record<string, number> = {};
  for (const run of runs) {
    for (const [status, n] of Object.entries(run.statusCounts)) {
      statusCounts[status] = (statusCounts[status] ?? 0) + n;
    }
  }
  const seconds = sum((run) => run.seconds);
  const answered = sum((run) => run.answered);
  return {
    seconds,
    answered,
    ok200: sum((run) => run.ok200),
    non2xx: sum((run) => run.non2xx),
    statusCounts,
    errors: sum((run) => run.errors),
    requestsPerSecond: seconds > 0 ? answered / seconds : 0,
    p50Ms: sum((run) => run.p50Ms) / runs.length,
    p99Ms: Math.max(...runs.map((run) => run.p99Ms)),
    warmup: {
      answered: sum((run) => run.warmup.answered),
      ok200: sum((run) => run.warmup.ok200),
    },
  };
}
