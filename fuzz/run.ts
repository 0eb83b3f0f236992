/**
 * `npm run fuzz -- [--seed N] [--seconds S] [--steps N] [--database postgres|pglite]
 * [--processes N] [--fault-rate R]`: one run, its summary, or the failure with the command that
 * replays it (docs/testing.md#the-fuzzer).
 */
import { Command, InvalidArgumentError, Option } from "commander";
import { FuzzRunFailure, fuzz } from "./fuzz.js";

const integer = (min: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`a whole number from ${min}`);
  return n;
};

const chance = (value: string) => {
  const p = Number(value);
  if (value.trim() === "" || !(p >= 0 && p <= 1))
    throw new InvalidArgumentError("a number from 0 to 1");
  return p;
};

const program = new Command("fuzz")
  .description(
    "Random operations and faults against real service processes, checked against a model",
  )
  .option("--seed <n>", "the run's seed (default: random)", integer(0))
  .option("--seconds <s>", "stop after this long", integer(1), 60)
  .option("--steps <n>", "stop after this many steps", integer(1), 1_000_000)
  .addOption(
    new Option("--database <kind>", "the database")
      .choices(["postgres", "pglite"])
      .default("postgres"),
  )
  .option("--processes <n>", "service processes (PGlite: 1)", integer(1))
  .option("--fault-rate <r>", "chance that a step is a fault, 0 to 1", chance, 0.04)
  .option("--check-every <n>", "compare the books every N steps", integer(1), 25)
  .action(async (options) => {
    const database = options.database as "postgres" | "pglite";
    const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    const processes = options.processes ?? (database === "postgres" ? 2 : 1);
    if (database === "pglite" && processes !== 1) {
      program.error(
        "error: --database pglite runs 1 process (one process holds its data directory)",
      );
    }
    const replay = `npm run fuzz -- --seed ${seed} --database ${database} --processes ${processes} --fault-rate ${options.faultRate} --steps`;
    console.log(
      `fuzz: seed ${seed}, ${database}, ${processes} process(es), up to ${options.seconds} s`,
    );
    let last = Date.now();
    try {
      const report = await fuzz({
        seed,
        steps: options.steps,
        seconds: options.seconds,
        database,
        processes,
        faultRate: options.faultRate,
        checkEvery: options.checkEvery,
        onStep: (step) => {
          if (Date.now() - last < 5000) return;
          last = Date.now();
          console.log(`fuzz: step ${step}`);
        },
      });
      console.log(
        `fuzz: clean after ${report.steps} steps in ${report.seconds.toFixed(0)} s, ${report.payouts} payouts`,
      );
      console.log(`  operations: ${JSON.stringify(report.operations)}`);
      console.log(`  faults: ${JSON.stringify(report.faults)}`);
    } catch (error) {
      if (!(error instanceof FuzzRunFailure)) throw error;
      console.error(`fuzz: FAILED at step ${error.step} (seed ${seed}): ${error.reason}`);
      console.error("  the last requests:");
      for (const line of error.logTail) console.error(`    ${line}`);
      console.error(`  replay: ${replay} ${error.step}`);
      process.exitCode = 1;
    }
  });

await program.parseAsync();
