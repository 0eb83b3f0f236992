import { useState } from "preact/hooks";
import { adminHeaders, api, call } from "../../client.js";
import { ActionState, useAction } from "../../ui/action.js";
import { Badge } from "../../ui/badge.js";
import { OnOffButton } from "../../ui/confirm-button.js";
import { fromUtcInput, UtcDateField } from "../../ui/date-input.js";
import { describedBy, Field, inputValue } from "../../ui/field.js";
import { formatDate } from "../../ui/format.js";
import { Notice } from "../../ui/status.js";
import type { Campaign } from "./answers.js";
import { TitledForm } from "./forms.js";
import { ListTable, type SectionProps, useCursorList } from "./lists.js";
import { useCan } from "./me.js";

/** Every campaign, active or not; create one, switch one on or off. */
export function CampaignsSection({ token }: SectionProps) {
  const list = useCursorList(token, "/admin/campaigns", {});
  const toggle = useAction<Campaign>();
  const can = useCan();
  const mayToggle = can("updateCampaign");
  const [notice, setNotice] = useState<string | null>(null);
  const changed = (message: string) => {
    setNotice(message);
    list.reload();
  };
  const setActive = async (campaign: Campaign, active: boolean) => {
    setNotice(null);
    const saved = await toggle.run(() =>
      call(
        api.PATCH("/admin/campaigns/{id}", {
          params: { path: { id: campaign.id } },
          body: { is_active: active },
          headers: adminHeaders(token),
        }),
      ),
    );
    if (saved) changed(`Campaign ${saved.id} ${saved.is_active ? "activated" : "deactivated"}.`);
  };
  return (
    <>
      <Notice>{notice}</Notice>
      <ActionState action={toggle} busyText="Saving the campaign…" />
      <ListTable
        list={list}
        id="op-campaigns"
        what="campaigns"
        empty="No campaign yet."
        label="Campaigns"
        caption="Campaigns, newest first"
        class="op-wide"
        columns={[
          "Id",
          "Name",
          "State",
          "Window",
          "External app",
          ...(mayToggle ? ["Actions"] : []),
        ]}
        row={(c) => (
          <tr key={c.id}>
            <td>{c.id}</td>
            <td>
              <a href={`/app/campaigns/${c.id}`}>{c.name}</a>
              {c.description ? <div class="op-sub">{c.description}</div> : null}
            </td>
            <td>
              <Badge kind={c.is_active ? "ok" : "off"}>{c.is_active ? "active" : "inactive"}</Badge>
            </td>
            <td>
              {formatDate(c.start)} – {formatDate(c.end)}
            </td>
            <td>{c.external_app_id ? <code>{c.external_app_id}</code> : "—"}</td>
            {mayToggle ? (
              <td>
                <OnOffButton
                  on={c.is_active}
                  offLabel={`Deactivate campaign ${c.id}`}
                  onLabel={`Activate campaign ${c.id}`}
                  busy={toggle.busy}
                  onChange={(on) => setActive(c, on)}
                />
              </td>
            ) : null}
          </tr>
        )}
      />
      {can("createCampaign") ? (
        <CreateCampaign
          token={token}
          onCreated={(c) => changed(`Campaign ${c.id} (${c.name}) created.`)}
        />
      ) : null}
    </>
  );
}

function CreateCampaign(props: { token: string; onCreated: (campaign: Campaign) => void }) {
  const empty = { name: "", description: "", start: "", end: "", external: "", active: true };
  const [fields, setFields] = useState(empty);
  const [missing, setMissing] = useState<string[]>([]);
  const action = useAction<Campaign>();
  const set = (name: "name" | "description" | "start" | "end" | "external") => (event: Event) =>
    setFields({ ...fields, [name]: inputValue(event) });
  const submit = async (event: Event) => {
    event.preventDefault();
    const start = fromUtcInput(fields.start);
    const end = fromUtcInput(fields.end);
    const absent = [
      ...(fields.name.trim() ? [] : ["name"]),
      ...(start ? [] : ["start"]),
      ...(end ? [] : ["end"]),
    ];
    setMissing(absent);
    if (absent.length > 0 || !start || !end) return;
    const created = await action.run(() =>
      call(
        api.POST("/admin/campaigns", {
          headers: adminHeaders(props.token),
          body: {
            name: fields.name.trim(),
            description: fields.description,
            start,
            end,
            is_active: fields.active,
            ...(fields.external.trim() ? { external_app_id: fields.external.trim() } : {}),
          },
        }),
      ),
    );
    if (created) {
      setFields(empty);
      props.onCreated(created);
    }
  };
  const error = (name: string, text: string) => (missing.includes(name) ? text : undefined);
  const nameError = error("name", "Give it a name.");
  return (
    <TitledForm
      id="op-campaign-new"
      title="Create a campaign"
      onSubmit={submit}
      submit="Create campaign"
      action={action}
      busyText="Creating…"
    >
      <Field id="op-campaign-name" label="Name" error={nameError}>
        <input
          id="op-campaign-name"
          type="text"
          required
          maxLength={200}
          aria-invalid={nameError ? "true" : undefined}
          aria-describedby={describedBy("op-campaign-name", undefined, nameError)}
          value={fields.name}
          onInput={set("name")}
        />
      </Field>
      <Field id="op-campaign-description" label="Description">
        <textarea
          id="op-campaign-description"
          maxLength={5000}
          value={fields.description}
          onInput={set("description")}
        />
      </Field>
      <div class="op-grid">
        <UtcDateField
          id="op-campaign-start"
          label="Start (UTC)"
          error={error("start", "Pick a start.")}
          value={fields.start}
          onInput={set("start")}
        />
        <UtcDateField
          id="op-campaign-end"
          label="End (UTC)"
          error={error("end", "Pick an end.")}
          value={fields.end}
          onInput={set("end")}
        />
      </div>
      <Field id="op-campaign-external" label="External app id (optional)">
        <input
          id="op-campaign-external"
          type="text"
          maxLength={255}
          value={fields.external}
          onInput={set("external")}
        />
      </Field>
      <div class="op-check">
        <input
          id="op-campaign-active"
          type="checkbox"
          checked={fields.active}
          onChange={(event) =>
            setFields({ ...fields, active: (event.target as HTMLInputElement).checked })
          }
        />
        <label for="op-campaign-active">Active from the start</label>
      </div>
    </TitledForm>
  );
}
