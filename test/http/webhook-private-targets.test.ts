/**
 * Webhook targets on a developer's machine (docs/webhooks.md#safety): a refused loopback, private
 * or plain-http target says which setting takes it (WEBHOOK_ALLOW_PRIVATE_TARGETS), and
 * `GET /webhooks/settings` (`/admin/webhooks/settings`) tells the consoles whether it is on.
 */
import assert from "node:assert/strict";
import { lookup } from "node:dns/promises";
import { hostname } from "node:os";
import { describe, it } from "node:test";
import {
  createAccount,
  expectProblem,
  expectStatus,
  issueKey,
  randomPass,
  type TestContext,
  withContext,
} from "../helpers/app.js";

const SETTING = "WEBHOOK_ALLOW_PRIVATE_TARGETS=true";

async function ownerKey(ctx: TestContext): Promise<string> {
  const owner = randomPass();
  await createAccount(ctx, owner);
  return (await issueKey(ctx, owner, "live")).key;
}

function addEndpoint(ctx: TestContext, key: string, url: string) {
  return ctx.inject({
    method: "POST",
    url: "/webhooks",
    headers: { "x-api-key": key },
    payload: { url, events: ["payout.created"] },
  });
}

describe("webhook targets a service refuses by default [pglite]", () => {
  const ctx = withContext("pglite");

  it("names the setting in the detail of a refused loopback, private or http target, not of another refusal", async () => {
    const key = await ownerKey(ctx());
    for (const url of [
      "http://127.0.0.1:4000/webhooks",
      "https://127.0.0.1/webhooks",
      "https://localhost/webhooks",
      "https://192.168.1.20/webhooks",
      "https://[::1]/webhooks",
      "http://example.com/webhooks",
    ]) {
      const refused = addEndpoint(ctx(), key, url);
      const problem = expectProblem(await refused, 400, "BAD_REQUEST", "url");
      assert.ok(
        problem.detail.includes(SETTING),
        `${url}: the detail names the setting: ${problem.detail}`,
      );
    }
    const answer = await ctx().admin("POST", "/admin/webhooks", {
      url: "http://10.0.0.5/hook",
      events: ["key.revoked"],
    });
    assert.ok(expectProblem(answer, 400, "BAD_REQUEST", "url").detail.includes(SETTING));
    // What the setting does not lift is not blamed on it.
    for (const url of ["not a url", "https://user:secret@example.com/hook"]) {
      const other = expectProblem(await addEndpoint(ctx(), key, url), 400, "BAD_REQUEST", "url");
      assert.ok(!other.detail.includes("WEBHOOK_ALLOW_PRIVATE_TARGETS"), other.detail);
    }
  });

  it("names it for a host name that resolves to a loopback address", async (t) => {
    const name = hostname();
    const addresses = (await lookup(name, { all: true })).map((a) => a.address);
    if (!addresses.every((a) => a.startsWith("127.") || a === "::1")) {
      t.skip(`the machine's name ${name} resolves to ${addresses}, not only to loopback`);
      return;
    }
    const key = await ownerKey(ctx());
    const refused = await addEndpoint(ctx(), key, `https://${name}/hook`);
    const problem = expectProblem(refused, 400, "BAD_REQUEST", "url");
    assert.match(problem.detail, new RegExp(`${name} resolves to .*; .*${SETTING}`));
  });

  it("answers the setting, off, to an owner's key (read-only too) and to operators", async () => {
    const owner = randomPass();
    await createAccount(ctx(), owner);
    for (const scope of ["full", "read"] as const) {
      const issued = await ctx().admin("POST", "/admin/keys", { owner, mode: "test", scope });
      expectStatus(issued, 201);
      const { key } = issued.json() as { key: string };
      const answer = await ctx().inject({
        method: "GET",
        url: "/webhooks/settings",
        headers: { "x-api-key": key },
      });
      expectStatus(answer, 200);
      assert.deepEqual(answer.json(), { allow_private_targets: false });
    }
    const operators = await ctx().admin("GET", "/admin/webhooks/settings");
    expectStatus(operators, 200);
    assert.deepEqual(operators.json(), { allow_private_targets: false });
    // Not without a credential.
    const anonymous = await ctx().inject({ method: "GET", url: "/webhooks/settings" });
    expectProblem(anonymous, 401, "INVALID_API_KEY");
    const noToken = await ctx().inject({ method: "GET", url: "/admin/webhooks/settings" });
    expectProblem(noToken, 401, "UNAUTHORIZED");
  });
});

describe("webhook targets a development service takes [pglite]", () => {
  const ctx = withContext("pglite", { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });

  it("answers the setting, on, and takes a target on this machine", async () => {
    const key = await ownerKey(ctx());
    const settings = await ctx().inject({
      method: "GET",
      url: "/webhooks/settings",
      headers: { "x-api-key": key },
    });
    expectStatus(settings, 200);
    assert.deepEqual(settings.json(), { allow_private_targets: true });
    const operators = await ctx().admin("GET", "/admin/webhooks/settings");
    assert.deepEqual(operators.json(), { allow_private_targets: true });
    expectStatus(await addEndpoint(ctx(), key, "http://127.0.0.1:9/webhooks"), 201);
  });
});
