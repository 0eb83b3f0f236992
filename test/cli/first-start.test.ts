/**
 * A newcomer's first start (contract, "Operator access out of the box"): `serve --demo-if-empty`
 * (`npm start`) on an empty database, without ADMIN_TOKEN, prints links on PUBLIC_BASE_URL and,
 * beside the demo key, the token of an operator `demo` (role admin), once, which /admin admits;
 * `questpoints demo` does the same and keeps only the token's hash.
 */
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { hashApiKey } from "../../src/domain/api-keys.js";
import { startBanner } from "../../src/server.js";
import { openTestDb } from "../helpers/app.js";
import { startServe } from "../helpers/cli-command.js";
import { seedDataDir } from "../helpers/cli-data-dir.js";
import { runInProcess } from "../helpers/cli-in-process.js";
import { freePort } from "../helpers/postgres.js";

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  return exited;
}

const me = (base: string, token: string) =>
  fetch(`${base}/admin/me`, { headers: { authorization: `Bearer ${token}` } });

describe("the first start", () => {
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("serves the demo with an operator `demo` whose token is printed once, and links on PUBLIC_BASE_URL", async () => {
    const dir = mkdtempSync(join(tmpdir(), "qp-first-start-"));
    dirs.push(dir);
    seedDataDir(dir);
    const port = await freePort();
    const publicBase = `http://localhost:${port}`;
    const env = {
      DATA_DIR: dir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: publicBase,
      ADMIN_TOKEN: "",
      LOG_LEVEL: "warn",
    };
    const first = await startServe(env, /operator console at \S+ takes the operator token/);
    const out = first.output;
    const base = /questpoints is listening at (\S+)/.exec(out)![1]!;
    assert.equal(base, `http://127.0.0.1:${port}`);
    // The pages are named on the public address, where sign-in messages are checked.
    assert.match(out, new RegExp(`Web pages: +${publicBase}/app `));
    assert.match(out, new RegExp(`API reference: +${publicBase}/docs `));
    assert.match(
      out,
      new RegExp(`Operator API: +on: ${publicBase}/admin .*${publicBase}/app/operator`),
    );
    assert.match(out, new RegExp(`owner console at ${publicBase}/app/console takes the key`));
    assert.match(out, new RegExp(`operator console at ${publicBase}/app/operator takes`));
    // Beside the demo key, once.
    assert.match(out, /API key: +sk_\w+\n +Operator token: +op_\w+/);
    const tokens = [...out.matchAll(/op_\w+/g)].map((m) => m[0]);
    assert.equal(new Set(tokens).size, 1, out);
    const token = tokens[0]!;
    const signedIn = await me(base, token);
    assert.equal(signedIn.status, 200, await signedIn.clone().text());
    assert.deepEqual(
      { ...((await signedIn.json()) as Record<string, unknown>), id: "…" },
      { id: "…", name: "demo", role: "admin" },
    );
    assert.equal(await stop(first.child), 0);

    // The second start seeds nothing and prints no token; the operator keeps /admin on.
    const second = await startServe(env, /Operator API: .*\n/);
    assert.doesNotMatch(second.output, /op_|sk_/);
    assert.match(second.output, /Operator API: +on/);
    assert.equal((await me(base, token)).status, 200);
    assert.equal(await stop(second.child), 0);
  });

  it("`questpoints demo` creates the operator with its token hashed, and prints the token once", async () => {
    const { db, url } = await openTestDb("postgres", undefined, { migrated: true });
    try {
      const run = await runInProcess(["demo"], { DATABASE_URL: url!, PORT: "9999" });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /API key: +sk_\w+\n +Operator token: +op_\w+/);
      assert.match(run.stdout, /operator console at http:\/\/localhost:9999\/app\/operator/);
      const token = /Operator token: +(op_\w+)/.exec(run.stdout)![1]!;
      const { rows } = await db.query<{ name: string; role: string; token_hash: string }>(
        "SELECT name, role, token_hash FROM operators",
      );
      assert.deepEqual(rows, [{ name: "demo", role: "admin", token_hash: hashApiKey(token) }]);
      const audit = await db.query<{ action: string; actor: string }>(
        "SELECT action, actor FROM audit_log WHERE target_type = 'operator'",
      );
      assert.deepEqual(audit.rows, [{ action: "operator.create", actor: "service" }]);
      const again = await runInProcess(["demo"], { DATABASE_URL: url! });
      assert.equal(again.code, 0, again.stderr);
      assert.match(again.stdout, /demo skipped/);
      assert.doesNotMatch(again.stdout, /op_|sk_/);
    } finally {
      await db.close();
    }
  });
});

describe("startBanner", () => {
  const address = "http://127.0.0.1:8080";

  it("links the pages, the reference and the console on PUBLIC_BASE_URL", () => {
    const text = startBanner({
      address,
      publicBaseUrl: "http://localhost:8080",
      operatorApi: "admin-token",
    });
    assert.match(text, /listening at http:\/\/127\.0\.0\.1:8080\n/);
    const links = text.split("\n").slice(1).join("\n");
    assert.doesNotMatch(links, /127\.0\.0\.1/);
    assert.match(links, /Web pages: +http:\/\/localhost:8080\/app /);
    assert.match(links, /API reference: +http:\/\/localhost:8080\/docs /);
    assert.match(links, /Operator API: +on: http:\/\/localhost:8080\/admin with .*\$ADMIN_TOKEN/);
    assert.match(links, /console at http:\/\/localhost:8080\/app\/operator/);
  });

  it("says the operator API is on by its operators, or how to turn it on", () => {
    const onByOperators = startBanner({
      address,
      publicBaseUrl: "https://quests.example.com",
      operatorApi: "operators",
    });
    assert.match(onByOperators, /Operator API: +on: https:\/\/quests\.example\.com\/admin with/);
    assert.doesNotMatch(onByOperators, /\$ADMIN_TOKEN/);
    const off = startBanner({
      address,
      publicBaseUrl: "http://localhost:8080",
      operatorApi: "off",
    });
    assert.match(off, /Operator API: +off: .*ADMIN_TOKEN.*operator/);
  });
});
