/**
 * Reads that may come from a streaming replica (docs/operations.md, "Reads from a replica"): the
 * public reads, exports and operator listings ask `reads`, which sends each query to the replica
 * while it is known to be at most `lagMaxMs` behind the primary, and to the primary otherwise.
 * Writes, owner reads and transactions never come here: they use the primary's `Db`.
 *
 * How far behind the replica is, is measured against the primary, not trusted from the replica
 * alone (a replica whose stream stopped has replayed everything it received and would say 0):
 * every probe notes the primary's flushed WAL position and when it was read, then asks the
 * replica how far it has replayed. The replica holds everything the primary had flushed at the
 * newest noted moment whose position it has replayed; its lag is the time since that moment.
 */
import type { Db, Queryable } from "./handle.js";

export type ReadTarget = "replica" | "primary";

export interface ReadRouter extends Queryable {
  /**
   * A handle for a read of many queries (an export's chunks): once one of them went to the
   * primary, the rest follow it there, since the replica may be behind what the primary showed.
   */
  session(): Queryable;
  /** The replica's lag at the last probe in ms; undefined without a replica or an answer. */
  lagMs(): number | undefined;
  /** Whether a read now would go to the replica. */
  replicaInUse(): boolean;
  /** Calls `listener` each time the replica is skipped, or taken back (for the log). */
  onChange(listener: (change: ReplicaChange) => void): void;
  /** Stops probing and closes the replica's connections (not the primary's). */
  close(): Promise<void>;
}

/** The replica skipped (`inUse` false, and why) or taken back. */
export interface ReplicaChange {
  inUse: boolean;
  reason: string;
  lagMs: number | undefined;
}

export interface ReadRoutingOptions {
  /** Past this lag (READ_REPLICA_LAG_MAX_MS) the replica is skipped. */
  lagMaxMs: number;
  /** Each read, by where it was answered. */
  onRead?: (target: ReadTarget) => void;
  /** A read the replica failed, answered by the primary instead. */
  onReplicaError?: (error: unknown) => void;
}

/** Probes run this often: a tenth of the bound, within 20 ms and 1 s. */
const probeEveryMs = (lagMaxMs: number) => Math.min(1000, Math.max(20, Math.floor(lagMaxMs / 10)));
const NOT_IN_RECOVERY = "it is not in recovery (a primary, or a promoted replica)";
/** Noted primary positions kept for a replica that does not catch up; beyond, the oldest go. */
const MARKS_MAX = 10_000;

/** `X/Y`, PostgreSQL's text form of a WAL position, as one number of bytes. */
function lsnBytes(text: string): bigint {
  const [high = "0", low = "0"] = text.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** Every read from the primary: no replica configured. */
export function primaryReads(primary: Db, onRead?: (target: ReadTarget) => void): ReadRouter {
  const query = async <T>(sql: string, params?: unknown[]) => {
    const result = await primary.query<T>(sql, params);
    onRead?.("primary");
    return result;
  };
  return {
    query,
    session: () => ({ query }),
    lagMs: () => undefined,
    replicaInUse: () => false,
    onChange: () => {},
    close: async () => {},
  };
}

/** Reads from `replica` while it keeps up with `primary` (see the file's comment). */
export function replicaReads(primary: Db, replica: Db, options: ReadRoutingOptions): ReadRouter {
  const { lagMaxMs, onRead, onReplicaError } = options;
  // The primary's flushed positions as probes noted them, oldest first: `atMs` is when the
  // probe asked, so the position was flushed by then.
  const marks: { atMs: number; lsn: bigint }[] = [];
  let lag: number | undefined;
  // Behind even the oldest mark: how far behind is unknown (the lag is only a lower bound).
  let behindEveryMark = false;
  let probedAtMs = Number.NEGATIVE_INFINITY;
  let probing = false;
  let closed = false;
  // Why the last probe or read failed, for the log line that says the replica was skipped.
  let failure: string | undefined;
  const listeners: ((change: ReplicaChange) => void)[] = [];
  // Unknown until the first probe ends, which is told either way (a replica never in use too).
  let inUse: boolean | undefined;
  let probed = false;

  const probe = async () => {
    if (probing || closed) return;
    probing = true;
    try {
      const atMs = Date.now();
      const { rows } = await primary.query<{ lsn: string }>(
        "SELECT pg_current_wal_flush_lsn()::text AS lsn",
      );
      marks.push({ atMs, lsn: lsnBytes(rows[0]?.lsn ?? "0/0") });
      if (marks.length > MARKS_MAX) marks.shift();
      const replayed = await replica.query<{ lsn: string | null }>(
        "SELECT pg_last_wal_replay_lsn()::text AS lsn",
      );
      const text = replayed.rows[0]?.lsn;
      // NULL: the server is not in recovery (it was promoted), so it is no replica of ours.
      if (text === null || text === undefined) throw new Error(NOT_IN_RECOVERY);
      const replay = lsnBytes(text);
      // The newest mark the replica has reached; the marks before it are no longer needed.
      let reached = -1;
      for (let index = marks.length - 1; index >= 0; index--) {
        if ((marks[index]?.lsn ?? 0n) <= replay) {
          reached = index;
          break;
        }
      }
      const now = Date.now();
      behindEveryMark = reached < 0;
      if (reached === marks.length - 1) lag = 0;
      else lag = now - (marks[Math.max(reached, 0)]?.atMs ?? now);
      if (reached > 0) marks.splice(0, reached);
      probedAtMs = now;
      failure = undefined;
    } catch (error) {
      lag = undefined;
      const message = error instanceof Error ? error.message : String(error);
      failure = message === NOT_IN_RECOVERY ? message : `it does not answer: ${message}`;
    } finally {
      probing = false;
      probed = true;
      noteChange();
    }
  };

  // A probe older than the bound says nothing about now (a replica that stopped answering).
  const probeFresh = () => Date.now() - probedAtMs <= lagMaxMs;
  const replicaFit = () => lag !== undefined && !behindEveryMark && lag <= lagMaxMs && probeFresh();
  const whySkipped = () => {
    if (lag === undefined) return failure ?? "no probe has finished";
    if (!probeFresh()) return `its last answer is older than ${lagMaxMs} ms`;
    return `it lags ${behindEveryMark ? "at least " : ""}${lag} ms, past READ_REPLICA_LAG_MAX_MS (${lagMaxMs} ms)`;
  };
  function noteChange(): void {
    const fit = replicaFit();
    if (!probed || fit === inUse || closed) return;
    inUse = fit;
    const change = {
      inUse,
      reason: fit ? `it lags ${lag} ms, within ${lagMaxMs} ms` : whySkipped(),
      lagMs: lag,
    };
    for (const listener of listeners) listener(change);
  }

  // Checked at every tick too: a replica that stops answering changes nothing a probe finishes.
  const timer = setInterval(() => {
    noteChange();
    void probe();
  }, probeEveryMs(lagMaxMs));
  timer.unref();
  void probe();

  const fromPrimary = primaryReads(primary, onRead).query;
  // Which side answered: a session follows the primary once it has been there.
  const routed = async <T>(sql: string, params?: unknown[]) => {
    if (replicaFit()) {
      try {
        const result = await replica.query<T>(sql, params);
        onRead?.("replica");
        return { result, target: "replica" as ReadTarget };
      } catch (error) {
        // Skipped until a probe finds it answering again; the primary answers this read.
        lag = undefined;
        failure = `a read failed: ${error instanceof Error ? error.message : String(error)}`;
        noteChange();
        onReplicaError?.(error);
      }
    }
    return { result: await fromPrimary<T>(sql, params), target: "primary" as ReadTarget };
  };

  return {
    query: async <T>(sql: string, params?: unknown[]) => (await routed<T>(sql, params)).result,
    session() {
      let onPrimary = false;
      return {
        async query<T>(sql: string, params?: unknown[]) {
          if (onPrimary) return fromPrimary<T>(sql, params);
          const { result, target } = await routed<T>(sql, params);
          onPrimary = target === "primary";
          return result;
        },
      };
    },
    lagMs: () => (probeFresh() ? lag : undefined),
    replicaInUse: replicaFit,
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await replica.close();
    },
  };
}
