import { useRef, useState } from "preact/hooks";
import type { paths } from "../../../src/client/schema.js";
import { ApiError, adminHeaders, api, asTyped, call } from "../../client.js";
import { fromUtcInput } from "../../ui/date-input.js";
import { countOf, formatDate, formatNumber } from "../../ui/format.js";
import { asApiError } from "../../ui/load.js";
import { ErrorBox, Notice } from "../../ui/status.js";
import {
  DateFilter,
  FilterForm,
  InputFilter,
  SelectFilter,
  TextFilter,
  useFilters,
} from "./filters.js";
import { ListTable, type SectionProps, useCursorList } from "./lists.js";
import { useCan } from "./me.js";
import { PanelToggle } from "./panel.js";
import { type AdminPayout, ReversePanel } from "./reversal.js";

/** What `GET /admin/payouts` selects payouts by. */
type PayoutQuery = NonNullable<paths["/admin/payouts"]["get"]["parameters"]["query"]>;

type ExportFormat = "csv" | "ndjson";

const EXPORTS: Record<ExportFormat, { label: string; filename: string; type: string }> = {
  csv: { label: "CSV", filename: "payouts.csv", type: "text/csv" },
  ndjson: { label: "NDJSON", filename: "payouts.ndjson", type: "application/x-ndjson" },
};

const NONE = {
  quest_id: "",
  pass: "",
  earning_period_id: "",
  since: "",
  until: "",
  reversed: "",
};

/**
 * Payouts across quests, filtered as `GET /admin/payouts` filters them, a page at a time, each
 * reversed here by a role that may; and the same selection exported whole as CSV or NDJSON (read
 * with the token, saved from memory).
 */
export function PayoutsSection({ token }: SectionProps) {
  const filters = useFilters(NONE);
  const { applied } = filters;
  // Dates are typed in UTC to the minute; the API takes instants.
  // The ids are sent as typed: the service's refusal names a malformed one.
  const selection: PayoutQuery = {
    quest_id: applied.quest_id ? asTyped(applied.quest_id) : undefined,
    pass: applied.pass || undefined,
    earning_period_id: applied.earning_period_id ? asTyped(applied.earning_period_id) : undefined,
    since: fromUtcInput(applied.since),
    until: fromUtcInput(applied.until),
    reversed: applied.reversed ? applied.reversed === "true" : undefined,
  };
  const list = useCursorList(token, "/admin/payouts", selection);
  const periods = useCursorList(token, "/admin/earning-periods", {}, 100);
  const periodItems = periods.loaded.state === "ok" ? periods.loaded.data.items : [];
  const mayReverse = useCan()("adminReversePayout");
  const [reversing, setReversing] = useState<AdminPayout | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <FilterForm label="Filter payouts" filters={filters} submit="Filter" clear="Clear filters">
        <InputFilter
          id="op-payouts-quest"
          label="Quest id"
          filters={filters}
          name="quest_id"
          input={{ type: "text", inputMode: "numeric", autocomplete: "off" }}
        />
        <TextFilter
          id="op-payouts-pass"
          label="Pass"
          placeholder="0x…"
          filters={filters}
          name="pass"
        />
        <SelectFilter
          id="op-payouts-period"
          label="Earning period"
          filters={filters}
          name="earning_period_id"
          any="any period"
          options={periodItems.map((p) => ({
            value: String(p.id),
            label: `${p.id}: ${formatDate(p.start)} – ${formatDate(p.end)}`,
          }))}
        />
        <DateFilter id="op-payouts-since" label="Paid from (UTC)" filters={filters} name="since" />
        <DateFilter
          id="op-payouts-until"
          label="Paid before (UTC)"
          filters={filters}
          name="until"
        />
        <SelectFilter
          id="op-payouts-reversed"
          label="Reversed"
          filters={filters}
          name="reversed"
          any="reversed or not"
          options={[
            { value: "true", label: "reversed only" },
            { value: "false", label: "not reversed" },
          ]}
        />
      </FilterForm>
      <Notice>{notice}</Notice>
      <ListTable
        list={list}
        id="op-payouts"
        what="payouts"
        empty={filters.filtered ? "No payout matches." : "No payout yet."}
        label="Payouts"
        caption={`Payouts${filters.filtered ? " matching the filters" : ""}, newest first`}
        class="op-wide"
        columns={[
          "Paid at",
          "Quest",
          "Pass",
          { label: "Points", num: true },
          "Earning period",
          "Reversed",
          "Payout id",
          ...(mayReverse ? ["Actions"] : []),
        ]}
        row={(p) => (
          <tr key={p.id}>
            <td>{formatDate(p.created_at)}</td>
            <td>{p.quest_id}</td>
            <td>
              <a href={`/app/passes/${p.pass}`}>
                <code class="op-value">{p.pass}</code>
              </a>
            </td>
            <td class="num">{formatNumber(p.amount)}</td>
            <td>{p.earning_period_id ?? "—"}</td>
            <td>{p.reversed_at ? `reversed ${formatDate(p.reversed_at)}` : "—"}</td>
            <td>
              <code class="op-sub op-id">{p.id}</code>
            </td>
            {mayReverse ? (
              <td>
                {p.reversed_at ? null : (
                  <PanelToggle
                    label={`Reverse payout ${p.id}`}
                    open={reversing?.id === p.id}
                    onClick={() => {
                      setNotice(null);
                      setReversing(reversing?.id === p.id ? null : p);
                    }}
                  >
                    Reverse…
                  </PanelToggle>
                )}
              </td>
            ) : null}
          </tr>
        )}
      />
      {reversing && mayReverse ? (
        <ReversePanel
          key={reversing.id}
          token={token}
          payout={reversing}
          onClose={() => setReversing(null)}
          onReversed={(message) => {
            setReversing(null);
            setNotice(message);
            list.reload();
          }}
        />
      ) : null}
      <Export token={token} selection={selection} filtered={filters.filtered} />
    </>
  );
}

/** KB or MB received, for a download under way. */
const size = (bytes: number) =>
  bytes < 1_000_000
    ? `${formatNumber(Math.ceil(bytes / 1000))} KB`
    : `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * Every matching payout as a file: `format=csv|ndjson` answers them all (no pages). The request
 * needs the token header, so it is fetched here and saved through a `blob:` address (a plain
 * link cannot send the header). A transfer cut short saves nothing: a partial file would look
 * complete.
 */
function Export(props: { token: string; selection: PayoutQuery; filtered: boolean }) {
  const [state, setState] = useState<
    | { kind: "idle" }
    | { kind: "busy"; format: ExportFormat; bytes: number }
    | { kind: "done"; format: ExportFormat; bytes: number; lines: number }
    | { kind: "error"; error: ApiError }
  >({ kind: "idle" });
  const controller = useRef<AbortController | null>(null);

  const download = async (format: ExportFormat) => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: "busy", format, bytes: 0 });
    try {
      // Read as a stream: the file may be large, and the page counts what has come.
      const body = await call(
        api.GET("/admin/payouts", {
          params: { query: { ...props.selection, format } },
          headers: adminHeaders(props.token),
          signal: abort.signal,
          parseAs: "stream",
        }),
      );
      const chunks: BlobPart[] = [];
      let bytes = 0;
      let lines = 0;
      let last = 10;
      const reader = (body as ReadableStream<Uint8Array<ArrayBuffer>>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.length;
        for (const byte of value) if (byte === 10) lines++;
        if (value.length > 0) last = value[value.length - 1]!;
        setState({ kind: "busy", format, bytes });
      }
      const file = new Blob(chunks, { type: EXPORTS[format].type });
      const url = URL.createObjectURL(file);
      const link = document.createElement("a");
      link.href = url;
      link.download = EXPORTS[format].filename;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked once the browser has taken the file.
      setTimeout(() => URL.revokeObjectURL(url), 30_000);
      // A line a payout (a last one may lack its line end); CSV has a header line first.
      const records = lines + (last === 10 ? 0 : 1) - (format === "csv" ? 1 : 0);
      setState({ kind: "done", format, bytes, lines: Math.max(records, 0) });
    } catch (caught) {
      if (abort.signal.aborted) setState({ kind: "idle" });
      else {
        const error =
          caught instanceof ApiError
            ? caught
            : asApiError(
                new Error(
                  "The export was cut short before its end, so nothing was saved (a partial file would look complete). Try again.",
                ),
              );
        setState({ kind: "error", error });
      }
    } finally {
      controller.current = null;
    }
  };

  const busy = state.kind === "busy";
  return (
    <section class="op-panel" aria-labelledby="op-export-title">
      <h3 id="op-export-title">Export</h3>
      <p class="hint">
        Every payout {props.filtered ? "matching the filters above" : "there is"}, not just this
        page, with <code>reversed_at</code> so the file reconciles with the quests' budgets.
      </p>
      <div class="row">
        {(Object.keys(EXPORTS) as ExportFormat[]).map((format) => (
          <button
            key={format}
            type="button"
            class="secondary"
            disabled={busy}
            onClick={() => download(format)}
          >
            Download {EXPORTS[format].label}
          </button>
        ))}
        {busy ? (
          <button type="button" class="secondary" onClick={() => controller.current?.abort()}>
            Stop
          </button>
        ) : null}
      </div>
      <div aria-live="polite">
        {state.kind === "busy" ? (
          <p class="loading" role="status">
            Exporting {EXPORTS[state.format].label}… {size(state.bytes)} received.
          </p>
        ) : null}
        {state.kind === "done" ? (
          <p class="notice" role="status">
            Saved {EXPORTS[state.format].filename}: {countOf(state.lines, "payout")},{" "}
            {size(state.bytes)}.
          </p>
        ) : null}
      </div>
      {state.kind === "error" ? <ErrorBox error={state.error} lead="Not exported." /> : null}
    </section>
  );
}
