/**
 * The durability cases every database runs alike, each a title and a test body: the service
 * killed outright under load, and a graceful shutdown under load. The tests of one `describe`
 * run in order and hand the running service on in `run` (a test that finds none starts one with
 * `run.env`).
 */
import assert from "node:assert/strict";
import type { TestContext } from "node:test";
import { killUnderLoadLosesNothing } from "./kill-under-load.js";
import { ensureService, type ServiceProcess, sigtermUnderLoad } from "./service-process.js";

/** What the tests of one durability `describe` share: the service they hand on, and its env. */
export interface HandedOn {
  service: ServiceProcess | undefined;
  env: Record<string, string>;
}

/** Each case's bound: a start, a load, a stop or a kill, a restart and an audit. */
export const CASE_TIMEOUT = { timeout: 90_000 };

/** The SIGKILL case: `answeredBeforeKill` allocations answered, then the kill and the audit. */
export const SIGKILL = {
  title:
    "SIGKILL of the service under load: every payout answered 200 is kept, books balance, idempotent keys replay",
  async test(t: TestContext, run: HandedOn, answeredBeforeKill: number): Promise<void> {
    run.service = await ensureService(run.service, run.env);
    run.service = await killUnderLoadLosesNothing(t, run.service, run.env, answeredBeforeKill);
  },
};

/** The SIGTERM case: a graceful shutdown under load loses nothing and exits 0 in time. */
export const SIGTERM = {
  title:
    "SIGTERM under load: stops accepting, answers what is in flight, loses nothing, exits 0 in the grace period",
  async test(t: TestContext, run: HandedOn): Promise<void> {
    run.service = await ensureService(run.service, run.env);
    const result = await sigtermUnderLoad(run.service, run.env, 200);
    run.service = result.service;
    t.diagnostic(`summary: ${JSON.stringify(result.summary)}; shutdown took ${result.elapsed} ms`);
    assert.ok(result.exitProblem === undefined, result.exitProblem);
  },
};
