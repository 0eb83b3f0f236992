import "./public.css";
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import { LIST_LIMIT_MAX, QUEST_LIST_LIMIT_MAX } from "../../src/domain/limits.js";
import { type Answer, api, call, type Item, type Schema } from "../client.js";
import { formatDate, formatNumber, timeLeft } from "../format.js";
import { type Column, TableHead, TableWrap } from "../tables.js";
import { describedBy, Progress } from "../ui.js";

/**
 * What the public pages (quest board, campaign, leaderboard, pass) share: the answers' shapes,
 * the loaders that walk a paged list to its end, the URL query as page state, a quest's card,
 * a table, and the pass look-up form.
 */

// ---- Answer shapes, named from the generated schema ----

/** `GET /quests?with=progress`: one public live quest. */
export type PublicQuest = Schema<"QuestPublic">;
export type CampaignSummary = NonNullable<PublicQuest["campaign"]>;
/** `GET /campaigns` items: an active campaign. */
export type Campaign = Item<"/campaigns">;
/** `GET /campaigns/{id}`: a campaign with its public quests. */
export type CampaignDetail = Answer<"/campaigns/{id}", "get">;
/** `GET /earning-periods`: one period, `[start, end)`. */
export type EarningPeriod = Answer<"/earning-periods", "get">[number];

// ---- Loaders ----

/** `GET /quests` answers at most this many quests a request. */
const QUEST_PAGE = QUEST_LIST_LIMIT_MAX;
/** A bound on the pages walked, so a misbehaving answer cannot loop for ever. */
const PAGES_MAX = 100;

/** Every public live quest with its progress: `GET /quests?with=progress`, page after page. */
export async function loadAllQuests(signal: AbortSignal): Promise<PublicQuest[]> {
  const quests: PublicQuest[] = [];
  for (let page = 0; page < PAGES_MAX; page++) {
    const batch = await call(
      api.GET("/quests", {
        params: { query: { with: "progress", limit: QUEST_PAGE, offset: page * QUEST_PAGE } },
        signal,
      }),
    );
    quests.push(...batch);
    if (batch.length < QUEST_PAGE) break;
  }
  return quests;
}

/** Every active campaign: `GET /campaigns`, following `next_cursor`. */
export async function loadActiveCampaigns(signal: AbortSignal): Promise<Campaign[]> {
  const campaigns: Campaign[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < PAGES_MAX; page++) {
    const answer = await call(
      api.GET("/campaigns", { params: { query: { limit: LIST_LIMIT_MAX, cursor } }, signal }),
    );
    campaigns.push(...answer.items);
    cursor = answer.next_cursor ?? undefined;
    if (cursor === undefined) break;
  }
  return campaigns;
}

/** Every earning period, oldest first: `GET /earning-periods`. */
export const loadEarningPeriods = (signal: AbortSignal) =>
  call(api.GET("/earning-periods", { signal }));

// ---- Earning periods in words ----

const DAY_MS = 86_400_000;
const dayOf = (ms: number) =>
  new Date(ms).toLocaleDateString("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const momentOf = (ms: number) =>
  new Date(ms).toLocaleString("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });

/**
 * A period's dates as people read them: whole UTC days as "1 Jan 2026 – 31 Jan 2026" (the last
 * day included: the period ends as it starts), other bounds with their times in UTC.
 */
export function periodRange(period: Pick<EarningPeriod, "start" | "end">): string {
  const start = Date.parse(period.start);
  const end = Date.parse(period.end);
  if (start % DAY_MS === 0 && end % DAY_MS === 0) {
    const last = end - DAY_MS;
    return last <= start ? dayOf(start) : `${dayOf(start)} – ${dayOf(last)}`;
  }
  return `${momentOf(start)} – ${momentOf(end)} UTC`;
}

/** "current", "upcoming" or "ended", as of `now`. */
export function periodTense(
  period: Pick<EarningPeriod, "start" | "end">,
  now = Date.now(),
): "current" | "upcoming" | "ended" {
  if (now < Date.parse(period.start)) return "upcoming";
  return now < Date.parse(period.end) ? "current" : "ended";
}

// ---- The URL query as page state ----

/**
 * The page's query string as state: `set` writes the changes into the URL (a new history entry,
 * so Back undoes a filter) and re-renders; Back and Forward re-render too.
 */
export function useQueryState(): [
  URLSearchParams,
  (changes: Record<string, string | number | null | undefined>) => void,
] {
  const [search, setSearch] = useState(location.search);
  useEffect(() => {
    const onPop = () => setSearch(location.search);
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, []);
  const set = useCallback((changes: Record<string, string | number | null | undefined>) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === "") params.delete(name);
      else params.set(name, String(value));
    }
    const text = params.toString();
    const url = `${location.pathname}${text ? `?${text}` : ""}`;
    if (url !== `${location.pathname}${location.search}`) history.pushState(null, "", url);
    setSearch(location.search);
  }, []);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return [params, set];
}

/** A positive integer id as written in a URL, or undefined. */
export function idFrom(text: string | null): number | undefined {
  if (text === null || !/^[1-9]\d{0,15}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}

// ---- Quests ----

export type QuestState = "open" | "upcoming" | "paused" | "spent" | "ended";

const STATE_LABEL: Record<QuestState, string> = {
  open: "Open",
  upcoming: "Upcoming",
  paused: "Paused",
  spent: "Budget spent",
  ended: "Ended",
};

export function questState(
  quest: Pick<PublicQuest, "start" | "end" | "is_active" | "points_remaining">,
  now = Date.now(),
): QuestState {
  if (now < Date.parse(quest.start)) return "upcoming";
  if (now >= Date.parse(quest.end)) return "ended";
  if (quest.is_active === false) return "paused";
  if (quest.points_remaining === 0) return "spent";
  return "open";
}

export function QuestStateBadge(props: { state: QuestState }) {
  return <span class={`badge state-${props.state}`}>{STATE_LABEL[props.state]}</span>;
}

export const isEnded = (quest: Pick<PublicQuest, "end">, now = Date.now()) =>
  now >= Date.parse(quest.end);

export function DateTime(props: { iso: string }) {
  return <time dateTime={props.iso}>{formatDate(props.iso)}</time>;
}

/**
 * One quest as a card: its name (a link to the quest's page), state, campaign (a link to the
 * campaign's page), points per completion, budget left and time left. `level` keeps the page's
 * headings in order.
 */
export function QuestCard(props: {
  quest: PublicQuest;
  level: 2 | 3;
  showCampaign: boolean;
  now: number;
}) {
  const { quest, now } = props;
  const state = questState(quest, now);
  const Heading = props.level === 2 ? "h2" : "h3";
  return (
    <li class="card quest-card">
      <div class="quest-head">
        <Heading>
          <a href={`/app/quests/${quest.id}`}>{quest.name}</a>
        </Heading>
        <QuestStateBadge state={state} />
      </div>
      {props.showCampaign ? (
        <p class="meta">
          {quest.campaign ? (
            <>
              Campaign: <a href={`/app/campaigns/${quest.campaign.id}`}>{quest.campaign.name}</a>
            </>
          ) : (
            "Not in a campaign"
          )}
        </p>
      ) : null}
      {quest.description ? <p class="quest-description">{quest.description}</p> : null}
      <dl class="quest-facts">
        <div>
          <dt>Points per completion</dt>
          <dd class="num">{formatNumber(quest.expected_points_per_completion)}</dd>
        </div>
        <div>
          <dt>{state === "upcoming" ? "Starts" : state === "ended" ? "Ended" : "Time left"}</dt>
          <dd>
            <When quest={quest} state={state} now={now} />
          </dd>
        </div>
      </dl>
      {quest.points_remaining === undefined ? (
        <p class="meta">Budget: {formatNumber(quest.total_points)} points</p>
      ) : (
        <BudgetLeft quest={quest} class="quest-budget" />
      )}
    </li>
  );
}

/** A quest's budget left as a bar (`with=progress` answers only; nothing without it). */
export function BudgetLeft(props: { quest: PublicQuest; class: string }) {
  const { quest } = props;
  if (quest.points_remaining === undefined) return null;
  return (
    <div class={props.class}>
      <p class="budget-label" aria-hidden="true">
        Budget left
      </p>
      <Progress
        value={quest.points_remaining}
        max={quest.total_points}
        label={`Budget left of ${quest.name}`}
      />
    </div>
  );
}

/** When the quest starts, ends or ended, in words and as a date. */
function When(props: { quest: PublicQuest; state: QuestState; now: number }) {
  const { quest, state, now } = props;
  if (state === "ended") return <DateTime iso={quest.end} />;
  if (state === "upcoming") {
    return (
      <>
        {timeLeft(quest.start, quest.end, now).replace(/^starts /, "")}{" "}
        <span class="meta">
          (<DateTime iso={quest.start} />)
        </span>
      </>
    );
  }
  return (
    <>
      {timeLeft(quest.start, quest.end, now)}{" "}
      <span class="meta">
        (until <DateTime iso={quest.end} />)
      </span>
    </>
  );
}

export function QuestCards(props: {
  quests: PublicQuest[];
  level: 2 | 3;
  showCampaign: boolean;
  label: string;
}) {
  const now = Date.now();
  return (
    <ul class="cards quest-cards" aria-label={props.label}>
      {props.quests.map((quest) => (
        <QuestCard
          key={quest.id}
          quest={quest}
          level={props.level}
          showCampaign={props.showCampaign}
          now={now}
        />
      ))}
    </ul>
  );
}

// ---- Tables ----

/** A public table in its scrolling region, named by the heading `labelledBy` above it. */
export function PublicTable<T>(props: {
  label: string;
  labelledBy: string;
  columns: Column[];
  items: T[];
  row: (item: T) => ComponentChildren;
}) {
  return (
    <TableWrap label={props.label}>
      <table class="public-table" aria-labelledby={props.labelledBy}>
        <TableHead columns={props.columns} />
        <tbody>{props.items.map(props.row)}</tbody>
      </table>
    </TableWrap>
  );
}

// ---- Joining ----

/** The public pages' invitation to register a pass (`/app/join`). */
export function JoinInvite(props: { lead?: string }) {
  return (
    <p class="join-invite">
      {props.lead ?? "No pass registered yet?"} <a href="/app/join">Join to earn points</a>: sign in
      with your wallet once, and quests can pay points to your pass.
    </p>
  );
}

// ---- Pass look-up ----

/** A form that opens a pass's page; the pass page shows the API's answer about the address. */
export function PassLookup(props: { id: string }) {
  const [address, setAddress] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const onSubmit = (event: Event) => {
    event.preventDefault();
    const value = address.trim();
    if (!value) {
      setError("Enter a pass address (0x and 40 hex digits).");
      return;
    }
    location.assign(`/app/passes/${encodeURIComponent(value)}`);
  };
  return (
    <form class="pass-lookup" onSubmit={onSubmit} noValidate>
      <div class={`field${error ? " invalid" : ""}`}>
        <label for={props.id}>Pass address</label>
        <div class="inline-form">
          <input
            id={props.id}
            name="address"
            type="text"
            class="mono"
            autoComplete="off"
            spellcheck={false}
            placeholder="0x…"
            value={address}
            aria-invalid={error ? "true" : undefined}
            aria-describedby={describedBy(props.id, undefined, error)}
            onInput={(event) => {
              setAddress((event.target as HTMLInputElement).value);
              setError(undefined);
            }}
          />
          <button type="submit">Look up</button>
        </div>
        {error ? (
          <p class="field-error" id={`${props.id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}
