/**
 * The operator console (`/app/operator`) as its browser tests drive it: signing in with a token,
 * opening a section's tab, and checking tabs in turn (what each shows and what it must not, or
 * that it fits a narrow screen).
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { ADMIN_TOKEN, type TestContext } from "./app.js";
import {
  assertAccessible,
  assertNoSidewaysScroll,
  type OpenedPage,
  openPage,
  screenshot,
  type WebService,
} from "./browser.js";

export const textOf = async (locator: Locator) => (await locator.textContent()) ?? "";

/** The text of the page's first alert. */
export const alertText = (page: Page) => textOf(page.getByRole("alert").first());

/** The `role="status"` notice holding `text`, once shown. */
export const statusShown = (page: Page, text: string | RegExp) =>
  page.getByRole("status").filter({ hasText: text }).waitFor();

/**
 * Signs the console in with `token` (ADMIN_TOKEN unless given); then opens the `tab`, or waits
 * for the section whose `heading` the console opens on.
 */
export async function signIn(opened: OpenedPage, options: SignInOptions = {}): Promise<void> {
  const { page } = opened;
  await page.getByLabel("Admin token").fill(options.token ?? ADMIN_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Forget token" }).waitFor();
  await page.getByRole("navigation", { name: "Console sections" }).waitFor();
  if (options.tab) await openTab(page, options.tab);
  if (options.heading) {
    await page.getByRole("heading", { level: 2, name: options.heading, exact: true }).waitFor();
  }
}

type SignInOptions = { token?: string; tab?: string; heading?: string };

/** The console opened on `path` (`openPage`'s options) and signed in (`signIn`'s options). */
export async function openConsole(
  service: WebService,
  path: string,
  options: Parameters<typeof openPage>[2] & SignInOptions = {},
): Promise<OpenedPage> {
  const { token, tab, heading, ...pageOptions } = options;
  const opened = await openPage(service, path, pageOptions);
  await signIn(opened, { token, tab, heading });
  return opened;
}

/** The `items` of an operator listing (`GET /admin/…`). */
export const adminItems = async (ctx: TestContext, url: string) =>
  (await ctx.admin("GET", url)).json().items;

/** Opens a section by its tab: the section's heading shows, the tab is pressed. */
export async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole("navigation", { name: "Console sections" }).getByRole("button", {
    name,
    exact: true,
  });
  await tab.click();
  await page.getByRole("heading", { level: 2, name, exact: true }).waitFor();
  assert.equal(await tab.getAttribute("aria-pressed"), "true", `${name} tab pressed`);
}

/** A control a tab must not show: its name, its role (a button unless given), why. */
export type Absent = [
  name: string | RegExp,
  role?: "button" | "heading" | "columnheader",
  why?: string,
];

/** A tab, opened by its name: what it shows once ready, and what it must not show. */
export interface TabCheck {
  tab: string;
  shows: ((page: Page) => Locator)[];
  absent?: Absent[];
}

/** Asserts the page shows none of these controls. */
export async function expectAbsent(page: Page, absent: Absent[]): Promise<void> {
  for (const [name, role = "button", why] of absent) {
    assert.equal(await page.getByRole(role, { name }).count(), 0, why ?? String(name));
  }
}

/** Opens each tab in turn, waits for what it shows, and asserts none of its absent controls. */
export async function checkTabs(page: Page, checks: TabCheck[]): Promise<void> {
  for (const { tab, shows, absent = [] } of checks) {
    await openTab(page, tab);
    for (const shown of shows) await shown(page).waitFor();
    await expectAbsent(page, absent);
  }
}

/** A view on a narrow screen: its tab (if another), what is done and shown in it, its name. */
export interface NarrowView {
  tab?: string;
  act?: (page: Page) => Promise<unknown>;
  shows?: (page: Page) => Locator;
  what: string;
  /** Checked with axe-core too. */
  accessible?: true;
  /** A screenshot's name. */
  shot?: string;
}

/** Each view in turn fits the screen: no sideways scrolling (and accessible, where asked). */
export async function checkNarrow(page: Page, views: NarrowView[]): Promise<void> {
  for (const view of views) {
    if (view.tab) await openTab(page, view.tab);
    await view.act?.(page);
    await view.shows?.(page).waitFor();
    await assertNoSidewaysScroll(page, view.what);
    if (view.accessible) await assertAccessible(page, view.what);
    if (view.shot) await screenshot(page, view.shot);
  }
}

/** The page's table. */
export const tableOf = (page: Page) => page.getByRole("table");

/**
 * Every table on the page read as blocks, as on a phone: each row a block, each cell named by its
 * column (`data-label`, shown before it), and nothing left to scroll sideways in its region.
 */
export async function assertTablesAsBlocks(page: Page, what: string): Promise<void> {
  const problems = await page.locator("table").evaluateAll((tables) =>
    tables.flatMap((table, n) => {
      const found: string[] = [];
      const heads = [...table.querySelectorAll("thead th")].map((th) => th.textContent ?? "");
      for (const row of table.querySelectorAll("tbody tr")) {
        if (getComputedStyle(row).display !== "block") found.push(`table ${n}: a row in a line`);
        [...row.querySelectorAll(":scope > td")].forEach((cell, column) => {
          const label = cell.getAttribute("data-label");
          if (label !== heads[column]) {
            found.push(`table ${n}: cell ${column} named ${label}, its column ${heads[column]}`);
          }
        });
      }
      const region = table.closest(".table-wrap") ?? table;
      if (region.scrollWidth > region.clientWidth) {
        found.push(
          `table ${n} scrolls sideways: ${region.scrollWidth} px in ${region.clientWidth}`,
        );
      }
      return found;
    }),
  );
  assert.deepEqual(problems, [], `${what} read as blocks`);
}
