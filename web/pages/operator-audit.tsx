import { formatDate } from "../ui.js";
import {
  type AuditEntry,
  FilterForm,
  ListTable,
  type SectionProps,
  TextFilter,
  useCursorList,
  useFilters,
} from "./operator-shared.js";

const FILTERS = [
  { name: "action", label: "Action", example: "e.g. application.approve" },
  { name: "target_type", label: "Target type", example: "e.g. application, key" },
  { name: "target_id", label: "Target id", example: "e.g. 12" },
] as const;

/** The append-only audit log, newest first, filtered by action and target. */
export function AuditSection({ token }: SectionProps) {
  const filters = useFilters({ action: "", target_type: "", target_id: "" });
  const list = useCursorList<AuditEntry>(token, "/admin/audit", filters.query);
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
            value={filters.typed[f.name]}
            onInput={filters.input(f.name)}
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
              <Details details={entry.details} />
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

/** The changed fields, one a line. */
function Details(props: { details: Record<string, unknown> }) {
  const entries = Object.entries(props.details);
  if (entries.length === 0) return <span class="op-sub">—</span>;
  return (
    <ul class="op-details">
      {entries.map(([name, value]) => (
        <li key={name}>
          <code>{name}</code>: <code class="op-value">{JSON.stringify(value)}</code>
        </li>
      ))}
    </ul>
  );
}
