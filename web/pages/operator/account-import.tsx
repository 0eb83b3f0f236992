/**
 * The accounts section's bulk import: a list of passes (pasted or read from a file), registered a
 * few at a time with a line-by-line account of what became of each.
 */
import { useRef, useState } from "preact/hooks";
import { ApiError, adminHeaders, api, callWithResponse } from "../../client.js";
import { parsePassAddress } from "../../pass-address.js";
import { describedBy, Field } from "../../ui/field.js";
import { countOf, formatNumber } from "../../ui/format.js";
import { asApiError } from "../../ui/load.js";
import { ErrorBox } from "../../ui/status.js";
import { TableHead, TableWrap } from "../../ui/tables.js";

/** Lines one import takes: a bound on the work and on what the page keeps. */
const BULK_LINES_MAX = 10_000;
/** Registrations in flight at once: fast, without crowding out everyone else's requests. */
const BULK_CONCURRENCY = 4;

/** One line of the list, and what became of it. */
interface BulkLine {
  line: number;
  text: string;
  /** The address to register, checksummed; undefined when the line was refused here. */
  pass?: string;
  outcome?:
    | { kind: "created" | "existing"; id: string }
    | { kind: "refused"; reason: string }
    | { kind: "duplicate"; of: number };
}

/**
 * The lines of a pasted list or a CSV file: blank lines are skipped; in each line the first
 * field that looks like an address is taken (CSV with more columns, quoted or not); a first line
 * without an address is a header. Lines that are not addresses, or repeat an earlier one, are
 * settled here without a request.
 */
function parseBulk(text: string): BulkLine[] {
  const lines: BulkLine[] = [];
  const seen = new Map<string, number>();
  const rows = text.split(/\r?\n/);
  rows.forEach((raw, index) => {
    const row = raw.trim();
    if (!row) return;
    const fields = row.split(/[,;\t]/).map((f) =>
      f
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .trim(),
    );
    const field = fields.find((f) => /^0x/i.test(f)) ?? fields[0] ?? row;
    if (lines.length === 0 && !/0x/i.test(row)) return; // a header
    const entry: BulkLine = { line: index + 1, text: field };
    const parsed = parsePassAddress(field);
    if ("error" in parsed) entry.outcome = { kind: "refused", reason: parsed.error };
    else {
      const first = seen.get(parsed.address.toLowerCase());
      if (first !== undefined) entry.outcome = { kind: "duplicate", of: first };
      else {
        seen.set(parsed.address.toLowerCase(), entry.line);
        entry.pass = parsed.address;
      }
    }
    lines.push(entry);
  });
  return lines;
}

/**
 * Registers many passes at once: a pasted list or a CSV file, sent a few at a time through
 * `POST /admin/accounts`. That answers 200 for a pass registered already, so an import stopped
 * half-way (or with refusals fixed) is resumed by running it again.
 */
export function BulkImport(props: { token: string; onDone: () => void }) {
  const [text, setText] = useState("");
  const [fileNote, setFileNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [lines, setLines] = useState<BulkLine[] | null>(null);
  const [running, setRunning] = useState(false);
  const [stopped, setStopped] = useState<ApiError | "stopped" | null>(null);
  const abort = useRef<AbortController | null>(null);
  const id = "op-bulk";

  const readFile = async (event: Event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (!file) return;
    setText(await file.text());
    setFileNote(`Read ${file.name}: check the list above, then import it.`);
    setProblem(null);
  };

  const run = async (event: Event) => {
    event.preventDefault();
    if (running) return;
    setStopped(null);
    const parsed = parseBulk(text);
    if (parsed.length === 0) {
      setProblem("Paste at least one pass address, or choose a file.");
      document.getElementById(`${id}-list`)?.focus();
      return;
    }
    if (parsed.length > BULK_LINES_MAX) {
      setProblem(
        `The list has ${formatNumber(parsed.length)} lines; import at most ${formatNumber(BULK_LINES_MAX)} at once (split the file).`,
      );
      return;
    }
    setProblem(null);
    setLines(parsed);
    setRunning(true);
    const controller = new AbortController();
    abort.current = controller;
    const work = parsed.filter((line) => line.pass !== undefined);
    let next = 0;
    let fatal: ApiError | null = null;
    const update = () => setLines([...parsed]);
    const worker = async () => {
      while (!controller.signal.aborted) {
        const line = work[next++];
        if (!line) return;
        try {
          const { data: account, response } = await callWithResponse(
            api.POST("/admin/accounts", {
              body: { pass: line.pass! },
              headers: adminHeaders(props.token),
              signal: controller.signal,
            }),
          );
          const kind = response.status === 201 ? "created" : "existing";
          line.outcome = { kind, id: account.id };
        } catch (caught) {
          if (controller.signal.aborted) return;
          const error = asApiError(caught);
          // The token refused, the operator API off: every other line would fail alike.
          if (error.status === 401 || error.status === 403 || error.status === 404) {
            fatal = error;
            controller.abort();
            return;
          }
          line.outcome = { kind: "refused", reason: error.detail };
        }
        update();
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, work.length) }, worker));
    update();
    abort.current = null;
    setRunning(false);
    if (fatal) setStopped(fatal);
    else if (controller.signal.aborted) setStopped("stopped");
    props.onDone();
  };

  const counts = { created: 0, existing: 0, refused: 0, duplicate: 0, pending: 0 };
  for (const line of lines ?? []) counts[line.outcome?.kind ?? "pending"]++;
  const total = lines?.length ?? 0;
  const settled = total - counts.pending;
  const refused = (lines ?? []).filter((line) => line.outcome?.kind === "refused");
  return (
    <section class="op-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Register many passes</h3>
      <form onSubmit={run} aria-labelledby={`${id}-title`} noValidate>
        <Field
          id={`${id}-list`}
          label="Passes to register"
          hint="One a line, or a CSV whose lines hold an address (a header line is skipped). Passes already registered are left as they are, so running a list again resumes it."
          error={problem ?? undefined}
        >
          <textarea
            id={`${id}-list`}
            class="mono"
            rows={6}
            spellcheck={false}
            autocomplete="off"
            aria-invalid={problem ? "true" : undefined}
            aria-describedby={describedBy(`${id}-list`, true, problem ?? undefined)}
            value={text}
            onInput={(event) => {
              setText((event.target as HTMLTextAreaElement).value);
              setProblem(null);
            }}
          />
        </Field>
        <Field id={`${id}-file`} label="Or read a file (.csv or .txt)">
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={readFile}
          />
        </Field>
        {fileNote ? (
          <p class="hint" role="status">
            {fileNote}
          </p>
        ) : null}
        <div class="row">
          <button type="submit" disabled={running}>
            Import the list
          </button>
          {running ? (
            <button type="button" class="secondary" onClick={() => abort.current?.abort()}>
              Stop
            </button>
          ) : null}
        </div>
      </form>
      {lines ? (
        <div class="op-bulk-result">
          <div class="progress">
            <progress value={settled} max={total} aria-label="Passes imported" />
            <span role="status">
              {running ? "Importing: " : ""}
              {formatNumber(settled)} of {countOf(total, "line")} done
              {running ? "…" : "."}
            </span>
          </div>
          {stopped === "stopped" ? (
            <p class="warning">
              Stopped: {countOf(counts.pending, "line")} not sent. Run the same list again to finish
              it.
            </p>
          ) : null}
          {stopped instanceof ApiError ? (
            <ErrorBox error={stopped} lead="The import stopped." />
          ) : null}
          {!running ? (
            <ul class="op-bulk-counts" aria-label="Import summary">
              <li>
                <strong>{formatNumber(counts.created)}</strong> registered now
              </li>
              <li>
                <strong>{formatNumber(counts.existing)}</strong> already registered
              </li>
              <li>
                <strong>{formatNumber(counts.refused)}</strong> refused
              </li>
              {counts.duplicate > 0 ? (
                <li>
                  <strong>{formatNumber(counts.duplicate)}</strong> repeated in the list (sent once)
                </li>
              ) : null}
            </ul>
          ) : null}
          {refused.length > 0 ? (
            <TableWrap label="Refused lines">
              <p class="op-caption" id={`${id}-refused`}>
                Refused lines: fix them and run the list again
              </p>
              <table class="stack-narrow" aria-labelledby={`${id}-refused`}>
                <TableHead columns={["Line", "Text", "Reason"]} />
                <tbody>
                  {refused.map((line) => (
                    <tr key={line.line}>
                      <td data-label="Line">{line.line}</td>
                      <td data-label="Text">
                        <code class="op-value">{line.text}</code>
                      </td>
                      <td data-label="Reason">
                        {line.outcome?.kind === "refused" ? line.outcome.reason : ""}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
