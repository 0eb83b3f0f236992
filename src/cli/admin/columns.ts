/**
 * The columns of each `admin … list` table: what a person reads first of an item, within
 * TABLE_WIDTH_MAX columns (tables.ts); everything else is in the answer --json prints.
 */
import {
  actor,
  type Column,
  day,
  type ItemOf,
  minute,
  points,
  requestedQuest,
  shortAddress,
  shortId,
  summary,
} from "../tables.js";

type AccountItem = ItemOf<"/admin/accounts">;
type CampaignItem = ItemOf<"/admin/campaigns">;
type QuestItem = ItemOf<"/admin/quests">;
type KeyItem = ItemOf<"/admin/keys">;
type ActionTypeItem = ItemOf<"/admin/action-types">;
type PeriodItem = ItemOf<"/admin/earning-periods">;
type ApplicationItem = ItemOf<"/admin/applications">;
type PayoutItem = ItemOf<"/admin/payouts">;
type AuditItem = ItemOf<"/admin/audit">;
type OperatorItem = ItemOf<"/admin/operators">;

const yesNo = (value: boolean) => (value ? "yes" : "no");

export const ACCOUNT_COLUMNS: Column<AccountItem>[] = [
  { header: "id", cell: (account) => account.id },
  { header: "pass", cell: (account) => account.pass },
  { header: "created_at", cell: (account) => day(account.created_at) },
];

export const CAMPAIGN_COLUMNS: Column<CampaignItem>[] = [
  { header: "id", cell: (campaign) => String(campaign.id) },
  { header: "name", cell: (campaign) => campaign.name, min: 24 },
  { header: "start", cell: (campaign) => day(campaign.start) },
  { header: "end", cell: (campaign) => day(campaign.end) },
  { header: "active", cell: (campaign) => yesNo(campaign.is_active) },
  { header: "external_app_id", cell: (campaign) => campaign.external_app_id ?? "", min: 15 },
];

export const QUEST_COLUMNS: Column<QuestItem>[] = [
  { header: "id", cell: (quest) => String(quest.id) },
  { header: "name", cell: (quest) => quest.name, min: 12 },
  { header: "mode", cell: (quest) => quest.mode },
  {
    header: "left/total",
    cell: (quest) => `${points(quest.points_remaining)}/${points(quest.total_points)}`,
  },
  { header: "start", cell: (quest) => day(quest.start) },
  { header: "end", cell: (quest) => day(quest.end) },
  { header: "active", cell: (quest) => yesNo(quest.is_active) },
  { header: "public", cell: (quest) => yesNo(quest.is_public) },
];

/**
 * A key's state in a word: active, revoked, expired, or until the day its grace ends (its month
 * and day: a grace lasts a week at most, so the year is never in doubt).
 */
function keyStatus(key: KeyItem, now: number): string {
  if (key.revoked_at) return "revoked";
  if (key.expires_at)
    return Date.parse(key.expires_at) <= now
      ? "expired"
      : `until ${day(key.expires_at).slice("YYYY-".length)}`;
  return "active";
}

/**
 * Keys: the prefix tells live (`sk_`) from test (`sk_test_`); the owner is its account's id; the
 * scope is full or read. Only a listing of test keys beside keys in their grace is too wide, and
 * then the test prefixes lose their last characters (the id, whole, tells the keys apart).
 */
export function keyColumns(now: number): Column<KeyItem>[] {
  return [
    { header: "id", cell: (key) => key.id },
    { header: "prefix", cell: (key) => key.prefix, min: 10 },
    { header: "owner", cell: (key) => shortId(key.owner_id) },
    { header: "last_used", cell: (key) => day(key.last_used_at) },
    { header: "status", cell: (key) => keyStatus(key, now) },
    { header: "scope", cell: (key) => key.scope },
  ];
}

export const ACTION_TYPE_COLUMNS: Column<ActionTypeItem>[] = [
  { header: "name", cell: (type) => type.name, min: 12 },
  { header: "active", cell: (type) => yesNo(type.active) },
  { header: "quests", cell: (type) => String(type.quests) },
];

export const PERIOD_COLUMNS: Column<PeriodItem>[] = [
  { header: "id", cell: (period) => String(period.id) },
  { header: "start", cell: (period) => minute(period.start) },
  { header: "end", cell: (period) => minute(period.end) },
];

export const APPLICATION_COLUMNS: Column<ApplicationItem>[] = [
  { header: "id", cell: (application) => String(application.id) },
  { header: "status", cell: (application) => application.status },
  { header: "project", cell: (application) => application.project, min: 10 },
  { header: "owner", cell: (application) => shortAddress(application.owner) },
  { header: "quest", cell: (application) => requestedQuest(application.quest), min: 12 },
  {
    header: "account",
    cell: ({ owner_account: account }) => (account ? `${account.quests} quests` : "new"),
  },
  { header: "created_at", cell: (application) => day(application.created_at) },
];

/**
 * Payouts: the whole id (for `payouts reverse`) and the whole reversed_at (the value the exports
 * carry, to reconcile against them) leave no room for created_at, which --json has.
 */
export const PAYOUT_COLUMNS: Column<PayoutItem>[] = [
  { header: "id", cell: (payout) => payout.id },
  { header: "quest", cell: (payout) => String(payout.quest_id) },
  { header: "pass", cell: (payout) => shortAddress(payout.pass) },
  { header: "amount", cell: (payout) => points(payout.amount) },
  { header: "reversed_at", cell: (payout) => payout.reversed_at ?? "", min: 16 },
];

/**
 * Audit entries: the target's type is the action's first part (target_type in --json); the
 * details as a summary over up to three lines.
 */
export const AUDIT_COLUMNS: Column<AuditItem>[] = [
  { header: "at", cell: (entry) => minute(entry.at) },
  { header: "actor", cell: (entry) => actor(entry.actor) },
  { header: "action", cell: (entry) => entry.action },
  { header: "target", cell: (entry) => shortId(entry.target_id), min: 9 },
  { header: "details", cell: (entry) => summary(entry.details), min: 28, lines: 3 },
];

/** Operators: the id whole (for `operators update`), never a token; --json has the times whole. */
export const OPERATOR_COLUMNS: Column<OperatorItem>[] = [
  { header: "id", cell: (operator) => operator.id },
  { header: "name", cell: (operator) => operator.name, min: 8 },
  { header: "role", cell: (operator) => operator.role },
  { header: "created_at", cell: (operator) => day(operator.created_at) },
  { header: "last_used", cell: (operator) => day(operator.last_used_at) },
  { header: "disabled", cell: (operator) => yesNo(operator.disabled_at !== null) },
];
