import type { Db } from "../db/handle.js";
import type { QuestDetailRead } from "../domain/records.js";
import { createBatchScheduler } from "../machinery/batch-scheduler.js";
import { type DetailPage, findQuestDetails } from "../store/quests.js";

const DETAIL_BATCH_MAX = 256;
const DETAIL_QUEUE_MAX = 1_000;

export interface ReadQuestDetail {
  /**
   * The quest and one page of its payouts, read in a statement that began after this call: a
   * read never shows less than what was committed before it was asked. Undefined: no quest.
   * Concurrent calls for the same page get the same object.
   */
  (page: DetailPage): Promise<QuestDetailRead | undefined>;
  /** Resolves once every queued and running read has been answered (graceful shutdown). */
  drain(): Promise<void>;
}

/**
 * Owner detail views, batched like allocations: reads that arrive while a batch is running wait
 * and go together in one statement (one snapshot, one round trip), and identical pages in a batch
 * are read once. A dashboard polled by many clients, or many owners at once, then costs a
 * fraction of a round trip per read. Waiting reads are bounded: beyond the bound, 503.
 */
export function createQuestDetailReader(db: Db): ReadQuestDetail {
  const scheduler = createBatchScheduler<DetailPage, QuestDetailRead | undefined>({
    keyOf: () => 0, // one batch at a time; those that arrive meanwhile form the next
    run: (pages) => readOnce(db, pages),
    batching: { enabled: true, sizeMax: DETAIL_BATCH_MAX, waitMs: 0, concurrency: 1 },
    queueMax: DETAIL_QUEUE_MAX,
    totalMax: DETAIL_QUEUE_MAX, // one key: the same bound
    what: { plural: "quest detail reads", perKey: "in this process" },
  });
  // Every page costs what the first does (kept positions, migration 011), so deep ones batch too.
  const read = ((page) => scheduler.submit(page)) as ReadQuestDetail;
  read.drain = scheduler.drain;
  return read;
}

/** Reads each distinct page of the batch once; answer i is page i's. */
async function readOnce(db: Db, pages: DetailPage[]): Promise<(QuestDetailRead | undefined)[]> {
  const keyOf = (p: DetailPage) => `${p.questId}:${p.limit}:${p.offset}`;
  const distinct = new Map<string, number>();
  const unique: DetailPage[] = [];
  for (const page of pages) {
    if (distinct.has(keyOf(page))) continue;
    distinct.set(keyOf(page), unique.length);
    unique.push(page);
  }
  const reads = await findQuestDetails(db, unique);
  return pages.map((page) => reads[distinct.get(keyOf(page))!]);
}
