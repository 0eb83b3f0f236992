/**
 * The Markdown an applicant receives with their keys (POST /applications/{id}/keys): enough to
 * make a first allocation on the test quest without reading anything else.
 */
import type { ErrorCode } from "./errors.js";
import { IDEMPOTENCY_KEY_LENGTH_MAX, IDEMPOTENCY_RETENTION_MS } from "./limits.js";

export interface OnboardingInput {
  /** The service's address as the applicant reached it, without a trailing slash. */
  baseUrl: string;
  questId: number;
  testQuestId: number;
  /** The test key goes into the commands; the live key never does (it is shown beside them). */
  testApiKey: string;
  /** A registered pass to allocate to in the example: the owner's own. */
  examplePass: string;
  /** The quests' window: allocations succeed only inside it. */
  start: Date;
  end: Date;
  /**
   * A random part, new for each claim (a few base62 or hex characters), that makes the examples'
   * Idempotency-Keys unique: keys are scoped to the account, which every application of one
   * owner shares, so a fixed key would be refused on the owner's next application.
   */
  exampleKeyNonce: string;
}

interface ErrorCase {
  code: ErrorCode;
  when: string;
}

/** What an allocation can answer besides 200, in the order of checks (docs/promises.md#answers). */
export const ALLOCATION_CHECKS: readonly ErrorCase[] = [
  { code: "QUESTS_DISABLED", when: "the operator switched the quest feature off" },
  { code: "INVALID_API_KEY", when: "`x-api-key` is missing, unknown, revoked or expired" },
  { code: "BAD_REQUEST", when: "the quest id is not a positive integer" },
  { code: "QUEST_NOT_FOUND", when: "no quest has this id" },
  { code: "NOT_QUEST_OWNER", when: "the key's account does not own the quest" },
  {
    code: "KEY_MODE_MISMATCH",
    when: "a test key on a live quest, or a live key on a test quest",
  },
  {
    code: "BAD_REQUEST",
    when: "a malformed body or `Idempotency-Key`; `errors` names each bad field",
  },
  { code: "ACTION_TYPE_INACTIVE", when: "the operator deactivated the quest's action type" },
  { code: "QUEST_NOT_ACTIVE", when: "the quest is disabled, or now is outside [start, end)" },
  {
    code: "NO_ACTIVE_EARNING_PERIOD",
    when: "earning periods are defined and none covers now",
  },
  {
    code: "ACCOUNT_NOT_FOUND",
    when: "the address is not registered with the service (register the pass first)",
  },
  { code: "INSUFFICIENT_POINTS", when: "more points than `points_remaining`" },
  {
    code: "PASS_POINTS_LIMIT",
    when: "the pass would hold more than 9007199254740991 live points, the most a JSON number carries exactly",
  },
];

/** Answers that do not depend on the checks above: retries, budgets, availability. */
export const ALLOCATION_RETRY_ERRORS: readonly ErrorCase[] = [
  {
    code: "IDEMPOTENCY_KEY_REUSED",
    when: "the `Idempotency-Key` was used before with another quest or body",
  },
  {
    code: "IDEMPOTENCY_IN_PROGRESS",
    when: "the first request with this `Idempotency-Key` is still running; retry shortly",
  },
  { code: "RATE_LIMITED", when: "too many requests; wait `Retry-After` seconds" },
  {
    code: "SERVICE_UNAVAILABLE",
    when: "the service is busy or restarting; retry after `Retry-After` with the same `Idempotency-Key`",
  },
];

const IDEMPOTENCY_RETENTION_H = IDEMPOTENCY_RETENTION_MS / (60 * 60 * 1000);

/**
 * The examples' Idempotency-Keys: pasting a command twice shows a replay, not a second payout.
 * Keys are scoped to the account, which both keys of a claim and every application of the owner
 * share, so each names its quest and carries the claim's random part: the live example differs
 * from the test one, and the next application's examples from this one's.
 */
export function exampleIdempotencyKeys(input: OnboardingInput): { test: string; live: string } {
  return {
    test: `first-test-allocation-${input.testQuestId}-${input.exampleKeyNonce}`,
    live: `first-live-allocation-${input.questId}-${input.exampleKeyNonce}`,
  };
}

/** A POSIX shell word that means exactly `text`, whatever it holds. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The onboarding Markdown: base address, quest ids, test-quest commands, errors, retries.
 * `statusOf` is the HTTP edge's status of each code (the domain knows no status number).
 */
export function onboardingInstructions(
  input: OnboardingInput,
  statusOf: (code: ErrorCode) => number,
): string {
  const { baseUrl, questId, testQuestId, testApiKey } = input;
  const testQuestUrl = shellQuote(`${baseUrl}/quests/${testQuestId}`);
  const body = shellQuote(JSON.stringify({ points: 1, address: input.examplePass }));
  const idempotencyKeys = exampleIdempotencyKeys(input);
  const row = ({ code, when }: ErrorCase) => `| ${statusOf(code)} | \`${code}\` | ${when} |`;
  return [
    "# Your quest is approved",
    "",
    `- Base address: \`${baseUrl}\``,
    `- Live quest: **${questId}**, reached with \`api_key\` (\`sk_…\`)`,
    `- Test quest: **${testQuestId}**, reached with \`test_api_key\` (\`sk_test_…\`)`,
    `- Window: from ${input.start.toISOString()} until ${input.end.toISOString()}; allocations succeed only inside it.`,
    "",
    "Both keys are shown only in this answer and the service keeps only their hashes: store them",
    "now in a secret store, never in source code. A lost key cannot be shown again; the operator",
    "can issue a new one.",
    "",
    "## 1. Try the test quest",
    "",
    "The test quest follows every rule of the live one, but its points never show in public lists,",
    "campaigns, pass balances or leaderboards. A test key reaches only test quests and a live key",
    "only live quests (anything else is `401 KEY_MODE_MISMATCH`).",
    "",
    "Read it:",
    "",
    "```sh",
    `curl -sS ${testQuestUrl} \\`,
    `  -H 'x-api-key: ${testApiKey}'`,
    "```",
    "",
    "Allocate 1 point on it (here to your own pass; any registered pass works):",
    "",
    "```sh",
    `curl -sS -X POST ${testQuestUrl} \\`,
    `  -H 'x-api-key: ${testApiKey}' \\`,
    "  -H 'Content-Type: application/json' \\",
    `  -H ${shellQuote(`Idempotency-Key: ${idempotencyKeys.test}`)} \\`,
    `  -d ${body}`,
    "```",
    "",
    'A success is `200 { "payout": { id, amount, created_at, account: { pass } } }`.',
    "",
    "## 2. Go live",
    "",
    `The live key (\`api_key\`) works the same way on quest ${questId}: in the commands above, put`,
    `\`/quests/${questId}\` in place of \`/quests/${testQuestId}\`, the live key in place of the test key,`,
    `and a new \`Idempotency-Key\` (such as \`${idempotencyKeys.live}\`): both keys belong to one account, so`,
    "a key already used on the test quest would be refused as `IDEMPOTENCY_KEY_REUSED`.",
    "",
    "## 3. Idempotency-Key",
    "",
    `- Send an \`Idempotency-Key\` (1-${IDEMPOTENCY_KEY_LENGTH_MAX} printable ASCII characters) with every allocation: one`,
    "  unique value per payout you intend, such as your own order or event id.",
    "- When a request fails or times out, retry with the same key and the same body: the first",
    "  answer is replayed (header `Idempotent-Replayed: true`) and nothing is paid twice.",
    "- Never reuse a key for another payout: the same key with another quest or body is",
    "  `422 IDEMPOTENCY_KEY_REUSED`.",
    `- Keys are kept at least ${IDEMPOTENCY_RETENTION_H} hours; retry within that time.`,
    "",
    "## 4. Error codes an allocation can answer",
    "",
    "Errors are problem details (`application/problem+json`) with a stable `code`. The checks run",
    "in this order, so the first failing one answers:",
    "",
    "| Status | Code | When |",
    "|---|---|---|",
    ...ALLOCATION_CHECKS.map(row),
    "",
    "Any allocation may also answer:",
    "",
    "| Status | Code | When |",
    "|---|---|---|",
    ...ALLOCATION_RETRY_ERRORS.map(row),
    "",
  ].join("\n");
}
