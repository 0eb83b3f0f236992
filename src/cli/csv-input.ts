/**
 * What the bulk commands (`allocate --csv`, `admin accounts import`) share in reading their CSV
 * file: the file checked before anything is sent, and each record named by its line in the file.
 */
import { statSync } from "node:fs";

const LINE_BREAKS = /\r\n|\r|\n/g;
/** Whole blank lines (spaces at most) at the start of a record's raw text: skipped, not data. */
const LEADING_BLANK_LINES = /^(?:[^\S\r\n]*(?:\r\n|\r|\n))*/;

/** Refuses, before anything is sent, a path that is not a readable file. */
export function checkInputFile(file: string): void {
  try {
    if (!statSync(file).isFile()) throw new Error("not a file");
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
}

const lineBreaks = (text: string) => text.match(LINE_BREAKS)?.length ?? 0;

/**
 * Line numbers from each record's raw text (csv-parse's `raw: true`), which starts with the blank
 * lines skipped before it. csv-parse's own `info.lines` counts a CRLF inside a quoted field as
 * two lines.
 */
export function lineCounter() {
  let before = 0;
  return (raw: string): number => {
    const line = before + lineBreaks(LEADING_BLANK_LINES.exec(raw)?.[0] ?? "") + 1;
    before += lineBreaks(raw);
    return line;
  };
}
