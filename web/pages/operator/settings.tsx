import { useState } from "preact/hooks";
import { type Answer, adminHeaders, api, call } from "../../client.js";
import { ActionState, useAction } from "../../ui/action.js";
import { Badge } from "../../ui/badge.js";
import { OnOffButton } from "../../ui/confirm-button.js";
import { Field, inputValue } from "../../ui/field.js";
import { formatNumber } from "../../ui/format.js";
import { useLoad } from "../../ui/load.js";
import { Empty, Notice, Show } from "../../ui/status.js";
import type { Features } from "./answers.js";
import { DataTable, type SectionProps } from "./lists.js";
import { useCan } from "./me.js";
import { EarningPeriods } from "./periods.js";

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
