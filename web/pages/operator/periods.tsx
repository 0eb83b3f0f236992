/** Earning periods in the operator console: the list, and the form that adds or edits one. */
import { useState } from "preact/hooks";
import { adminHeaders, api, call } from "../../client.js";
import { ActionState, useAction } from "../../ui/action.js";
import { ConfirmButton } from "../../ui/confirm-button.js";
import { fromUtcInput, toUtcInput, UtcDateField } from "../../ui/date-input.js";
import { inputValue } from "../../ui/field.js";
import { formatDate } from "../../ui/format.js";
import { Notice } from "../../ui/status.js";
import type { EarningPeriod } from "./answers.js";
import { ListTable, type SectionProps, useCursorList } from "./lists.js";
import { useCan } from "./me.js";
import { Panel } from "./panel.js";

export function EarningPeriods({ token }: SectionProps) {
  const list = useCursorList(token, "/admin/earning-periods", {});
  const remove = useAction<true>();
  const can = useCan();
  const may = {
    create: can("createEarningPeriod"),
    edit: can("updateEarningPeriod"),
    remove: can("deleteEarningPeriod"),
  };
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<EarningPeriod | null>(null);
  const changed = (message: string) => {
    setNotice(message);
    list.reload();
  };
  const deletePeriod = async (period: EarningPeriod) => {
    setNotice(null);
    setEditing(null);
    const done = await remove.run(async () => {
      await call(
        api.DELETE("/admin/earning-periods/{id}", {
          params: { path: { id: period.id } },
          headers: adminHeaders(token),
        }),
      );
      return true;
    });
    if (done) changed(`Earning period ${period.id} deleted.`);
  };
  return (
    <>
      <h3>Earning periods</h3>
      <p class="hint">
        [start, end) windows that never overlap. Once any exists, allocations need one covering the
        moment they happen.
      </p>
      <Notice>{notice}</Notice>
      <ActionState action={remove} busyText="Deleting…" />
      <ListTable
        list={list}
        id="op-periods"
        what="earning periods"
        empty="No earning period: allocations are not limited by periods."
        label="Earning periods"
        caption="Earning periods, oldest first"
        columns={["Id", "Start", "End", ...(may.edit || may.remove ? ["Actions"] : [])]}
        row={(p) => (
          <tr key={p.id}>
            <td>{p.id}</td>
            <td>{formatDate(p.start)}</td>
            <td>{formatDate(p.end)}</td>
            {may.edit || may.remove ? (
              <td>
                <div class="op-actions">
                  {may.edit ? (
                    <button
                      type="button"
                      class="secondary"
                      aria-label={`Edit earning period ${p.id}`}
                      onClick={() => {
                        remove.reset();
                        setEditing(p);
                      }}
                    >
                      Edit…
                    </button>
                  ) : null}
                  {may.remove ? (
                    <ConfirmButton
                      label={`Delete period ${p.id}`}
                      confirmLabel={`Confirm: delete period ${p.id}`}
                      disabled={remove.busy}
                      onConfirm={() => deletePeriod(p)}
                    />
                  ) : null}
                </div>
              </td>
            ) : null}
          </tr>
        )}
      />
      {editing && may.edit ? (
        <PeriodForm
          key={editing.id}
          token={token}
          period={editing}
          onClose={() => setEditing(null)}
          onSaved={(p) => {
            setEditing(null);
            changed(
              `Earning period ${p.id} now runs ${formatDate(p.start)} – ${formatDate(p.end)}.`,
            );
          }}
        />
      ) : null}
      {may.create ? (
        <PeriodForm
          token={token}
          onSaved={(p) =>
            changed(
              `Earning period ${p.id} created: ${formatDate(p.start)} – ${formatDate(p.end)}.`,
            )
          }
        />
      ) : null}
    </>
  );
}

/** Creates a period, or (given one) moves its start and end. */
function PeriodForm(props: {
  token: string;
  period?: EarningPeriod;
  onSaved: (period: EarningPeriod) => void;
  onClose?: () => void;
}) {
  const editing = props.period;
  const prefix = editing ? `op-period-${editing.id}` : "op-period-new";
  const [start, setStart] = useState(editing ? toUtcInput(editing.start) : "");
  const [end, setEnd] = useState(editing ? toUtcInput(editing.end) : "");
  const [missing, setMissing] = useState<string[]>([]);
  const action = useAction<EarningPeriod>();
  const submit = async (event: Event) => {
    event.preventDefault();
    const startIso = fromUtcInput(start);
    const endIso = fromUtcInput(end);
    const absent = [...(startIso ? [] : ["start"]), ...(endIso ? [] : ["end"])];
    setMissing(absent);
    if (absent.length > 0 || !startIso || !endIso) return;
    const headers = adminHeaders(props.token);
    const saved = await action.run(() =>
      editing
        ? call(
            api.PATCH("/admin/earning-periods/{id}", {
              params: { path: { id: editing.id } },
              body: patchOf(editing, start, end),
              headers,
            }),
          )
        : call(
            api.POST("/admin/earning-periods", { body: { start: startIso, end: endIso }, headers }),
          ),
    );
    if (saved) {
      if (!editing) {
        setStart("");
        setEnd("");
      }
      props.onSaved(saved);
    }
  };
  const title = editing ? `Edit earning period ${editing.id}` : "Create an earning period";
  const fieldError = (name: string) =>
    missing.includes(name) ? `Pick the ${name} (date and time, UTC).` : undefined;
  return (
    <Panel
      id={prefix}
      title={title}
      class={editing ? "card op-panel" : undefined}
      focus={editing !== undefined}
      focusKey={editing}
    >
      <form onSubmit={submit} aria-labelledby={`${prefix}-title`} noValidate>
        <div class="op-grid">
          <UtcDateField
            id={`${prefix}-start`}
            label="Start (UTC)"
            error={fieldError("start")}
            value={start}
            onInput={(event) => setStart(inputValue(event))}
          />
          <UtcDateField
            id={`${prefix}-end`}
            label="End (UTC, not included)"
            error={fieldError("end")}
            value={end}
            onInput={(event) => setEnd(inputValue(event))}
          />
        </div>
        <div class="row">
          <button type="submit" disabled={action.busy}>
            {editing ? "Save period" : "Create period"}
          </button>
          {props.onClose ? (
            <button type="button" class="secondary" onClick={props.onClose}>
              Cancel
            </button>
          ) : null}
        </div>
        <ActionState action={action} busyText="Saving…" />
      </form>
    </Panel>
  );
}

/**
 * Only what the operator changed (an untouched field may hold seconds the minute-wide input
 * cannot show); both when nothing changed, since the API wants at least one.
 */
function patchOf(period: EarningPeriod, start: string, end: string) {
  const patch: { start?: string; end?: string } = {};
  if (start !== toUtcInput(period.start)) patch.start = fromUtcInput(start)!;
  if (end !== toUtcInput(period.end)) patch.end = fromUtcInput(end)!;
  return Object.keys(patch).length > 0 ? patch : { start: period.start, end: period.end };
}
