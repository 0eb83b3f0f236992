/**
 * The fuzzer's faults, each in the middle of a burst of allocations: a service process SIGKILLed
 * and started again, PostgreSQL crashed and started again, every database connection cut, the
 * webhook receiver failing, slow or down.
 */
import { type Run, raceDrain, sleep } from "./operations.js";

/**
 * Runs `fault` while a burst of allocations is in flight (raceDrain's, checked by count: each
 * answer may land before, during or after the fault). The burst's failure is kept, not left
 * unhandled while the fault runs.
 */
async function duringBurst(run: Run, fault: () => Promise<void>) {
  const burst = raceDrain(run).then(
    () => undefined,
    (error: unknown) => error,
  );
  run.faults++;
  try {
    await sleep(run.random.int(0, 30));
    await fault();
    const error = await burst;
    if (error) throw error;
  } finally {
    run.faults--;
  }
}

async function killService(run: Run) {
  const index = run.random.int(0, run.world.urls.length - 1);
  await duringBurst(run, async () => {
    run.log(`FAULT: SIGKILL service ${index}, started again`);
    await run.world.killService(index);
  });
}

async function crashDatabase(run: Run) {
  await duringBurst(run, async () => {
    run.log("FAULT: PostgreSQL stopped -m immediate, started again");
    await run.world.crashDatabase();
  });
}

async function cutConnections(run: Run) {
  await duringBurst(run, async () => {
    run.log(`FAULT: cut ${run.world.cutConnections()} database connections`);
  });
}

/** A burst whose first COMMITs commit but never answer: the service cannot know they did. */
async function loseCommits(run: Run) {
  const count = run.random.int(1, 3);
  run.log(`FAULT: the answers of the next ${count} COMMITs are lost`);
  run.faults++;
  run.world.loseCommits(count);
  try {
    await raceDrain(run);
  } finally {
    run.world.loseCommits(0);
    run.faults--;
  }
}

async function receiverMood(run: Run) {
  const mood = run.random.weighted({ ok: 3, reject: 1, fail: 1, slow: 1, down: 1 } as const);
  run.log(`FAULT: the webhook receiver is ${mood}`);
  await run.world.receiver.setMood(mood);
}

export const FAULTS = {
  killService: { weight: 3, run: killService },
  crashDatabase: { weight: 2, run: crashDatabase },
  cutConnections: { weight: 3, run: cutConnections },
  loseCommits: { weight: 3, run: loseCommits },
  receiverMood: { weight: 3, run: receiverMood },
} as const;

export type FaultKind = keyof typeof FAULTS;
