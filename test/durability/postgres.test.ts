/**
 * Durability on PostgreSQL with fsync on: the service killed, the database crashed, and a
 * graceful shutdown, each under a load of concurrent allocations. The tests run in order on one
 * server and hand the running service on (each uses its own quests); a test that finds no
 * running service starts one.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { CASE_TIMEOUT, type HandedOn, SIGKILL, SIGTERM } from "../helpers/durability-cases.js";
import { type PostgresServer, startPostgres } from "../helpers/postgres.js";
import {
  type Attempt,
  auditAfterRestart,
  createFixture,
  ensureService,
  killAllServices,
  Load,
  sleep,
  startService,
  waitReady,
} from "../helpers/service-process.js";

describe("durability on PostgreSQL (fsync on)", () => {
  let pg: PostgresServer | undefined;
  const run: HandedOn = { service: undefined, env: {} };
  before(async () => {
    pg = await startPostgres({ durable: true });
    run.env = { DATABASE_URL: pg.url };
  });
  after(async () => {
    await killAllServices();
    await pg?.stop();
  });

  it(SIGKILL.title, CASE_TIMEOUT, (t) => SIGKILL.test(t, run, 300));

  it("PostgreSQL crash (pg_ctl -m immediate) under load: every payout answered 200 is kept, and the service recovers by itself", {
    timeout: 90_000,
  }, async (t) => {
    assert.ok(pg);
    const { env } = run;
    let service = await ensureService(run.service, env);
    run.service = service;
    const fixture = await createFixture(service.baseUrl);
    const load = new Load(service.baseUrl, fixture, { concurrency: 32 });
    load.start();
    await load.answeredAtLeast(300);
    await pg.crash(); // no checkpoint, every connection cut; recovery from the WAL on start
    // Let the load meet the outage (answers are 5xx now), unless the service is gone.
    const seen = load.answeredCount;
    await Promise.race([load.answeredAtLeast(seen + 64), service.exited, sleep(5_000)]);
    const attempts: Attempt[] = [...(await load.stop())];
    const outage = attempts.filter((a) => a.status !== undefined && a.status >= 500);
    const survived = service.child.exitCode === null && service.child.signalCode === null;

    await pg.start();
    const recovered = survived && (await waitReady(service.baseUrl, 20_000));
    if (!recovered) {
      t.diagnostic(
        `the service did not recover by itself (alive: ${survived}); restarting it. Its log (request lines left out):\n${service
          .output()
          .split("\n")
          .filter((line) => !line.includes('"reqId"'))
          .join("\n")
          .slice(-3000)}`,
      );
      await service.kill("SIGKILL");
      service = await startService(env);
      run.service = service;
    }

    // Allocations work again on the recovered database.
    const again = new Load(service.baseUrl, fixture, { concurrency: 32 });
    again.start();
    await Promise.race([again.answeredAtLeast(100), sleep(20_000)]);
    const afterRecovery = await again.stop();
    attempts.push(...afterRecovery);

    const summary = await auditAfterRestart(service.baseUrl, fixture, attempts);
    t.diagnostic(`summary: ${JSON.stringify(summary)}; 5xx during the outage: ${outage.length}`);
    assert.ok(outage.length > 0, "the load met the database outage");
    assert.ok(
      afterRecovery.some((a) => a.status === 200),
      "allocations succeed again after PostgreSQL restarted",
    );
    assert.ok(
      recovered,
      `the service survives a database crash and recovers without a restart (alive after the crash: ${survived})`,
    );
  });

  it(SIGTERM.title, CASE_TIMEOUT, (t) => SIGTERM.test(t, run));
});
