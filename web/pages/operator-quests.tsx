import { useState } from "preact/hooks";
import { Field, formatDate, formatNumber } from "../ui.js";
import {
  ActionState,
  type AdminQuest,
  adminApi,
  Badge,
  FilterForm,
  ListTable,
  Notice,
  OnOffButton,
  type SectionProps,
  TextFilter,
  useAction,
  useCursorList,
  useFilters,
} from "./operator-shared.js";

/** Every quest (private and test ones too), filtered by owner, campaign and mode. */
export function QuestsSection({ token }: SectionProps) {
  const filters = useFilters({ owner: "", campaign_id: "", mode: "" });
  const list = useCursorList<AdminQuest>(token, "/admin/quests", filters.query);
  const toggle = useAction<AdminQuest>();
  const [notice, setNotice] = useState<string | null>(null);
  const setEnabled = async (quest: AdminQuest, enabled: boolean) => {
    setNotice(null);
    const saved = await toggle.run(() =>
      adminApi<AdminQuest>(token, `/admin/quests/${quest.id}`, {
        method: "PATCH",
        body: { is_active: enabled },
      }),
    );
    if (saved) setNotice(`Quest ${saved.id} ${saved.is_active ? "enabled" : "disabled"}.`);
    list.reload();
  };
  return (
    <>
      <FilterForm label="Filter quests" filters={filters} submit="Filter" clear="Clear filters">
        <TextFilter
          id="op-quests-owner"
          label="Owner pass"
          placeholder="0x…"
          value={filters.typed.owner}
          onInput={filters.input("owner")}
        />
        <Field id="op-quests-campaign" label="Campaign id">
          <input
            id="op-quests-campaign"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={filters.typed.campaign_id}
            onInput={filters.input("campaign_id")}
          />
        </Field>
        <Field id="op-quests-mode" label="Mode">
          <select id="op-quests-mode" value={filters.typed.mode} onChange={filters.input("mode")}>
            <option value="">live and test</option>
            <option value="live">live</option>
            <option value="test">test</option>
          </select>
        </Field>
      </FilterForm>
      <Notice>{notice}</Notice>
      <ActionState action={toggle} busyText="Saving the quest…" />
      <ListTable
        list={list}
        id="op-quests"
        what="quests"
        empty={filters.filtered ? "No quest matches." : "No quest yet."}
        label="Quests"
        caption="Quests, newest first"
        class="op-wide"
        columns={[
          "Id",
          "Name",
          "Mode",
          { label: "Points left / total", num: true },
          { label: "Per completion", num: true },
          "Window",
          "Listed",
          "Action type",
          "Campaign",
          "Owner account",
          "Enabled",
        ]}
        row={(q) => (
          <tr key={q.id}>
            <td>{q.id}</td>
            <td>{q.name}</td>
            <td>
              <Badge kind={q.mode}>{q.mode}</Badge>
            </td>
            <td class="num">
              {formatNumber(q.points_remaining)} / {formatNumber(q.total_points)}
            </td>
            <td class="num">{formatNumber(q.expected_points_per_completion)}</td>
            <td>
              {formatDate(q.start)} – {formatDate(q.end)}
            </td>
            <td>{q.is_public ? "public" : "private"}</td>
            <td>
              <code>{q.action_type}</code>
            </td>
            <td>{q.campaign_id ?? "—"}</td>
            <td>
              <code class="op-sub op-id">{q.owner_id}</code>
            </td>
            <td>
              <OnOffButton
                on={q.is_active}
                offLabel={`Disable quest ${q.id}`}
                onLabel={`Enable quest ${q.id}`}
                busy={toggle.busy}
                onChange={(on) => setEnabled(q, on)}
              />
            </td>
          </tr>
        )}
      />
    </>
  );
}
