import assert from "node:assert/strict";
import { describe, it } from "node:test";
import Fastify from "fastify";
import { type AnswerCacheOptions, createAnswerCache } from "../../src/http/answer-cache.js";

/** A bare app whose GET /items/:key answers through the cache, counting the builds per key. */
async function appWith(options: AnswerCacheOptions) {
  const cache = createAnswerCache(options);
  const builds = new Map<string, number>();
  let release: (() => void) | undefined;
  const app = Fastify();
  app.get<{ Params: { key: string } }>("/items/:key", async (request, reply) => {
    const { key } = request.params;
    return cache.send(request, reply, key, async () => {
      const n = (builds.get(key) ?? 0) + 1;
      builds.set(key, n);
      if (key === "slow") await new Promise<void>((resolve) => (release = resolve));
      return { key, build: n };
    });
  });
  await app.ready();
  const get = async (key: string) => (await app.inject({ url: `/items/${key}` })).json().build;
  return { app, cache, builds, get, release: () => release?.() };
}

describe("ready answers (answer-cache)", () => {
  it("keeps at most entriesMax answers: one more drops them, so each is rebuilt once more", async () => {
    const { get, app } = await appWith({ maxAgeMs: 60_000, entriesMax: 3, bytesMax: 1e9 });
    for (const key of ["a", "b", "c"]) assert.equal(await get(key), 1);
    for (const key of ["a", "b", "c"]) assert.equal(await get(key), 1, `${key} kept`);
    assert.equal(await get("d"), 1); // the fourth: the three are dropped
    assert.equal(await get("a"), 2, "a was dropped and rebuilt");
    await app.close();
  });

  it("charges each answer a fixed overhead, so many tiny answers still hit bytesMax", async () => {
    // Bodies of ~20 bytes: without the overhead, 40 of them would fit in 2 KB.
    const { get, app } = await appWith({ maxAgeMs: 60_000, entriesMax: 1_000, bytesMax: 2_048 });
    for (let i = 0; i < 40; i++) await get(`k${i}`);
    assert.equal(await get("k0"), 2, "k0 was dropped to stay within bytesMax");
    await app.close();
  });

  it("does not keep a build that began before clear()", async () => {
    const { get, app, cache, release } = await appWith({
      maxAgeMs: 60_000,
      entriesMax: 10,
      bytesMax: 1e9,
    });
    const first = get("slow");
    await new Promise((resolve) => setTimeout(resolve, 20));
    cache.clear(); // the data changed while the build ran
    release();
    assert.equal(await first, 1, "its waiters still get it");
    const second = get("slow");
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    assert.equal(await second, 2, "the next read builds afresh");
    await app.close();
  });

  it("with maxAgeMs 0 keeps nothing: every read builds", async () => {
    const { get, app } = await appWith({ maxAgeMs: 0, entriesMax: 10, bytesMax: 1e9 });
    assert.deepEqual([await get("a"), await get("a"), await get("a")], [1, 2, 3]);
    await app.close();
  });
});
