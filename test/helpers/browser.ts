import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import {
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  chromium,
  type Download,
  type Page,
  type Request,
  type Route,
} from "playwright-core";
import { buildWeb } from "../../scripts/build-web.js";
import { buildTestContext, type TestContext } from "./app.js";
import { injectWallet, type TestWallet } from "./browser-wallet.js";
import { CHROMIUM_FLAGS, chromiumPath } from "./chromium.js";

// The wallet in the page and the applications it signs live in browser-wallet.ts.
export { submitApplication, type TestWallet, testWallet } from "./browser-wallet.js";

/**
 * The pages in a real browser: Debian's Chromium driven by playwright-core, against the real
 * service (HTTP on loopback, PGlite). Every page opened through `openPage` records console errors,
 * uncaught exceptions and requests to any other origin; `finish` asserts there were none.
 */

/** Where screenshots go: the test run's output folder. */
export const SCREENSHOT_DIR = join(process.cwd(), "test-output", "screenshots");

/** The pages' bundle: the test run's, or one per process in a folder of its own. */
let built: Promise<string> | undefined;

export interface WebService {
  ctx: TestContext;
  /** http://127.0.0.1:port */
  base: string;
  browser: Browser;
  /** Pages a finished test gave back, at about:blank, for the next `openPage` without a wallet. */
  idlePages: Page[];
  close(): Promise<void>;
}

/**
 * The test run's Chromium (QP_TEST_BROWSER_WS, started once by scripts/test-fixtures.ts), or one
 * of this file's own when it runs alone. Closing a connected browser closes only the contexts
 * this file opened in it.
 */
function openBrowser(): Promise<Browser> {
  const shared = process.env.QP_TEST_BROWSER_WS;
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

/** A download's bytes as text: read through the connection, as the browser may run elsewhere. */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A port free right now on loopback (the service takes it a moment later). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * Bundles the pages (once per process), starts the service on PGlite and a browser. The service
 * knows its own address (`PUBLIC_BASE_URL`), as a deployment does, so the wallet sign-in
 * messages name the host the pages are served from.
 */
export async function startWebService(env: Record<string, string> = {}): Promise<WebService> {
  if (!built) {
    // The test runner's bundle of the pages (scripts/run-tests.ts), else one of this process.
    const shared = process.env.QP_TEST_WEB_DIR;
    if (shared) built = Promise.resolve(shared);
    else {
      const dir = mkdtempSync(join(tmpdir(), "questpoints-web-"));
      process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
      built = buildWeb(dir);
    }
  }
  const webDir = await built;
  // The browser first: if it cannot start, there is no service left listening.
  const browser = await openBrowser();
  let ctx: TestContext | undefined;
  let base = "";
  try {
    // The port must be known before the service is built; another process may take it first.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      ctx = await buildTestContext("pglite", { WEB_DIR: webDir, PUBLIC_BASE_URL: base, ...env });
      try {
        await ctx.app.listen({ host: "127.0.0.1", port });
        break;
      } catch (error) {
        await ctx.close();
        ctx = undefined;
        if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt === 5) throw error;
      }
    }
  } catch (error) {
    await ctx?.close();
    await browser.close();
    throw error;
  }
  const started = ctx;
  return {
    ctx: started,
    base,
    browser,
    idlePages: [],
    async close() {
      try {
        await browser.close();
      } finally {
        await started.close();
      }
    },
  };
}

/**
 * Inside a `describe`: a web service (`startWebService(env)`) started before its tests and
 * closed after them. The object returned is that service once `before` ran (filled in then).
 */
export function withWebService(env: Record<string, string> = {}): WebService {
  const service = {} as WebService;
  before(async () => {
    Object.assign(service, await startWebService(env));
  });
  after(async () => {
    await service.close?.();
  });
  return service;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and requests to other origins, seen so far. */
  problems: string[];
  /** Asserts nothing went wrong on the page, then gives it back (a wallet's: closes its context). */
  finish(): Promise<void>;
}

const VIEWPORT = { width: 1280, height: 900 };
const VIEWPORT_NARROW = { width: 390, height: 844 };

/**
 * A page whose origin has no stored data, cookies or permissions: a finished test's page made
 * clean (a new renderer process costs Chromium about a CPU-second, a navigation a fifth of that),
 * else a page in a new context.
 */
async function cleanPage(service: WebService, wallet: TestWallet | undefined): Promise<Page> {
  // A wallet lives in a context's init scripts, which cannot be taken back: its own context.
  const reused = wallet ? undefined : service.idlePages.pop();
  if (!reused) {
    const context = await service.browser.newContext({ viewport: VIEWPORT });
    if (wallet) await injectWallet(context, wallet);
    return context.newPage();
  }
  const context = reused.context();
  await context.clearCookies();
  await context.clearPermissions();
  const cdp = await context.newCDPSession(reused);
  try {
    const { origin } = new URL(service.base);
    await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
  } finally {
    await cdp.detach();
  }
  return reused;
}

/**
 * A page with nothing stored on the service's origin, on `path`; 390 px wide when `narrow`; with
 * `wallet`, the page finds that wallet as `window.ethereum`.
 */
export async function openPage(
  service: WebService,
  path: string,
  /** `allowConsoleErrors`: HTTP statuses (or net::ERR_ codes) whose failed load is expected. */
  options: { narrow?: boolean; allowConsoleErrors?: RegExp; wallet?: TestWallet } = {},
): Promise<OpenedPage> {
  const page = await cleanPage(service, options.wallet);
  const context = page.context();
  await page.setViewportSize(options.narrow ? VIEWPORT_NARROW : VIEWPORT);
  const problems: string[] = [];
  const origin = new URL(service.base).origin;
  const onRequest = (request: Request) => {
    const url = request.url();
    if (url.startsWith("data:") || url === "about:blank") return;
    if (new URL(url).origin !== origin) problems.push(`request to another host: ${url}`);
  };
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== "error") return;
    const text = message.text();
    // An API refusal the page shows (a 4xx it asked for) is logged by Chromium as a failed
    // resource load: expected where a test provokes it, and only that message.
    const failedLoad =
      /^Failed to load resource: (?:the server responded with a status of (\d{3})|net::(ERR_\w+))/.exec(
        text,
      );
    if (failedLoad && options.allowConsoleErrors?.test(failedLoad[1] ?? failedLoad[2]!)) return;
    problems.push(`console error: ${text}`);
  };
  const onPageError = (error: Error) => problems.push(`page error: ${error.message}`);
  page.on("request", onRequest);
  page.on("console", onConsole);
  page.on("pageerror", onPageError);
  await page.goto(`${service.base}${path}`);
  return {
    page,
    context,
    problems,
    async finish() {
      if (options.wallet) {
        await context.close();
      } else {
        // Left at about:blank, the page runs none of the test's scripts until it is reused.
        await page.unrouteAll({ behavior: "ignoreErrors" });
        await page.goto("about:blank");
        page.off("request", onRequest);
        page.off("console", onConsole);
        page.off("pageerror", onPageError);
        service.idlePages.push(page);
      }
      assert.deepEqual(problems, [], "no console error, page error or request to another host");
    },
  };
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** axe-core on the page as it is now: no serious or critical violation. */
export async function assertAccessible(page: Page, what: string): Promise<void> {
  // Evaluated through the DevTools protocol, which the page's CSP does not restrict; once per
  // document (a single-page app keeps it across its own route changes).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  // Only violations are asked for: axe then skips building the details of what passed.
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run(options: { resultTypes: string[] }): Promise<{
            violations: {
              id: string;
              impact: string;
              help: string;
              nodes: { target: string[] }[];
            }[];
          }>;
        };
      }
    ).axe.run({ resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
  });
  assert.deepEqual(violations, [], `axe-core on ${what}`);
}

/** The page is no wider than its viewport: nothing scrolls sideways. */
export async function assertNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  assert.ok(scroll <= client, `${what} scrolls sideways: ${scroll} px wide in ${client} px`);
}

/** A full-page screenshot under the test run's output folder. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** What the page keeps beyond the tab: localStorage and cookies, as text. */
export async function persistentStorage(opened: OpenedPage): Promise<string> {
  const local = await opened.page.evaluate(() => JSON.stringify({ ...localStorage }));
  const cookies = JSON.stringify(await opened.context.cookies());
  return `${local} ${cookies}`;
}

/** A `datetime-local` value in this process's (and the browser's) time zone: the apply form's. */
export function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value read as UTC: the operator console's inputs. */
export const utcInput = (date: Date) => date.toISOString().slice(0, 16);

/** A problem answer (`application/problem+json`) for `route.fulfill`: 503 unless told. */
export function problem(
  detail: string,
  options: {
    status?: number;
    code?: string;
    title?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const status = options.status ?? 503;
  return {
    status,
    contentType: "application/problem+json",
    headers: options.headers ?? {},
    body: JSON.stringify({
      type: "about:blank",
      title: options.title ?? "Service unavailable",
      status,
      code: options.code ?? "SERVICE_UNAVAILABLE",
      detail,
    }),
  };
}

/**
 * Holds the requests to `pathname` until `release()`, so the page's loading state stays
 * visible; then they go on to the service, or get `answer` in its place.
 */
export async function holdApi(
  page: Page,
  pathname: (path: string) => boolean,
  answer: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const matcher = (url: URL) => pathname(url.pathname);
  const held: Promise<void>[] = [];
  await page.route(matcher, (route) => {
    // The page may have moved on (a closed context): nothing is waiting for the answer then.
    const answered = gate.then(() => answer(route)).catch(() => {});
    held.push(answered);
    return answered;
  });
  return async () => {
    release();
    // Removed only once the held requests are answered: a request still in a removed handler
    // would go on to the service instead.
    await Promise.all(held);
    await page.unroute(matcher);
  };
}

/** Answers the requests to `pathname` with `failure` until the returned function is called. */
export async function failApi(
  page: Page,
  pathname: (path: string) => boolean,
  failure = problem("Try later (test)."),
): Promise<() => Promise<void>> {
  const matcher = (url: URL) => pathname(url.pathname);
  await page.route(matcher, (route) => route.fulfill(failure));
  return () => page.unroute(matcher);
}
