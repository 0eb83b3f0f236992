/**
 * A short fixed-seed run of the fuzzer (fuzz/, `npm run fuzz`) on each database: random checked
 * operations against real service processes (two on PostgreSQL), with faults among them (a
 * process SIGKILLed, PostgreSQL crashed, connections cut, the webhook receiver failing), the books
 * compared with the model along the way and checked in the database at the end. A failure names
 * the seed and step; `npm run fuzz -- --seed …` replays it.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { FuzzRunFailure, fuzz } from "../fuzz/fuzz.js";
import { DATABASES } from "./helpers/app.js";

const SEED = 20261128;

for (const database of DATABASES) {
  describe(`the fuzzer, seed ${SEED} [${database}]`, () => {
    it("finds the books whole after 120 steps with faults, every answer as the model says", async () => {
      const processes = database === "postgres" ? 2 : 1;
      try {
        const report = await fuzz({
          seed: SEED,
          steps: 120,
          seconds: 90,
          database,
          processes,
          faultRate: 0.08,
          checkEvery: 20,
        });
        assert.ok(report.payouts > 0, "something was paid");
        assert.ok(Object.keys(report.faults).length > 0, "faults were injected");
      } catch (error) {
        if (!(error instanceof FuzzRunFailure)) throw error;
        assert.fail(
          `${error.message}\n${error.logTail.join("\n")}\nreplay: npm run fuzz -- --seed ${SEED} --database ${database} --processes ${processes} --fault-rate 0.08 --steps ${error.step}`,
        );
      }
    });
  });
}
