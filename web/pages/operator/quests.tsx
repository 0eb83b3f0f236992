import { useEffect, useRef, useState } from "preact/hooks";
import { adminHeaders, api, call } from "../../client.js";
import { ActionState, useAction } from "../../ui/action.js";
import { Badge } from "../../ui/badge.js";
import { OnOffButton } from "../../ui/confirm-button.js";
import { formatDate, formatNumber } from "../../ui/format.js";
import { Notice } from "../../ui/status.js";
import { limitsInWords, playUrl } from "../shared/quest-play.js";
import type { AdminQuest } from "./answers.js";
import { FilterForm, SelectFilter, TextFilter, useFilters } from "./filters.js";
import { ListTable, type SectionProps, useCursorList } from "./lists.js";
import { campaignName, OwnerPass, useCampaigns, useOwnerPasses } from "./lookups.js";
import { useCan } from "./me.js";
import { PanelToggle } from "./panel.js";
import { EditQuest } from "./quest-edit.js";

/**
 * A quest's limits in the "Per pass" column: the public pages' words without their "per pass"
 * ("once a day", "at most 500 points"), one a line; "none" without any.
 */
function PassLimitLines(props: { quest: AdminQuest }) {
  const words = limitsInWords(props.quest);
  if (words.length === 0) return <>none</>;
  return (
    <>
      {words.map((line) => (
        <span key={line} class="op-line">
          {line.replace(/ per pass$/, "")}
        </span>
      ))}
    </>
  );
}

/** A quest's link for players under its name: its host, opening in a new tab; nothing without. */
function PlayLink(props: { url: string | null }) {
  const url = playUrl(props.url);
  if (!url) return null;
  return (
    <a
      class="op-sub op-play-link"
      href={url.href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      title={url.href}
    >
      {url.host}
      <span class="visually-hidden"> (the quest's link for players, opens in a new tab)</span>
    </a>
  );
}

/**
 * Every quest (private and test ones too), filtered by owner, campaign and mode; each one edited
 * here as the CLI edits it. `#quests?owner=0x…&quest=12` (a link from an application) opens the
 * owner's quests with quest 12 marked.
 */
export function QuestsSection({ token, params }: SectionProps) {
  const linked = Number(params?.get("quest") ?? "") || undefined;
  const filters = useFilters(
    { owner: "", campaign_id: "", mode: "" },
    { owner: params?.get("owner") ?? "", campaign_id: "", mode: "" },
  );
  const list = useCursorList(token, "/admin/quests", filters.query);
  const [campaigns] = useCampaigns(token);
  const campaignMap = campaigns.state === "ok" ? campaigns.data : undefined;
  const items = list.loaded.state === "ok" ? list.loaded.data.items : [];
  const passes = useOwnerPasses(
    token,
    items.map((q) => q.owner_id),
  );
  const toggle = useAction<AdminQuest>();
  const mayEdit = useCan()("updateQuest");
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<AdminQuest | null>(null);
  const setEnabled = async (quest: AdminQuest, enabled: boolean) => {
    setNotice(null);
    const saved = await toggle.run(() =>
      call(
        api.PATCH("/admin/quests/{questId}", {
          params: { path: { questId: quest.id } },
          body: { is_active: enabled },
          headers: adminHeaders(token),
        }),
      ),
    );
    if (saved) setNotice(`Quest ${saved.id} ${saved.is_active ? "enabled" : "disabled"}.`);
    list.reload();
  };
  // A quest a link asked for: brought into view once its row is there.
  const shownLinked = useRef(false);
  useEffect(() => {
    if (!linked || shownLinked.current) return;
    const row = document.getElementById(`op-quest-${linked}`);
    if (row) {
      shownLinked.current = true;
      row.scrollIntoView({ block: "center" });
    }
  });
  return (
    <>
      <FilterForm label="Filter quests" filters={filters} submit="Filter" clear="Clear filters">
        <TextFilter
          id="op-quests-owner"
          label="Owner pass"
          placeholder="0x…"
          filters={filters}
          name="owner"
        />
        <SelectFilter
          id="op-quests-campaign"
          label="Campaign"
          filters={filters}
          name="campaign_id"
          any="any campaign"
          options={[...(campaignMap?.values() ?? [])].map((c) => ({
            value: String(c.id),
            label: `${c.name} (${c.id})`,
          }))}
        />
        <SelectFilter
          id="op-quests-mode"
          label="Mode"
          filters={filters}
          name="mode"
          any="live and test"
          options={[
            { value: "live", label: "live" },
            { value: "test", label: "test" },
          ]}
        />
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
        class="op-wide op-quests"
        columns={[
          "Id",
          "Name",
          "Mode",
          { label: "Points left / total", num: true },
          { label: "Per completion", num: true },
          "Window",
          "Listed",
          "Action type",
          "Per pass",
          "Campaign",
          "Owner",
          ...(mayEdit ? ["Actions"] : []),
        ]}
        row={(q) => (
          <tr
            key={q.id}
            id={`op-quest-${q.id}`}
            class={q.id === linked ? "op-linked" : undefined}
            aria-current={q.id === linked ? "true" : undefined}
          >
            <td>{q.id}</td>
            <td>
              {q.name}
              <PlayLink url={q.url} />
            </td>
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
            <td>
              <PassLimitLines quest={q} />
            </td>
            <td>{q.campaign_id === null ? "—" : campaignName(campaignMap, q.campaign_id)}</td>
            <td>
              <OwnerPass id={q.owner_id} passes={passes} />
            </td>
            {mayEdit ? (
              <td>
                <div class="op-actions">
                  <PanelToggle
                    label={`Edit quest ${q.id}`}
                    open={editing?.id === q.id}
                    onClick={() => {
                      setNotice(null);
                      setEditing(editing?.id === q.id ? null : q);
                    }}
                  >
                    Edit…
                  </PanelToggle>
                  <OnOffButton
                    on={q.is_active}
                    offLabel={`Disable quest ${q.id}`}
                    onLabel={`Enable quest ${q.id}`}
                    busy={toggle.busy}
                    onChange={(on) => setEnabled(q, on)}
                  />
                </div>
              </td>
            ) : null}
          </tr>
        )}
      />
      {editing && mayEdit ? (
        <EditQuest
          key={editing.id}
          token={token}
          quest={editing}
          campaigns={campaignMap}
          onClose={() => {
            setEditing(null);
            document.querySelector<HTMLButtonElement>(`#op-quest-${editing.id} button`)?.focus();
          }}
          onSaved={(saved, changed) => {
            setEditing(null);
            setNotice(`Quest ${saved.id} saved: ${changed.join(", ")} changed.`);
            list.reload();
          }}
        />
      ) : null}
    </>
  );
}
