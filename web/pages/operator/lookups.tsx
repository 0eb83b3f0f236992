/**
 * Reads that resolve ids for a page of an operator listing: campaigns by id, the quests an
 * application made, the owner accounts' passes, the operators' names.
 */
import { useRef } from "preact/hooks";
import { LIST_LIMIT_MAX } from "../../../src/domain/limits.js";
import type { CursorPage } from "../../ui/cursor-pages.js";
import { useLoad } from "../../ui/load.js";
import type { AdminQuest, Campaign, Operator } from "./answers.js";
import { type PageQuery, readAdminPage } from "./lists.js";

/** The largest page the operator API answers: a page's look-ups take one request as a rule. */
const LOOKUP_PAGE = LIST_LIMIT_MAX;
/** A bound on the pages one look-up reads (5,000 rows), so a huge table cannot hold a page up. */
const LOOKUP_PAGES_MAX = 10;

/**
 * Reads a newest-first listing 500 at a time until `enough` says the rows read so far answer
 * the question, the listing ends, or LOOKUP_PAGES_MAX pages were read.
 */
async function readUntil<T>(
  read: (page: PageQuery) => Promise<CursorPage<T>>,
  enough: (page: T[]) => boolean,
): Promise<void> {
  let cursor: string | undefined;
  for (let page = 0; page < LOOKUP_PAGES_MAX; page++) {
    const answer = await read({ limit: LOOKUP_PAGE, cursor });
    if (enough(answer.items)) return;
    cursor = answer.next_cursor ?? undefined;
    if (cursor === undefined) return;
  }
}

/** Every campaign by id (for names and choices): `GET /admin/campaigns`, to its end. */
export function useCampaigns(token: string) {
  return useLoad(
    async (signal) => {
      const campaigns = new Map<number, Campaign>();
      await readUntil(
        (page) => readAdminPage(token, "/admin/campaigns", page, signal),
        (items) => {
          for (const campaign of items) campaigns.set(campaign.id, campaign);
          return false;
        },
      );
      return campaigns;
    },
    [token],
  );
}

/** A campaign by its name ("Spring drive (campaign 3)"), or by its id while names load. */
export function campaignName(
  campaigns: Map<number, Campaign> | undefined,
  id: number | null,
): string {
  if (id === null) return "none";
  const campaign = campaigns?.get(id);
  return campaign ? `${campaign.name} (campaign ${id})` : `campaign ${id}`;
}

/**
 * The quests with the given ids (an application's live quest and test twin). The operator API
 * has no read of one quest, so `GET /admin/quests` is read newest first until they are all found
 * or the quests are older than the oldest asked for: one request for a page of recent ones.
 */
export function useQuestsById(token: string, ids: number[]) {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  return useLoad(
    async (signal) => {
      const found = new Map<number, AdminQuest>();
      if (wanted.length === 0) return found;
      const oldest = wanted[0]!;
      await readUntil(
        (page) => readAdminPage(token, "/admin/quests", page, signal),
        (items) => {
          for (const quest of items) if (wanted.includes(quest.id)) found.set(quest.id, quest);
          // Ids grow with time: a page only of smaller ids is past every quest asked for.
          return found.size === wanted.length || items.every((quest) => quest.id < oldest);
        },
      );
      return found;
    },
    [token, wanted],
    { keep: true },
  );
}

/**
 * The pass of each owner account the rows name (`owner_id`), since the quest and key listings
 * carry only the account's id. Resolved with `GET /admin/accounts` (newest first, 500 a page)
 * until every id is found: one request for a page as a rule, none for ids seen already.
 */
export function useOwnerPasses(token: string, ownerIds: string[]): Map<string, string> {
  const known = useRef(new Map<string, string>());
  const missing = [...new Set(ownerIds)].filter((id) => !known.current.has(id)).sort();
  const [loaded] = useLoad(
    async (signal) => {
      const found = new Map<string, string>();
      if (missing.length === 0) return found;
      await readUntil(
        (page) => readAdminPage(token, "/admin/accounts", page, signal),
        (items) => {
          for (const account of items)
            if (missing.includes(account.id)) found.set(account.id, account.pass);
          return found.size === missing.length;
        },
      );
      return found;
    },
    [token, missing],
  );
  if (loaded.state === "ok") {
    for (const [id, pass] of loaded.data) known.current.set(id, pass);
  }
  return known.current;
}

/** An owner account as its pass (a link to the pass's page), or its id until the pass is known. */
export function OwnerPass(props: { id: string; passes: Map<string, string> }) {
  const pass = props.passes.get(props.id);
  if (!pass) {
    return (
      <span class="op-sub">
        account <code class="op-id">{props.id}</code>
      </span>
    );
  }
  return (
    <a href={`/app/passes/${pass}`} title={`Account ${props.id}`}>
      <code class="op-value">{pass}</code>
    </a>
  );
}

/** Every operator by id (for names): `GET /admin/operators`, to its end (they are few). */
export function useOperators(token: string) {
  return useLoad(
    async (signal) => {
      const operators = new Map<string, Operator>();
      await readUntil(
        (page) => readAdminPage(token, "/admin/operators", page, signal),
        (items) => {
          for (const operator of items) operators.set(operator.id, operator);
          return false;
        },
      );
      return operators;
    },
    [token],
  );
}
