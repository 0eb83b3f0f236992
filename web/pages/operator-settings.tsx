import { useEffect, useRef, useState } from "preact/hooks";
import { type Answer, adminHeaders, api, call } from "../client.js";
import {
  Empty,
  Field,
  formatDate,
  formatNumber,
  fromUtcInput,
  Show,
  toUtcInput,
  useLoad,
} from "../ui.js";
import { ActionState, useAction } from "../use-action.js";
import type { EarningPeriod, Features } from "./operator-answers.js";
import {
  Badge,
  ConfirmButton,
  inputValue,
  Notice,
  OnOffButton,
  UtcDateField,
} from "./operator-forms.js";
import { DataTable, ListTable, type SectionProps, useCursorList } from "./operator-lists.js";
import { useCan } from "./operator-me.js";

/** Feature switches, action types and earning periods. */
export function SettingsSection({ token }: SectionProps) {
  return (
    <>
      <FeatureSwitches token={token} />
      <ActionTypes token={token} />
      <EarningPeriods token={token} />
    </>
  );
}

const FEATURES: { name: keyof Features; label: string; what: string }[] = [
  {
    name: "quests",
    label: "Quests",
    what: "every quest endpoint, the board, passes and leaderboards",
  },
  { name: "campaigns", label: "Campaigns", what: "the campaign endpoints and pages" },
];

function FeatureSwitches({ token }: SectionProps) {
  const [loaded, reload] = useLoad(
    (signal) => call(api.GET("/admin/features", { headers: adminHeaders(token), signal })),
    [token],
    { keep: true },
  );
  const action = useAction<Features>();
  const maySwitch = useCan()("setFeatures");
  const [notice, setNotice] = useState<string | null>(null);
  const flip = async (name: keyof Features, on: boolean) => {
    setNotice(null);
    const features = await action.run(() =>
      call(api.PUT("/admin/features", { body: { [name]: on }, headers: adminHeaders(token) })),
    );
    if (features)
      setNotice(`${name === "quests" ? "Quests" : "Campaigns"} switched ${on ? "on" : "off"}.`);
    reload();
  };
  return (
    <>
      <h3>Feature switches</h3>
      <Notice>{notice}</Notice>
      <ActionState action={action} busyText="Switching…" />
      <Show loaded={loaded} what="the feature switches" onRetry={reload}>
        {(features) => (
          <ul class="op-switches">
            {FEATURES.map((f) => {
              const on = features[f.name];
              return (
                <li key={f.name} class="card">
                  <p>
                    <strong>{f.label}</strong>{" "}
                    <Badge kind={on ? "ok" : "off"}>{on ? "on" : "off"}</Badge>
                  </p>
                  <p class="hint">Governs {f.what}.</p>
                  {maySwitch ? (
                    <OnOffButton
                      on={on}
                      offLabel={`Switch ${f.name} off`}
                      onLabel={`Switch ${f.name} on`}
                      busy={action.busy}
                      onChange={(next) => flip(f.name, next)}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </Show>
    </>
  );
}

function ActionTypes({ token }: SectionProps) {
  const [loaded, reload] = useLoad(
    (signal) => call(api.GET("/admin/action-types", { headers: adminHeaders(token), signal })),
    [token],
    { keep: true },
  );
  const action = useAction<Answer<"/admin/action-types/{name}", "put">>();
  const maySet = useCan()("setActionType");
  const [notice, setNotice] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [active, setActive] = useState("true");
  const set = async (typeName: string, on: boolean) => {
    setNotice(null);
    const answer = await action.run(() =>
      call(
        api.PUT("/admin/action-types/{name}", {
          params: { path: { name: typeName } },
          body: { active: on },
          headers: adminHeaders(token),
        }),
      ),
    );
    if (answer) {
      setNotice(`Action type ${answer.name} is ${answer.active ? "active" : "inactive"}.`);
      if (answer.name === name.trim()) setName("");
    }
    reload();
  };
  return (
    <>
      <h3>Action types</h3>
      <p class="hint">Allocations on quests of an inactive type are refused.</p>
      <Notice>{notice}</Notice>
      <ActionState action={action} busyText="Saving the action type…" />
      <Show loaded={loaded} what="the action types" onRetry={reload}>
        {(types) =>
          types.length === 0 ? (
            <Empty>No action type yet.</Empty>
          ) : (
            <DataTable
              label="Action types"
              caption="Action types"
              columns={[
                "Name",
                "State",
                { label: "Quests", num: true },
                ...(maySet ? ["Actions"] : []),
              ]}
              items={types}
              row={(t) => (
                <tr key={t.name}>
                  <td>
                    <code>{t.name}</code>
                  </td>
                  <td>
                    <Badge kind={t.active ? "ok" : "off"}>{t.active ? "active" : "inactive"}</Badge>
                  </td>
                  <td class="num">{formatNumber(t.quests)}</td>
                  {maySet ? (
                    <td>
                      <OnOffButton
                        on={t.active}
                        offLabel={`Deactivate ${t.name}`}
                        onLabel={`Activate ${t.name}`}
                        busy={action.busy}
                        onChange={(on) => set(t.name, on)}
                      />
                    </td>
                  ) : null}
                </tr>
              )}
            />
          )
        }
      </Show>
      {maySet ? (
        <form
          class="row op-filters"
          aria-label="Add or set an action type"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) void set(name.trim(), active === "true");
          }}
        >
          <Field id="op-at-name" label="Action type (a-z, 0-9, _ and -)">
            <input
              id="op-at-name"
              type="text"
              autocomplete="off"
              spellcheck={false}
              required
              pattern="[a-z0-9][a-z0-9_\-]{0,63}"
              value={name}
              onInput={(event) => setName(inputValue(event))}
            />
          </Field>
          <Field id="op-at-active" label="State">
            <select
              id="op-at-active"
              value={active}
              onChange={(event) => setActive(inputValue(event))}
            >
              <option value="true">active</option>
              <option value="false">inactive</option>
            </select>
          </Field>
          <button type="submit" disabled={action.busy}>
            Save action type
          </button>
        </form>
      ) : null}
    </>
  );
}

function EarningPeriods({ token }: SectionProps) {
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (editing) heading.current?.focus();
  }, [editing]);
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
    <section class={editing ? "card op-panel" : undefined} aria-labelledby={`${prefix}-title`}>
      <h3 id={`${prefix}-title`} tabIndex={-1} ref={heading}>
        {title}
      </h3>
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
    </section>
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
