/** What a run of `allocate --csv` reports at its end: its summary, as JSON or lines for people. */
import type { Pile, PileResult } from "./allocate-outputs.js";
import { codeCountLines } from "./output.js";

export interface AllocateSummary {
  file: string;
  quest_id: number;
  rows: number;
  paid: { count: number; points: number };
  replayed: { count: number; points: number };
  /**
   * `replayed`: refusals answered again from an earlier run of the same file; always 0 but from
   * an older service, which kept refusals under their keys (a refusal now keeps nothing, and its
   * retry is decided afresh).
   */
  refused: { count: number; replayed: number; by_code: Record<string, number> };
  /** The refused rows by what to do with them, and the file each went to. */
  retry: PileResult;
  fix: PileResult;
  /** Rows neither paid, replayed nor refused: the run stopped before deciding them. */
  not_done: number;
  /** Why the run stopped early; null when every row was decided. */
  stopped: string | null;
}

export function emptySummary(file: string, questId: number, rows: number): AllocateSummary {
  const none = (): PileResult => ({ count: 0, kept: 0, file: null });
  return {
    file,
    quest_id: questId,
    rows,
    paid: { count: 0, points: 0 },
    replayed: { count: 0, points: 0 },
    refused: { count: 0, replayed: 0, by_code: {} },
    retry: none(),
    fix: none(),
    not_done: 0,
    stopped: null,
  };
}

const PILE_ADVICE: Record<Pile, string> = {
  retry:
    "payable as they are once the cause in their code is gone (budget raised, passes registered, quest active, the other run done)",
  fix: "correct each row as its detail says",
};

/** Where the run's refused rows of `pile` went, what to do with them, and how to retry them. */
function pileLines(pile: Pile, result: PileResult, questId: number): string[] {
  if (!result.file) return [];
  const label = `${pile}:`.padEnd(10);
  const where =
    result.count === 0
      ? `${result.file} still holds ${result.kept} rows of earlier runs`
      : `${result.count} rows to ${result.file}${result.kept > 0 ? ` (and ${result.kept} kept from earlier runs)` : ""}`;
  return [
    `${label} ${where}: ${PILE_ADVICE[pile]}; then run`,
    `           questpoints allocate --quest ${questId} --csv ${result.file}`,
  ];
}

export function formatSummary(summary: AllocateSummary): string {
  const lines = [
    `rows:      ${summary.rows} in ${summary.file}`,
    `paid:      ${summary.paid.count} rows, ${summary.paid.points} points`,
    `replayed:  ${summary.replayed.count} rows, ${summary.replayed.points} points (already paid before)`,
    `refused:   ${summary.refused.count} rows${summary.refused.replayed ? ` (${summary.refused.replayed} answered as in an earlier run)` : ""}`,
    ...codeCountLines(summary.refused.by_code),
    ...pileLines("retry", summary.retry, summary.quest_id),
    ...pileLines("fix", summary.fix, summary.quest_id),
  ];
  if (summary.not_done > 0) {
    lines.push(
      `not done:  ${summary.not_done} rows: run the same file again to finish (the retry and fix files are written once every row is decided)`,
    );
  }
  if (summary.stopped) lines.push(`stopped:   ${summary.stopped}`);
  return `${lines.join("\n")}\n`;
}
