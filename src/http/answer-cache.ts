import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Ready-to-send answers of the public reads (`GET /quests`, `GET /campaigns/{id}`): the
 * serialized bytes and their ETag, kept per query so a read under load costs a map lookup and a
 * socket write, not a query and a serialization of up to a thousand quests.
 *
 * An answer is rebuilt when what it shows changes (every process drops them all on a change
 * notice, and the process that made an operator write drops them before answering it; answers
 * that show remaining points are dropped by the process that paid or reversed, before it
 * answers, as a payout sends no notice), and at
 * most `maxAgeMs` after its build began, which also covers changes made behind the service's
 * back. Concurrent misses of one key share one build. What is held is bounded: `entriesMax`
 * answers and `bytesMax` bytes, each answer charged its size plus a fixed overhead (a client
 * walking through offsets makes many small answers); past either the whole cache is dropped (a
 * cold cache only costs rebuilds). With `maxAgeMs` 0 nothing is kept and no build is shared.
 */
export interface AnswerCache {
  /** Sends the cached answer for `key`, building it with `build` when missing or too old. */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: () => Promise<unknown>,
    options?: { showsPoints?: boolean },
  ): Promise<FastifyReply>;
  clear(): void;
  /**
   * Drops the answers that show quests' remaining points (`showsPoints`): this process paid or
   * reversed, and its next read must show it. Others keep theirs up to `maxAgeMs`.
   */
  pointsChanged(): void;
}

export interface AnswerCacheOptions {
  maxAgeMs: number;
  entriesMax: number;
  bytesMax: number;
  /** Told whether each read found a fresh answer (for /metrics); must not throw. */
  onLookup?: ((hit: boolean) => void) | undefined;
}

interface Answer {
  body: Buffer;
  etag: string;
  builtAtMs: number;
  /** For an answer that shows points: the `pointsGeneration` it was built in. */
  pointsGeneration: number | undefined;
}

/** What Fastify sends for a serialized JSON answer: bytes sent as they are say the same. */
export const JSON_TYPE = "application/json; charset=utf-8";
/** What an answer costs beyond its body: key, ETag, map entry (measured ~430 bytes). */
const ENTRY_OVERHEAD_BYTES = 512;

export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  const answers = new Map<string, Answer>();
  const building = new Map<string, { built: Promise<Answer>; showsPoints: boolean }>();
  let bytes = 0;
  // Bumped by clear(): a build that began before a change may show what it replaced, so it is
  // sent to those who waited for it but not kept. `pointsGeneration` likewise for
  // pointsChanged(), which only concerns the answers that show points.
  let generation = 0;
  let pointsGeneration = 0;
  const cacheControl = `public, max-age=${Math.max(0, Math.floor(options.maxAgeMs / 1000))}`;

  const cost = (answer: Answer) => answer.body.length + ENTRY_OVERHEAD_BYTES;
  const keep = (key: string, answer: Answer) => {
    const old = answers.get(key);
    if (old) {
      answers.delete(key);
      bytes -= cost(old);
    }
    if (bytes + cost(answer) > options.bytesMax || answers.size >= options.entriesMax) {
      answers.clear();
      bytes = 0;
    }
    answers.set(key, answer);
    bytes += cost(answer);
  };

  const forget = (key: string, answer: Answer) => {
    answers.delete(key);
    bytes -= cost(answer);
  };

  const load = (
    key: string,
    reply: FastifyReply,
    build: () => Promise<unknown>,
    showsPoints: boolean,
  ) => {
    const pending = building.get(key);
    if (pending) return pending.built;
    const startedIn = { all: generation, points: pointsGeneration };
    const builtAtMs = Date.now();
    const built = (async (): Promise<Answer> => {
      // The route's own response serializer: the bytes are exactly what Fastify would send.
      const body = Buffer.from(reply.serialize(await build()) as string);
      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      const answer = {
        body,
        etag,
        builtAtMs,
        pointsGeneration: showsPoints ? startedIn.points : undefined,
      };
      const current =
        startedIn.all === generation && (!showsPoints || startedIn.points === pointsGeneration);
      if (current && options.maxAgeMs > 0) keep(key, answer);
      return answer;
    })().finally(() => {
      if (building.get(key)?.built === built) building.delete(key);
    });
    if (options.maxAgeMs > 0) building.set(key, { built, showsPoints });
    return built;
  };

  return {
    async send(request, reply, key, build, { showsPoints = false } = {}) {
      const fresh = answers.get(key);
      const hit =
        fresh !== undefined &&
        Date.now() - fresh.builtAtMs < options.maxAgeMs &&
        (fresh.pointsGeneration === undefined || fresh.pointsGeneration === pointsGeneration);
      if (fresh && !hit) forget(key, fresh); // expired or outdated: its room goes back
      options.onLookup?.(hit);
      const answer = hit ? fresh : await load(key, reply, build, showsPoints);
      reply.header("etag", answer.etag).header("cache-control", cacheControl);
      if (matches(request.headers["if-none-match"], answer.etag)) {
        return reply.code(304).send();
      }
      return reply.type(JSON_TYPE).send(answer.body);
    },
    clear() {
      generation++;
      answers.clear();
      building.clear();
      bytes = 0;
    },
    pointsChanged() {
      // Called for every batch that paid: O(1) for the kept answers, which a lookup finds
      // outdated by their generation (no walk over thousands of entries on the payout path).
      pointsGeneration++;
      // A read from now on starts its own build: one under way may predate the change.
      for (const [key, pending] of building) if (pending.showsPoints) building.delete(key);
    },
  };
}

/** RFC 9110 If-None-Match: `*`, or a list of tags compared weakly (W/ ignored). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
