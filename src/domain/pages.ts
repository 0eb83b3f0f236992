/**
 * The pages' paths under /app, each a pattern whose groups are the segments passed to the page:
 * the pages' router (web/main.tsx) renders them, and the service (src/http/web.ts) answers any
 * other path under /app with 404 and the same shell, which shows "Page not found".
 */
export const PAGE_PATHS = {
  board: /^\/app\/?$/,
  quest: /^\/app\/quests\/([^/]+)\/?$/,
  campaign: /^\/app\/campaigns\/([^/]+)\/?$/,
  leaderboard: /^\/app\/leaderboard\/?$/,
  pass: /^\/app\/passes\/([^/]+)\/?$/,
  join: /^\/app\/join\/?$/,
  apply: /^\/app\/apply\/?$/,
  application: /^\/app\/applications\/([^/]+)\/?$/,
  ownerConsole: /^\/app\/console\/?$/,
  operatorConsole: /^\/app\/operator\/?$/,
} as const;

export type PageName = keyof typeof PAGE_PATHS;

/** Whether `pathname` (a path without its query) is one of the pages'. */
export function isPagePath(pathname: string): boolean {
  return Object.values(PAGE_PATHS).some((pattern) => pattern.test(pathname));
}

/**
 * The meta element the service adds to the pages' shell while its operator API is off (no
 * ADMIN_TOKEN, no operator: `/admin` answers 404), so the operator console says how to turn it
 * on rather than ask for a token nothing would accept.
 */
export const OPERATOR_API_OFF_META = { name: "questpoints-operator-api", content: "off" } as const;
