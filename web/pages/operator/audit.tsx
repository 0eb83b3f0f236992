import { countOf, formatDate } from "../../ui/format.js";
import type { AuditEntry, Operator } from "./answers.js";
import { FilterForm, InputFilter, TextFilter, useFilters } from "./filters.js";
import { ListTable, type SectionProps, useCursorList } from "./lists.js";
import { LongId } from "./long-id.js";
import { useOperators, useOwnerPasses } from "./lookups.js";

const FILTERS = [
  { name: "action", label: "Action", example: "e.g. application.approve" },
  { name: "target_type", label: "Target type", example: "e.g. application, key" },
  { name: "target_id", label: "Target id", example: "e.g. 12" },
] as const;

/** The bootstrap credential's actor: ADMIN_TOKEN, not an operator of its own. */
const BOOTSTRAP = "operator:bootstrap";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTOR = /^(operator|account|pass):(\S+)$/i;

/**
 * The actor filter as `GET /admin/audit?actor=` takes it: an actor as the log writes it
 * (`operator:<id>`, `account:<id>`, `pass:<address>`, `applicant`, `service`; a UUID in either
 * case, as the CLI's `--actor`), or an operator's name, ADMIN_TOKEN, or a bare id (an operator's
 * if it is one, else an account's). Anything else is sent as typed, and matches nothing.
 */
function actorQuery(typed: string, operators: Map<string, Operator> | undefined) {
  if (typed === "") return undefined;
  const lower = typed.toLowerCase();
  if (lower === "applicant" || lower === "service") return lower;
  if (lower === "admin_token" || lower === "bootstrap") return BOOTSTRAP;
  const actor = ACTOR.exec(typed);
  if (actor) {
    const id = actor[2]!;
    return `${actor[1]!.toLowerCase()}:${UUID.test(id) || id.toLowerCase() === "bootstrap" ? id.toLowerCase() : id}`;
  }
  if (UUID.test(typed)) {
    return operators?.has(lower) ? `operator:${lower}` : `account:${lower}`;
  }
  for (const operator of operators?.values() ?? []) {
    if (operator.name.toLowerCase() === lower) return `operator:${operator.id}`;
  }
  return typed;
}

/**
 * The append-only audit log, newest first, filtered by action, target and actor; who made each
 * change by name (an operator's, an account's pass), the raw actor on hover.
 */
export function AuditSection({ token }: SectionProps) {
  const filters = useFilters({ action: "", target_type: "", target_id: "", actor: "" });
  const [operatorsLoad] = useOperators(token);
  const operators = operatorsLoad.state === "ok" ? operatorsLoad.data : undefined;
  const query = { ...filters.query, actor: actorQuery(filters.applied.actor, operators) };
  const list = useCursorList(token, "/admin/audit", query);
  const entries = list.loaded.state === "ok" ? list.loaded.data.items : [];
  const passes = useOwnerPasses(
    token,
    entries.flatMap((entry) => accountOf(entry.actor) ?? []),
  );
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
        <InputFilter
          id="op-audit-actor"
          label="Actor"
          filters={filters}
          name="actor"
          input={{
            type: "text",
            autocomplete: "off",
            spellcheck: false,
            placeholder: "name or account:<id>",
            list: "op-audit-actors",
          }}
        />
        <ActorChoices operators={operators} />
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
        row={(entry: AuditEntry) => (
          <tr key={entry.id}>
            <td class="op-when">{formatDate(entry.at)}</td>
            <td class="op-actor">
              <Actor actor={entry.actor} operators={operators} passes={passes} />
            </td>
            <td class="op-action">
              <code>{entry.action}</code>
            </td>
            <td class="op-target">
              <span class="op-target-type">{entry.target_type}</span>{" "}
              <LongId id={entry.target_id} what="the target id" />
            </td>
            <td class="op-details-cell">
              <Details action={entry.action} details={entry.details} />
            </td>
            <td class="op-request">
              {entry.request_id ? (
                <LongId id={entry.request_id} what="the request id" class="op-sub" />
              ) : (
                <span class="op-sub">—</span>
              )}
            </td>
          </tr>
        )}
      />
    </>
  );
}

/** The actor filter's suggestions: the operators by name, ADMIN_TOKEN, applicants, the service. */
function ActorChoices(props: { operators: Map<string, Operator> | undefined }) {
  const operators = [...(props.operators?.values() ?? [])];
  const named = (name: string) => operators.filter((o) => o.name === name).length === 1;
  return (
    <datalist id="op-audit-actors">
      {operators.map((operator) => (
        <option
          key={operator.id}
          value={named(operator.name) ? operator.name : `operator:${operator.id}`}
        >
          {`${operator.name} (${operator.role})`}
        </option>
      ))}
      <option value="ADMIN_TOKEN">the bootstrap token</option>
      <option value="applicant">applicants, with their application's token</option>
      <option value="service">the service itself</option>
    </datalist>
  );
}

/** The account id of an `account:<id>` actor. */
const accountOf = (actor: string) => (actor.startsWith("account:") ? actor.slice(8) : undefined);

/** A pass, linked to its page; `title` the actor as the log writes it. */
function PassLink(props: { pass: string; title: string }) {
  return (
    <a href={`/app/passes/${props.pass}`} title={props.title}>
      <code class="op-value">{props.pass}</code>
    </a>
  );
}

/**
 * Who made the change, by name: an operator's name, ADMIN_TOKEN, an account's or a signed-in
 * pass (linked), applicants, the service. The actor as the log writes it is its `title`; an id
 * not resolved (yet) is shown cut short.
 */
function Actor(props: {
  actor: string;
  operators: Map<string, Operator> | undefined;
  passes: Map<string, string>;
}) {
  const { actor } = props;
  const [kind, id = ""] = actor.split(/:(.*)/s);
  if (actor === BOOTSTRAP) {
    return (
      <span title={actor}>
        <code>ADMIN_TOKEN</code>
      </span>
    );
  }
  if (kind === "operator") {
    const operator = props.operators?.get(id);
    if (operator) return <span title={actor}>{operator.name}</span>;
  }
  if (kind === "account") {
    const pass = props.passes.get(id);
    if (pass) return <PassLink pass={pass} title={actor} />;
  }
  if (kind === "pass") return <PassLink pass={id} title={actor} />;
  if (actor === "applicant") return <span title={actor}>an applicant</span>;
  if (actor === "service") return <span title={actor}>the service</span>;
  if (kind === "operator" || kind === "account") {
    return (
      <span class="op-sub">
        {kind}{" "}
        <code class="op-id-cut" title={actor}>
          {id}
        </code>
      </span>
    );
  }
  return <code title={actor}>{actor}</code>;
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
