/**
 * The operator console's sections at work: applications decided, keys issued, rotated and
 * revoked, settings, the lists and the audit log, on a wide and a narrow screen.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  createAccount,
  createQuest,
  expectStatus,
  issueKey,
  questFixture,
  randomPass,
} from "../helpers/app.js";
import {
  assertAccessible,
  screenshot,
  submitApplication,
  type TestWallet,
  testWallet,
  withWebService,
} from "../helpers/browser.js";
import {
  adminItems,
  alertText,
  checkNarrow,
  openConsole,
  openTab,
  statusShown,
  tableOf,
  textOf,
} from "../helpers/operator-console.js";
import { payPlayer } from "../helpers/owner-api.js";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("the operator console [browser, pglite]", () => {
  const service = withWebService();

  /** A pending application with a contact, a description and a message; its id. */
  const apply = (project: string, owner?: TestWallet) =>
    submitApplication(service, project, {
      ...(owner ? { owner } : {}),
      contact: `${project.toLowerCase()}@example.org`,
      description: `Points for ${project} players`,
      message: `Please approve ${project}.`,
    });

  const onApplications = { heading: "Applications" };
  /** `GET /me` with an owner's key. */
  const me = (key: string) =>
    service.ctx.inject({ method: "GET", url: "/me", headers: { "x-api-key": key } });
  const adminItemsOf = (url: string) => adminItems(service.ctx, url);

  let approvedId = 0;

  it("approves a pending application with an override and rejects another with a reason", async () => {
    approvedId = await apply("Alpha");
    // Beta's owner is here already: an account with two quests and a key.
    const betaOwner: TestWallet = testWallet();
    await createAccount(service.ctx, betaOwner.address);
    await createQuest(service.ctx, betaOwner.address);
    await createQuest(service.ctx, betaOwner.address, { name: "Beta's second quest" });
    await issueKey(service.ctx, betaOwner.address);
    const rejectedId = await apply("Beta", betaOwner);
    const opened = await openConsole(service, "/app/operator", onApplications);
    const { page } = opened;

    const alpha = page.getByRole("article", {
      name: new RegExp(`Application ${approvedId}: Alpha`),
    });
    const beta = page.getByRole("article", { name: new RegExp(`Application ${rejectedId}: Beta`) });
    await alpha.waitFor();
    await beta.waitFor();
    assert.match(await textOf(alpha), /alpha@example\.org/);
    assert.match(await textOf(alpha), /Please approve Alpha\./);
    // Whether the owner is new, or what its account holds already.
    assert.match(await textOf(alpha), /Owner's account\s*New owner no account yet/);
    assert.match(await textOf(beta), /Owner's account\s*Existing account 2 quests, 1 key/);

    await alpha.getByRole("button", { name: "Approve…" }).click();
    await alpha.getByLabel("Total points", { exact: true }).fill("777");
    await assertAccessible(page, "the applications tab with the approval form");
    await screenshot(page, "operator-applications");
    await alpha.getByRole("button", { name: `Approve application ${approvedId}` }).click();
    const notice = page.getByRole("status").filter({ hasText: "approved" });
    await notice.waitFor();
    assert.match(await textOf(notice), /live quest \d+, test quest \d+/);
    await alpha.waitFor({ state: "detached" }); // no longer pending

    const approved = await adminItemsOf("/admin/applications?status=approved");
    const application = approved.find((a: { id: number }) => a.id === approvedId);
    assert.equal(application.status, "approved");
    const quests = await adminItemsOf(`/admin/quests?owner=${application.owner}`);
    const live = quests.find((q: { id: number }) => q.id === application.quest_id);
    assert.equal(live.total_points, 777, "the override reached the live quest");

    // Rejecting needs a reason and a second click.
    await beta.getByRole("button", { name: "Reject…" }).click();
    await beta.getByRole("button", { name: `Reject application ${rejectedId}` }).click();
    await beta.getByText("Give a reason.").waitFor();
    await beta.getByLabel(/Reason/).fill("The points budget is too large for a first quest.");
    await beta.getByRole("button", { name: `Reject application ${rejectedId}` }).click();
    await beta.getByRole("button", { name: `Confirm: reject application ${rejectedId}` }).click();
    await statusShown(page, "rejected");
    const rejected = await adminItemsOf("/admin/applications?status=rejected");
    const beta2 = rejected.find((a: { id: number }) => a.id === rejectedId);
    assert.equal(beta2.reason, "The points budget is too large for a first quest.");

    // The status filter shows decided ones with their facts.
    await page.getByLabel("Status").selectOption("rejected");
    const decided = page.getByRole("article", { name: new RegExp(`Application ${rejectedId}`) });
    await decided.waitFor();
    assert.match(await textOf(decided), /too large for a first quest/);
    await opened.finish();
  });

  it("issues a key shown once, rotates it, revokes by id and by value", async () => {
    const owner = randomPass();
    await createAccount(service.ctx, owner);
    const opened = await openConsole(service, "/app/operator#keys", { tab: "Keys" });
    const { page } = opened;

    await page.getByLabel("Owner pass (a registered account)").fill(owner);
    await page.getByRole("button", { name: "Issue key" }).click();
    const shown = page.getByRole("region", { name: "New live key" });
    await shown.waitFor();
    assert.match(await textOf(shown), /shown only this once/);
    const key = await textOf(shown.locator("code"));
    assert.match(key, /^sk_[A-Za-z0-9]{32,}$/);
    expectStatus(await me(key), 200);

    await page.getByLabel("Owner pass", { exact: true }).fill(owner);
    await page.getByRole("button", { name: "Show keys" }).click();
    await page
      .getByRole("table")
      .filter({ hasText: key.slice(0, 8) })
      .waitFor();
    assert.equal(await page.getByRole("row").count(), 2, "a header and the one key");

    // Rotate with no grace: a new key, shown once; the old one expires at once.
    await page.getByRole("button", { name: /^Rotate key sk_/ }).click();
    await page.getByLabel(/^Grace/).fill("0");
    await page.getByRole("button", { name: "Rotate", exact: true }).click();
    await page.getByRole("button", { name: /^Confirm: rotate/ }).click();
    const rotated = page.getByRole("region", { name: /^New live key replacing/ });
    await rotated.waitFor();
    const newKey = await textOf(rotated.locator("code"));
    assert.notEqual(newKey, key);
    await page.getByRole("row").filter({ hasText: "expired" }).waitFor();
    await assertAccessible(page, "the keys tab with a rotated key");
    await screenshot(page, "operator-keys");

    // Revoke the new key by id (the list names keys by their prefix).
    const keys = await adminItemsOf(`/admin/keys?owner=${owner}`);
    const prefix = keys.find((k: { prefix: string }) => newKey.startsWith(k.prefix)).prefix;
    await page.getByRole("button", { name: `Revoke ${prefix}…` }).click();
    await page.getByRole("button", { name: `Confirm: revoke ${prefix}…` }).click();
    await statusShown(page, "revoked");
    await page
      .getByRole("row")
      .filter({ hasText: prefix })
      .filter({ hasText: "revoked" })
      .waitFor();
    expectStatus(await me(newKey), 401);

    // Revoke by value: a leaked key whose id nobody reported.
    const leaked = await issueKey(service.ctx, owner);
    await page.getByLabel("Key value").fill(leaked.key);
    await page.getByRole("button", { name: "Revoke this key" }).click();
    await page.getByRole("button", { name: "Confirm: revoke the key with this value" }).click();
    await statusShown(page, `Key ${leaked.id} revoked`);
    const list = await adminItemsOf(`/admin/keys?owner=${owner}`);
    const state = list.find((k: { id: string }) => k.id === leaked.id);
    assert.ok(state.revoked_at, "revoked by value");
    await opened.finish();
  });

  it("flips a feature switch, sets action types, creates, edits and deletes earning periods", async () => {
    // A period covering now with a payout stamped with it: it cannot be deleted.
    const now = Date.now();
    const period = await service.ctx.admin("POST", "/admin/earning-periods", {
      start: new Date(now - DAY_MS).toISOString(),
      end: new Date(now + DAY_MS).toISOString(),
    });
    expectStatus(period, 201);
    const inUseId = period.json().id as number;
    const fixture = await questFixture(service.ctx);
    await payPlayer(service.ctx, fixture, 5);

    const opened = await openConsole(service, "/app/operator#settings", {
      allowConsoleErrors: /409/,
      tab: "Settings",
    });
    const { page } = opened;

    // Feature switch: off (confirmed), then on again.
    await page.getByRole("button", { name: "Switch campaigns off" }).click();
    await page.getByRole("button", { name: "Confirm: switch campaigns off" }).click();
    await page.getByRole("button", { name: "Switch campaigns on" }).waitFor();
    assert.equal((await service.ctx.admin("GET", "/admin/features")).json().campaigns, false);
    await page.getByRole("button", { name: "Switch campaigns on" }).click();
    await page.getByRole("button", { name: "Switch campaigns off" }).waitFor();
    assert.equal((await service.ctx.admin("GET", "/admin/features")).json().campaigns, true);

    // Action types: a new one, inactive, then active.
    await page.getByLabel("Action type (a-z, 0-9, _ and -)").fill("survey");
    await page.getByLabel("State", { exact: true }).selectOption("false");
    await page.getByRole("button", { name: "Save action type" }).click();
    await page.getByRole("button", { name: "Activate survey" }).click();
    await page.getByRole("button", { name: "Deactivate survey" }).waitFor();
    const types = (await service.ctx.admin("GET", "/admin/action-types")).json();
    assert.deepEqual(
      types.find((t: { name: string }) => t.name === "survey"),
      { name: "survey", active: true, quests: 0 },
    );

    // Create a period far ahead, move its end, delete it.
    const create = page.getByRole("region", { name: "Create an earning period" });
    await create.getByLabel("Start (UTC)").fill("2031-01-01T00:00");
    await create.getByLabel(/^End/).fill("2031-02-01T00:00");
    await create.getByRole("button", { name: "Create period" }).click();
    const created = page.getByRole("status").filter({ hasText: "created" });
    await created.waitFor();
    const newId = Number(/Earning period (\d+) created/.exec(await textOf(created))![1]);
    await page.getByRole("button", { name: `Edit earning period ${newId}` }).click();
    const edit = page.getByRole("region", { name: `Edit earning period ${newId}` });
    await edit.getByLabel(/^End/).fill("2031-03-01T00:00");
    await edit.getByRole("button", { name: "Save period" }).click();
    await statusShown(page, `Earning period ${newId} now runs`);
    const periods = await adminItemsOf("/admin/earning-periods");
    assert.equal(
      periods.find((p: { id: number }) => p.id === newId).end,
      "2031-03-01T00:00:00.000Z",
    );
    await assertAccessible(page, "the settings tab");
    await screenshot(page, "operator-settings");

    // The period in use: 409 and its detail.
    await page.getByRole("button", { name: `Delete period ${inUseId}` }).click();
    await page.getByRole("button", { name: `Confirm: delete period ${inUseId}` }).click();
    await page.getByRole("alert").filter({ hasText: "cannot be deleted" }).waitFor();
    assert.match(await alertText(page), new RegExp(`Earning period ${inUseId} has payouts`));

    await page.getByRole("button", { name: `Delete period ${newId}` }).click();
    await page.getByRole("button", { name: `Confirm: delete period ${newId}` }).click();
    await statusShown(page, `Earning period ${newId} deleted`);
    const left = await adminItemsOf("/admin/earning-periods");
    assert.deepEqual(
      left.map((p: { id: number }) => p.id),
      [inUseId],
    );
    await opened.finish();
  });

  it("lists quests, campaigns and accounts with their filters, and creates a campaign", async () => {
    const opened = await openConsole(service, "/app/operator#quests", { tab: "Quests" });
    const { page } = opened;
    await page.getByRole("table").waitFor();
    await page.getByLabel("Mode").selectOption("test");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByText("Quests, newest first").waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll("tbody tr")].every((row) => row.textContent?.includes("test")),
    );
    await assertAccessible(page, "the quests tab");

    await openTab(page, "Campaigns");
    await page.getByLabel("Name").fill("Spring drive");
    await page.getByLabel("Start (UTC)").fill("2030-03-01T00:00");
    await page.getByLabel("End (UTC)").fill("2030-06-01T00:00");
    await page.getByRole("button", { name: "Create campaign" }).click();
    await statusShown(page, "Spring drive");
    await page.getByRole("link", { name: "Spring drive" }).waitFor();
    await assertAccessible(page, "the campaigns tab");

    await openTab(page, "Accounts");
    const pass = randomPass();
    await page.getByLabel("Pass address").last().fill(pass);
    await page.getByRole("button", { name: "Register" }).click();
    await statusShown(page, pass);
    await page.getByLabel("Pass address").first().fill(pass);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 1);
    await assertAccessible(page, "the accounts tab");
    await opened.finish();
  });

  it("shows the approval in the audit log, filters it and pages through it", async () => {
    const opened = await openConsole(service, "/app/operator#audit", { tab: "Audit log" });
    const { page } = opened;
    await page.getByRole("table").waitFor();
    await page.getByLabel("Action").fill("application.approve");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await page
      .getByRole("row")
      .filter({ hasText: "application.approve" })
      .filter({ hasText: String(approvedId) })
      .waitFor();
    await assertAccessible(page, "the audit tab");
    await screenshot(page, "operator-audit");

    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.getByLabel("Per page").selectOption("10");
    await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 10);
    const first = await textOf(page.locator("tbody tr").first());
    await page.getByRole("button", { name: "Next page" }).click();
    await page.getByText("Page 2").waitFor();
    await page.waitForFunction(
      (text) => document.querySelector("tbody tr")?.textContent !== text,
      first,
    );
    await page.getByRole("button", { name: "Previous page" }).click();
    await page.getByText("Page 1").waitFor();
    await opened.finish();
  });

  it("fits a 390 px screen: applications, keys, settings and audit without sideways scrolling", async () => {
    await apply("Gamma with a rather long project name for a narrow screen");
    const opened = await openConsole(service, "/app/operator", { narrow: true, ...onApplications });
    const { page } = opened;
    await checkNarrow(page, [
      {
        act: (page) =>
          page
            .getByRole("article", { name: /Gamma/ })
            .getByRole("button", { name: "Approve…" })
            .click(),
        what: "the applications tab at 390 px",
        accessible: true,
        shot: "operator-applications-narrow",
      },
      {
        tab: "Keys",
        shows: tableOf,
        what: "the keys tab at 390 px",
        accessible: true,
        shot: "operator-keys-narrow",
      },
      {
        tab: "Settings",
        shows: (page) => page.getByRole("button", { name: "Switch quests off" }),
        what: "the settings tab at 390 px",
        shot: "operator-settings-narrow",
      },
      { tab: "Audit log", shows: tableOf, what: "the audit tab at 390 px", accessible: true },
    ]);
    await opened.finish();
  });
});
