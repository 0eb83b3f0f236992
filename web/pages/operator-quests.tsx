import { useState } from "preact/hooks";
import { Empty, Field, formatDate, formatNumber, Show } from "../ui.js";
import {
  ActionState,
  type AdminQuest,
  adminApi,
  Badge,
  ConfirmButton,
  inputValue,
  Notice,
  Pager,
  type SectionProps,
  TableWrap,
  useAction,
  useCursorList,
} from "./operator-shared.js";

interface Filters {
  owner: string;
  campaign_id: string;
  mode: string;
}

const NO_FILTERS: Filters = { owner: "", campaign_id: "", mode: "" };

/** Every quest (private and test ones too), filtered by owner, campaign and mode. */
export function QuestsSection({ token }: SectionProps) {
  const [typed, setTyped] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const list = useCursorList<AdminQuest>(token, "/admin/quests", {
    owner: applied.owner || undefined,
    campaign_id: applied.campaign_id || undefined,
    mode: applied.mode || undefined,
  });
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
  const set = (name: keyof Filters) => (event: Event) =>
    setTyped({ ...typed, [name]: inputValue(event) });
  const filtered = Object.values(applied).some((v) => v !== "");
  return (
    <>
      <form
        class="row op-filters"
        aria-label="Filter quests"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied({
            owner: typed.owner.trim(),
            campaign_id: typed.campaign_id.trim(),
            mode: typed.mode,
          });
        }}
      >
        <Field id="op-quests-owner" label="Owner pass">
          <input
            id="op-quests-owner"
            type="text"
            autocomplete="off"
            spellcheck={false}
            placeholder="0x…"
            value={typed.owner}
            onInput={set("owner")}
          />
        </Field>
        <Field id="op-quests-campaign" label="Campaign id">
          <input
            id="op-quests-campaign"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={typed.campaign_id}
            onInput={set("campaign_id")}
          />
        </Field>
        <Field id="op-quests-mode" label="Mode">
          <select id="op-quests-mode" value={typed.mode} onChange={set("mode")}>
            <option value="">live and test</option>
            <option value="live">live</option>
            <option value="test">test</option>
          </select>
        </Field>
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
      {notice ? <Notice>{notice}</Notice> : null}
      <ActionState action={toggle} busyText="Saving the quest…" />
      <Show loaded={list.loaded} what="quests" onRetry={list.reload}>
        {(page) =>
          page.items.length === 0 ? (
            <Empty>{filtered ? "No quest matches." : "No quest yet."}</Empty>
          ) : (
            <TableWrap label={"Quests"}>
              <table class="op-wide">
                <caption class="op-caption">Quests, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Id</th>
                    <th scope="col">Name</th>
                    <th scope="col">Mode</th>
                    <th scope="col" class="num">
                      Points left / total
                    </th>
                    <th scope="col" class="num">
                      Per completion
                    </th>
                    <th scope="col">Window</th>
                    <th scope="col">Listed</th>
                    <th scope="col">Action type</th>
                    <th scope="col">Campaign</th>
                    <th scope="col">Owner account</th>
                    <th scope="col">Enabled</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((q) => (
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
                        {q.is_active ? (
                          <ConfirmButton
                            label={`Disable quest ${q.id}`}
                            confirmLabel={`Confirm: disable quest ${q.id}`}
                            disabled={toggle.busy}
                            onConfirm={() => setEnabled(q, false)}
                          />
                        ) : (
                          <button
                            type="button"
                            disabled={toggle.busy}
                            onClick={() => setEnabled(q, true)}
                          >
                            Enable quest {q.id}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )
        }
      </Show>
      <Pager list={list} id="op-quests" what="quests" />
    </>
  );
}
