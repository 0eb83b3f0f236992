import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Ready-to-send answers of the public reads (`GET /quests`, `GET /campaigns/{id}`): the
 * serialized bytes and their ETag, kept per query so a read under load costs a map lookup and a
 * socket write, not a query and a serialization of up to a thousand quests.
 *
 * An answer is rebuilt when what it shows changes (every process drops them all on a change
 * notice, and the process that made an operator write drops them before answering it), and at
 * most `maxAgeMs` after it was built, which also covers changes made behind the service's back.
 * Concurrent misses of one key share one build. The bytes held are bounded by `bytesMax` (the
 * whole cache is dropped when a new answer would pass it: a cold cache only costs a rebuild).
 */
export interface AnswerCache {
  /** Sends the cached answer for `key`, building it with `build` when missing or too old. */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: () => Promise<unknown>,
  ): Promise<FastifyReply>;
  clear(): void;
}

export interface AnswerCacheOptions {
  maxAgeMs: number;
  bytesMax: number;
  /** Told whether each read found a fresh answer (for /metrics); must not throw. */
  onLookup?: ((hit: boolean) => void) | undefined;
}

interface Answer {
  body: Buffer;
  etag: string;
  builtAtMs: number;
}

const JSON_TYPE = "application/json; charset=utf-8";

export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  const answers = new Map<string, Answer>();
  const building = new Map<string, Promise<Answer>>();
  let bytes = 0;
  // Bumped by clear(): a build that began before a change may show what it replaced, so it is
  // sent to those who waited for it but not kept.
  let generation = 0;
  const cacheControl = `public, max-age=${Math.max(0, Math.floor(options.maxAgeMs / 1000))}`;

  const keep = (key: string, answer: Answer) => {
    const old = answers.get(key);
    if (old) bytes -= old.body.length;
    if (bytes + answer.body.length > options.bytesMax) {
      answers.clear();
      bytes = 0;
    }
    answers.set(key, answer);
    bytes += answer.body.length;
  };

  const load = (key: string, reply: FastifyReply, build: () => Promise<unknown>) => {
    const pending = building.get(key);
    if (pending) return pending;
    const startedIn = generation;
    const built = (async (): Promise<Answer> => {
      // The route's own response serializer: the bytes are exactly what Fastify would send.
      const body = Buffer.from(reply.serialize(await build()) as string);
      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      const answer = { body, etag, builtAtMs: Date.now() };
      if (startedIn === generation) keep(key, answer);
      return answer;
    })().finally(() => {
      if (building.get(key) === built) building.delete(key);
    });
    building.set(key, built);
    return built;
  };

  return {
    async send(request, reply, key, build) {
      const fresh = answers.get(key);
      const hit = fresh !== undefined && Date.now() - fresh.builtAtMs < options.maxAgeMs;
      options.onLookup?.(hit);
      const answer = hit ? fresh : await load(key, reply, build);
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
  };
}

/** RFC 9110 If-None-Match: `*`, or a list of tags compared weakly (W/ ignored). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
