/**
 * Fills the payout positions of migration 011 for the payouts made before it (see
 * src/store/payout-positions.ts), while the service runs: every process tries, each quest is
 * worked on by one of them at a time, and pages of a quest not done yet are read as before.
 */
import type { Db } from "../db/handle.js";
import { fillPositionsStep, questsWithoutPositions } from "../store/payout-positions.js";

/** Payouts one transaction numbers: a few tens of ms of row locks on `payouts`, never more. */
export const POSITIONS_BATCH_SIZE = 5_000;
/** Quests read per round of the list of those left. */
const QUESTS_PER_ROUND = 100;
/** When a quest was busy (another process on it, its lock held), the next try is this late. */
export const POSITIONS_RETRY_MS = 30_000;

export interface FillOptions {
  batchSize?: number;
  /** Told after each transaction how many payouts it numbered. */
  onProgress?: (numbered: number) => void;
  /** Checked between transactions: true stops the fill where it is (it resumes next time). */
  stopped?: () => boolean;
}

/**
 * Numbers what is left, quest by quest in id order. Returns how many payouts it numbered and
 * whether quests remain (busy ones, or a stop): the caller tries again later.
 */
export async function fillPayoutPositions(
  db: Db,
  options: FillOptions = {},
): Promise<{ numbered: number; complete: boolean }> {
  const batchSize = options.batchSize ?? POSITIONS_BATCH_SIZE;
  let numbered = 0;
  let afterId = 0;
  let skipped = false;
  for (;;) {
    const quests = await questsWithoutPositions(db, afterId, QUESTS_PER_ROUND);
    if (quests.length === 0) return { numbered, complete: !skipped };
    for (const questId of quests) {
      for (;;) {
        if (options.stopped?.()) return { numbered, complete: false };
        const step = await fillPositionsStep(db, questId, batchSize);
        numbered += step.numbered;
        if (!step.busy || step.numbered > 0) options.onProgress?.(step.numbered);
        if (step.busy) {
          skipped = true;
          break;
        }
        if (step.done) break;
      }
      afterId = questId;
    }
  }
}

/**
 * Runs the fill in the background from the start of a service process until nothing is left,
 * trying again every POSITIONS_RETRY_MS while quests remain; returns a stop that waits for the
 * transaction in progress.
 */
export function startPositionsBackfill(
  db: Db,
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
): () => Promise<void> {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const run = () => {
    current = fillPayoutPositions(db, { stopped: () => stopping }).then(
      ({ numbered, complete }) => {
        if (numbered > 0) log.info({ numbered, complete }, "payout positions filled");
        if (!complete && !stopping) timer = setTimeout(run, POSITIONS_RETRY_MS).unref();
      },
      (err: unknown) => {
        log.warn({ err }, "payout positions: the backfill failed; will retry");
        if (!stopping) timer = setTimeout(run, POSITIONS_RETRY_MS).unref();
      },
    );
  };
  run();
  return async () => {
    stopping = true;
    clearTimeout(timer);
    await current;
  };
}
