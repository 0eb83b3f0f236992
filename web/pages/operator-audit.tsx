import { useState } from "preact/hooks";
import { Empty, Field, formatDate, Show } from "../ui.js";
import {
  type AuditEntry,
  inputValue,
  Pager,
  type SectionProps,
  TableWrap,
  useCursorList,
} from "./operator-shared.js";

const FILTERS = [
  { name: "action", label: "Action", example: "e.g. application.approve" },
  { name: "target_type", label: "Target type", example: "e.g. application, key" },
  { name: "target_id", label: "Target id", example: "e.g. 12" },
] as const;

type Filters = Record<(typeof FILTERS)[number]["name"], string>;

const NO_FILTERS: Filters = { action: "", target_type: "", target_id: "" };

/** The append-only audit log, newest first, filtered by action and target. */
export function AuditSection({ token }: SectionProps) {
  const [typed, setTyped] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const list = useCursorList<AuditEntry>(token, "/admin/audit", {
    action: applied.action || undefined,
    target_type: applied.target_type || undefined,
    target_id: applied.target_id || undefined,
  });
  const filtered = Object.values(applied).some((v) => v !== "");
  return (
    <>
      <form
        class="row op-filters"
        aria-label="Filter the audit log"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied({
            action: typed.action.trim(),
            target_type: typed.target_type.trim(),
            target_id: typed.target_id.trim(),
          });
        }}
      >
        {FILTERS.map((f) => (
          <Field key={f.name} id={`op-audit-${f.name}`} label={f.label}>
            <input
              id={`op-audit-${f.name}`}
              type="text"
              autocomplete="off"
              spellcheck={false}
              placeholder={f.example}
              value={typed[f.name]}
              onInput={(event) => setTyped({ ...typed, [f.name]: inputValue(event) })}
            />
          </Field>
        ))}
        <button type="submit">Filter</button>
        {filtered ? (
          <button
            type="button"
            class="secondary"
            onClick={() => {
              setTyped(NO_FILTERS);
              setApplied(NO_FILTERS);
            }}
          >
            Clear filters
          </button>
        ) : null}
      </form>
      <Show loaded={list.loaded} what="the audit log" onRetry={list.reload}>
        {(page) =>
          page.items.length === 0 ? (
            <Empty>{filtered ? "No entry matches." : "Nothing has been changed yet."}</Empty>
          ) : (
            <TableWrap label={"Audit entries"}>
              <table class="op-audit op-wide">
                <caption class="op-caption">Audit entries, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Actor</th>
                    <th scope="col">Action</th>
                    <th scope="col">Target</th>
                    <th scope="col">Details</th>
                    <th scope="col">Request id</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((entry) => (
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
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )
        }
      </Show>
      <Pager list={list} id="op-audit" what="the audit log" />
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
