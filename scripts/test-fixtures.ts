/**
 * What the test files of one `npm test` run share, made once and handed to them in the
 * environment: a PostgreSQL server (QP_TEST_PG_URL) with a migrated template database that each
 * test database is copied from (QP_TEST_PG_TEMPLATE: a copy takes milliseconds, a migration
 * seconds), a migrated PGlite cluster to copy (QP_TEST_PGLITE_TEMPLATE) and a new one for the
 * tests that migrate themselves (QP_TEST_PGLITE_EMPTY), the CLI built to
 * JavaScript (QP_TEST_CLI_JS: tsx compiles the sources at every start of a CLI process), the
 * pages' bundle (QP_TEST_WEB_DIR) and, when page tests run, one Chromium that each of them
 * connects to (QP_TEST_BROWSER_WS) and opens its own contexts in.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type BrowserServer, chromium } from "playwright-core";
import { openPglite, snapshotPglite } from "../src/db/pglite.js";
import { openPostgres } from "../src/db/postgres.js";
import { migrate } from "../src/store/migrate.js";
import { CHROMIUM_FLAGS, chromiumPath } from "../test/helpers/chromium.js";
import { type PostgresServer, startPostgres } from "../test/helpers/postgres.js";
import { buildWeb } from "./build-web.js";

const TSC = join("node_modules", "typescript", "bin", "tsc");
/** Beside src/ in depth, so its files find package.json, migrations/ and dist/web/ two levels up. */
const CLI_BUILD_DIR = ".test-dist";
export const PG_TEMPLATE_DATABASE = "qp_template";

export interface SharedFixtures {
  env: Record<string, string>;
  /** A folder of the run's own, deleted at its end. */
  scratch: string;
  stop(): Promise<void>;
}

/** A new PGlite cluster's files, and the same cluster's once migrated: both to copy. */
async function pgliteTemplates(dir: string): Promise<{ empty: string; migrated: string }> {
  const files = {
    empty: join(dir, "pglite-empty.tar"),
    migrated: join(dir, "pglite-migrated.tar"),
  };
  const db = await openPglite(undefined);
  try {
    writeFileSync(files.empty, Buffer.from(await (await snapshotPglite(db)).arrayBuffer()));
    await migrate(db);
    writeFileSync(files.migrated, Buffer.from(await (await snapshotPglite(db)).arrayBuffer()));
  } finally {
    await db.close();
  }
  return files;
}

/** A migrated database on `server` that test databases are created from. */
async function postgresTemplate(server: PostgresServer): Promise<string> {
  const admin = openPostgres({ url: server.url, poolSize: 1 });
  try {
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DATABASE}`);
  } finally {
    await admin.close();
  }
  const db = openPostgres({
    url: server.url.replace(/\/[^/]*$/, `/${PG_TEMPLATE_DATABASE}`),
    poolSize: 1,
  });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return PG_TEMPLATE_DATABASE;
}

export async function startSharedFixtures(options: { browser: boolean }): Promise<SharedFixtures> {
  const startedMs = Date.now();
  const scratch = mkdtempSync(join(tmpdir(), "qp-test-run-"));
  let server: PostgresServer | undefined;
  let browser: BrowserServer | undefined;
  const stop = async () => {
    await Promise.all([server?.stop(), browser?.close()]);
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const [pg, pglite, , webDir, chromiumServer] = await Promise.all([
      startPostgres().then(async (started) => {
        server = started;
        return { url: started.url, template: await postgresTemplate(started) };
      }),
      pgliteTemplates(scratch),
      promisify(execFile)(process.execPath, [
        TSC,
        "-p",
        "tsconfig.build.json",
        "--outDir",
        CLI_BUILD_DIR,
      ]),
      buildWeb(join(scratch, "web")),
      options.browser
        ? chromium
            .launchServer({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
            .then((started) => {
              browser = started;
              return started;
            })
        : undefined,
    ]);
    console.log(`npm test: shared set-up in ${((Date.now() - startedMs) / 1000).toFixed(1)} s`);
    return {
      env: {
        QP_TEST_PG_URL: pg.url,
        QP_TEST_PG_TEMPLATE: pg.template,
        QP_TEST_PGLITE_TEMPLATE: pglite.migrated,
        QP_TEST_PGLITE_EMPTY: pglite.empty,
        QP_TEST_CLI_JS: join(process.cwd(), CLI_BUILD_DIR, "cli", "main.js"),
        QP_TEST_WEB_DIR: webDir,
        ...(chromiumServer ? { QP_TEST_BROWSER_WS: chromiumServer.wsEndpoint() } : {}),
      },
      scratch,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
