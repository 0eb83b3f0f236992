import { countOf, formatDate } from "../format.js";
import {
  FilterForm,
  ListTable,
  type SectionProps,
  TextFilter,
  useCursorList,
  useFilters,
} from "./operator-lists.js";

const FILTERS = [
  { name: "action", label: "Action", example: "e.g. application.approve" },
  { name: "target_type", label: "Target type", example: "e.g. application, key" },
  { name: "target_id", label: "Target id", example: "e.g. 12" },
] as const;

/** The append-only audit log, newest first, filtered by action and target. */
export function AuditSection({ token }: SectionProps) {
  const filters = useFilters({ action: "", target_type: "", target_id: "" });
  const list = useCursorList(token, "/admin/audit", filters.query);
  return (
    <>
      <FilterForm
        label="Filter the audit log"
        filters={filters}
        submit="Filter"
        clear="Clear filters"
      >
        {FILTERS.map((f) => (
          <TextFilter
            key={f.name}
            id={`op-audit-${f.name}`}
            label={f.label}
            placeholder={f.example}
            filters={filters}
            name={f.name}
          />
        ))}
      </FilterForm>
      <ListTable
        list={list}
        id="op-audit"
        what="the audit log"
        empty={filters.filtered ? "No entry matches." : "Nothing has been changed yet."}
        label="Audit entries"
        caption="Audit entries, newest first"
        class="op-audit op-wide"
        columns={["When", "Actor", "Action", "Target", "Details", "Request id"]}
        row={(entry) => (
          <tr key={entry.id}>
            <td>{formatDate(entry.at)}</td>
            <td>{entry.actor}</td>
            <td>
              <code>{entry.action}</code>
            </td>
            <td>
              {entry.target_type} <code>{entry.target_id}</code>
            </td>
            <td>
              <Details action={entry.action} details={entry.details} />
            </td>
            <td>
              <code class="op-sub op-id">{entry.request_id ?? "—"}</code>
            </td>
          </tr>
        )}
      />
    </>
  );
}

/** A value in a line of text: short, quoted when text, the rest left to "all fields". */
function shortValue(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const short = text.length > 60 ? `${text.slice(0, 59)}…` : text;
  return typeof value === "string" ? `“${short}”` : short;
}

const num = (value: unknown) => (typeof value === "number" ? value : undefined);
const str = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * What the entry's details say, in a line: a reversal's amount, quest and reason; a decision's
 * quests or reason; otherwise the changed fields and their new values (the first few).
 */
function detailsSummary(action: string, details: Record<string, unknown>): string {
  const d = details;
  switch (action) {
    case "payout.reverse": {
      const amount = num(d.amount);
      const parts = [
        amount === undefined ? "Reversed" : `Reversed ${countOf(amount, "point")}`,
        d.quest_id === undefined ? "" : ` of quest ${d.quest_id}`,
        str(d.reason) ? `: ${shortValue(d.reason)}` : "",
      ];
      return parts.join("");
    }
    case "application.approve": {
      const overrides =
        d.overrides && typeof d.overrides === "object"
          ? Object.entries(d.overrides as Record<string, unknown>)
          : [];
      return `Approved: live quest ${d.quest_id ?? "?"}, test quest ${d.test_quest_id ?? "?"}${
        overrides.length > 0
          ? `; overrides ${overrides.map(([k, v]) => `${k} ${shortValue(v)}`).join(", ")}`
          : ", as requested"
      }`;
    }
    case "application.reject":
      return str(d.reason) ? `Rejected: ${shortValue(d.reason)}` : "Rejected";
  }
  const entries = Object.entries(d);
  if (entries.length === 0) return "";
  const shown = entries.slice(0, 3).map(([name, value]) => `${name} ${shortValue(value)}`);
  const more = entries.length > 3 ? `, and ${countOf(entries.length - 3, "more field")}` : "";
  return `${shown.join(", ")}${more}`;
}

/** The details in a line, and every field (one a line) on request. */
function Details(props: { action: string; details: Record<string, unknown> }) {
  const entries = Object.entries(props.details);
  if (entries.length === 0) return <span class="op-sub">—</span>;
  return (
    <>
      <p class="op-summary">{detailsSummary(props.action, props.details)}</p>
      <details class="op-fields">
        <summary>All fields</summary>
        <ul class="op-details">
          {entries.map(([name, value]) => (
            <li key={name}>
              <code>{name}</code>: <code class="op-value">{JSON.stringify(value)}</code>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}
