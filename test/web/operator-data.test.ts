import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
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
  downloadedText,
  openPage,
  screenshot,
  submitApplication,
  withWebService,
} from "../helpers/browser.js";
import {
  adminItems,
  checkNarrow,
  openConsole,
  openTab,
  signIn,
  statusShown,
  tableOf,
  textOf,
} from "../helpers/operator-console.js";
import { payPlayer } from "../helpers/owner-api.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The operator console's views of what the API holds: what an approval granted, owners by pass,
 * quest edits, payouts and their export, bulk registration and the audit log's details.
 */
describe("the operator console's data views [browser, pglite]", () => {
  const service = withWebService();
  let summer: number;
  before(async () => {
    const created = await service.ctx.admin("POST", "/admin/campaigns", {
      name: "Summer drive",
      description: "Quests for the summer.",
      start: new Date(Date.now() - DAY_MS).toISOString(),
      end: new Date(Date.now() + 90 * DAY_MS).toISOString(),
    });
    expectStatus(created, 201);
    summer = created.json().id as number;
  });

  const adminItemsOf = (url: string) => adminItems(service.ctx, url);
  const reverse = async (payoutId: string, reason: string) =>
    expectStatus(
      await service.ctx.admin("POST", `/admin/payouts/${payoutId}/reversal`, { reason }),
      201,
    );

  it("approves with a campaign chosen by name, and shows what was granted, linked to the quest", async () => {
    const id = await submitApplication(service, "Granted");
    const opened = await openConsole(service, "/app/operator");
    const { page } = opened;
    const card = page.getByRole("article", { name: new RegExp(`Application ${id}: Granted`) });
    await card.getByRole("button", { name: "Approve…" }).click();
    const campaign = card.getByLabel("Campaign", { exact: true });
    // A choice of the campaigns by name, not an id box.
    assert.equal(await campaign.evaluate((element) => element.tagName), "SELECT");
    await campaign.locator(`option[value="${summer}"]`).waitFor({ state: "attached" });
    await campaign.selectOption({ label: `Summer drive (campaign ${summer})` });
    await card.getByLabel("Total points", { exact: true }).fill("777");
    await card.getByLabel("Live quest listed publicly").selectOption("private");
    await assertAccessible(page, "the approval form with its campaign choice");
    await card.getByRole("button", { name: `Approve application ${id}` }).click();
    await statusShown(page, "approved");

    await page.getByLabel("Status").selectOption("approved");
    const decided = page.getByRole("article", { name: new RegExp(`Application ${id}: Granted`) });
    await decided.getByRole("heading", { name: "Granted", exact: true }).waitFor();
    await decided.getByText("(changed; asked: 1,000)").waitFor();
    const text = await textOf(decided);
    assert.match(text, /Total points777 \(changed; asked: 1,000\)/);
    assert.match(
      text,
      new RegExp(`CampaignSummer drive \\(campaign ${summer}\\) \\(changed; asked: none\\)`),
    );
    assert.match(text, /Listedprivate/);
    assert.match(text, /Asked for/);
    await assertAccessible(page, "an approved application with what was granted");
    await screenshot(page, "operator-application-granted");

    // The live quest's id leads to it in the Quests section, marked.
    const application = (await adminItemsOf("/admin/applications?status=approved")).find(
      (a: { id: number }) => a.id === id,
    );
    await decided.getByRole("link", { name: `live quest ${application.quest_id}` }).click();
    await page.getByRole("heading", { level: 2, name: "Quests", exact: true }).waitFor();
    const row = page.locator(`tr[aria-current="true"]`);
    await row.waitFor();
    assert.equal(await row.locator("td").first().textContent(), String(application.quest_id));
    assert.equal(await page.getByLabel("Owner pass").inputValue(), application.owner);
    await opened.finish();
  });

  it("shows quest and key owners as passes, resolving a page's owners in one request", async () => {
    const owners = [randomPass(), randomPass()];
    for (const [n, owner] of owners.entries()) {
      await createAccount(service.ctx, owner);
      await createQuest(service.ctx, owner, { name: `Owned quest ${n}` });
      await issueKey(service.ctx, owner);
    }
    // Players registered after the owners: the owners are not on the accounts' first rows.
    for (let n = 0; n < 5; n++) await createAccount(service.ctx, randomPass());
    const opened = await openPage(service, "/app/operator#quests");
    const { page } = opened;
    const accountReads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/admin/accounts") accountReads.push(request.url());
    });
    await signIn(opened);
    for (const [n, owner] of owners.entries()) {
      const row = page.getByRole("row").filter({ hasText: `Owned quest ${n}` });
      await row.getByRole("link", { name: owner }).waitFor();
    }
    assert.equal(accountReads.length, 1, `one read of the accounts: ${accountReads.join(", ")}`);
    await assertAccessible(page, "the quests tab with owner passes");
    await screenshot(page, "operator-quests-owners");

    await openTab(page, "Keys");
    for (const owner of owners) await page.getByRole("link", { name: owner }).first().waitFor();
    assert.equal(accountReads.length, 2, "one more read for the keys' page");
    const keysText = await textOf(page.getByRole("table"));
    assert.doesNotMatch(keysText, /account [0-9a-f]{8}-/, "no owner shown as an account id");
    await screenshot(page, "operator-keys-owners");
    await opened.finish();
  });

  it("edits a quest: every field, with the API's field errors next to their fields", async () => {
    const fixture = await questFixture(service.ctx, { name: "Editable quest", total_points: 500 });
    await payPlayer(service.ctx, fixture, 40);
    const opened = await openConsole(service, "/app/operator#quests", {
      allowConsoleErrors: /400/,
    });
    const { page } = opened;
    await page.getByRole("button", { name: `Edit quest ${fixture.questId}` }).click();
    const form = page.getByRole("region", { name: new RegExp(`Edit quest ${fixture.questId}`) });
    await form.waitFor();

    // Below what was paid: the API's field error under "Total points".
    await form.getByLabel("Total points").fill("10");
    await form.getByRole("button", { name: `Save quest ${fixture.questId}` }).click();
    const totalError = page.locator("#op-quest-edit-total_points-error");
    await totalError.waitFor();
    assert.equal(await totalError.textContent(), "must be at least 40");
    assert.equal(
      await form.getByLabel("Total points").getAttribute("aria-invalid"),
      "true",
      "the field is marked",
    );
    // Fixed, and another field wrong: the new error at its field, the old one gone.
    await form.getByLabel("Total points").fill("2000");
    await form.getByLabel("Action type").fill("Not A Slug");
    await form.getByRole("button", { name: `Save quest ${fixture.questId}` }).click();
    await page.locator("#op-quest-edit-action_type-error").waitFor();
    assert.equal(await totalError.count(), 0, "the fixed field's error is gone");
    await assertAccessible(page, "the quest edit form with field errors");
    await screenshot(page, "operator-quest-edit-errors");

    // Every other field.
    const texts = {
      "Action type": "survey",
      Name: "Edited quest",
      Description: "Now with a new description.",
      "Points per completion": "25",
      "End (UTC)": "2031-01-01T00:00",
    };
    for (const [label, value] of Object.entries(texts)) await form.getByLabel(label).fill(value);
    const choices = { "Listed publicly": "false", Enabled: "false", Campaign: String(summer) };
    for (const [label, value] of Object.entries(choices)) {
      await form.getByLabel(label).selectOption(value);
    }
    await form.getByRole("button", { name: `Save quest ${fixture.questId}` }).click();
    await statusShown(page, `Quest ${fixture.questId} saved`);
    const quests = await adminItemsOf(`/admin/quests?owner=${fixture.ownerPass}`);
    const saved = quests.find((q: { id: number }) => q.id === fixture.questId);
    const expected = {
      name: "Edited quest",
      description: "Now with a new description.",
      total_points: 2000,
      points_remaining: 1960,
      expected_points_per_completion: 25,
      end: "2031-01-01T00:00:00.000Z",
      is_public: false,
      is_active: false,
      campaign_id: summer,
      action_type: "survey",
    };
    assert.deepEqual(
      Object.fromEntries(Object.keys(expected).map((field) => [field, saved[field]])),
      expected,
    );
    const row = page.getByRole("row").filter({ hasText: "Edited quest" });
    await row.getByText("Summer drive").waitFor();
    await opened.finish();
  });

  it("lists payouts with filters, cursor pages and reversed_at, and downloads CSV and NDJSON", async () => {
    const fixture = await questFixture(service.ctx, { name: "Paying quest", total_points: 5000 });
    const ids: string[] = [];
    for (let n = 1; n <= 12; n++) {
      ids.push((await payPlayer(service.ctx, fixture, n)).id);
    }
    await reverse(ids[2]!, "Paid by mistake");
    const opened = await openConsole(service, "/app/operator#payouts", { heading: "Payouts" });
    const { page } = opened;
    await page.getByLabel("Quest id").fill(String(fixture.questId));
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await page.getByLabel("Per page").selectOption("10");
    await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 10);
    await page.getByRole("button", { name: "Next page" }).click();
    await page.getByText("Page 2").waitFor();
    await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 2);
    // Newest first: the second page holds the first two payouts (1 and 2 points).
    const cells = await page.locator("tbody tr td.num").allTextContents();
    assert.deepEqual(cells, ["2", "1"]);

    await page.getByLabel("Reversed", { exact: true }).selectOption("true");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await page.getByText("Page 1").waitFor();
    const reversedRow = page.locator("tbody tr");
    await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 1);
    assert.match(await textOf(reversedRow), /reversed \d+ \w+ \d{4}, \d\d:\d\d UTC/);
    assert.match(await textOf(reversedRow), new RegExp(ids[2]!));
    await assertAccessible(page, "the payouts tab");
    await screenshot(page, "operator-payouts");

    // The export: every matching payout, saved from memory through a blob: address.
    await page.getByLabel("Reversed", { exact: true }).selectOption("");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    assert.equal(csv.suggestedFilename(), "payouts.csv");
    assert.match(csv.url(), /^blob:/);
    const csvText = await downloadedText(csv);
    const lines = csvText.trimEnd().split("\r\n");
    assert.equal(lines[0], "id,quest_id,pass,amount,earning_period_id,created_at,reversed_at");
    assert.equal(lines.length, 13, "a header and the 12 payouts, not a page of them");
    assert.ok(lines.some((line) => line.startsWith(ids[2]!) && /Z$/.test(line)));
    await statusShown(page, "Saved payouts.csv: 12 payouts");

    const [ndjson] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download NDJSON" }).click(),
    ]);
    assert.equal(ndjson.suggestedFilename(), "payouts.ndjson");
    const rows = (await downloadedText(ndjson))
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: string; reversed_at: string | null });
    assert.equal(rows.length, 12);
    assert.ok(rows.find((row) => row.id === ids[2])?.reversed_at, "reversed_at in NDJSON");
    await opened.finish();
  });

  it("registers many passes at once: progress, a summary, refusals by line, resumed by running again", async () => {
    const known = randomPass();
    await createAccount(service.ctx, known);
    const fresh = [randomPass(), randomPass(), randomPass().toLowerCase()];
    const list = [
      "pass,note",
      `${fresh[0]},first`,
      `"${known}",already here`,
      "0x1234,too short",
      "",
      `${fresh[1]}`,
      `${fresh[1]}`,
      `${fresh[2]}`,
    ].join("\n");
    const opened = await openPage(service, "/app/operator#accounts");
    const { page } = opened;
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/admin/accounts")) {
        posts.push(request.postData() ?? "");
      }
    });
    await signIn(opened, { heading: "Accounts" });
    // A CSV file, read into the list.
    await page.getByLabel("Or read a file (.csv or .txt)").setInputFiles({
      name: "passes.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(list),
    });
    await page.getByText("Read passes.csv").waitFor();
    assert.equal(await page.getByLabel("Passes to register").inputValue(), list);
    await page.getByRole("button", { name: "Import the list" }).click();
    const summary = page.getByRole("list", { name: "Import summary" });
    await summary.waitFor();
    assert.match(await textOf(page.locator(".op-bulk-result .progress")), /6 of 6 lines done\./);
    assert.match(await textOf(summary), /3 registered now/);
    assert.match(await textOf(summary), /1 already registered/);
    assert.match(await textOf(summary), /1 refused/);
    assert.match(await textOf(summary), /1 repeated in the list/);
    const refused = page.getByRole("table", { name: /Refused lines/ });
    assert.match(await textOf(refused.locator("tbody tr")), /^40x1234Enter a pass address/);
    assert.equal(posts.length, 4, "the duplicate and the bad line were not sent");
    for (const pass of fresh) {
      const found = await adminItemsOf(`/admin/accounts?pass=${pass}`);
      assert.equal(found.length, 1, `${pass} registered`);
    }
    await assertAccessible(page, "the accounts tab after a bulk registration");
    await screenshot(page, "operator-bulk-import");

    // Running it again resumes: everything is already registered, nothing new.
    await page.getByRole("button", { name: "Import the list" }).click();
    await page.waitForFunction(() =>
      /4 already registered/.test(document.querySelector(".op-bulk-counts")?.textContent ?? ""),
    );
    assert.match(await textOf(summary), /0 registered now/);
    await opened.finish();
  });

  it("sums up an audit entry's details: a reversal's amount, quest and reason", async () => {
    const fixture = await questFixture(service.ctx, { name: "Audited quest" });
    await reverse((await payPlayer(service.ctx, fixture, 40)).id, "Duplicate claim");
    const opened = await openConsole(service, "/app/operator#audit", { heading: "Audit log" });
    const { page } = opened;
    await page.getByLabel("Action").fill("payout.reverse");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const row = page
      .getByRole("row")
      .filter({ hasText: "payout.reverse" })
      .filter({ hasText: "Duplicate claim" });
    await row
      .getByText(`Reversed 40 points of quest ${fixture.questId}: “Duplicate claim”`)
      .waitFor();
    // Every field stays one click away.
    await row.getByText("All fields").click();
    await row.getByText('"Duplicate claim"').waitFor();
    await assertAccessible(page, "the audit tab with details");
    await screenshot(page, "operator-audit-details");
    await opened.finish();
  });

  it("fits 390 px: payouts, quest edits, bulk registration and audit, without sideways scrolling", async () => {
    const fixture = await questFixture(service.ctx, { name: "Narrow quest" });
    await payPlayer(service.ctx, fixture, 5);
    const opened = await openConsole(service, "/app/operator#payouts", {
      narrow: true,
      heading: "Payouts",
    });
    const { page } = opened;
    await checkNarrow(page, [
      {
        shows: tableOf,
        what: "the payouts tab at 390 px",
        accessible: true,
        shot: "operator-payouts-narrow",
      },
      {
        tab: "Quests",
        act: (page) => page.getByRole("button", { name: `Edit quest ${fixture.questId}` }).click(),
        shows: (page) => page.getByRole("region", { name: /Edit quest/ }),
        what: "the quest edit form at 390 px",
        accessible: true,
        shot: "operator-quest-edit-narrow",
      },
      {
        tab: "Accounts",
        act: async (page) => {
          await page.getByLabel("Passes to register").fill(`${randomPass()}\nnot-an-address\n`);
          await page.getByRole("button", { name: "Import the list" }).click();
        },
        shows: (page) => page.getByRole("table", { name: /Refused lines/ }),
        what: "the bulk registration at 390 px",
        accessible: true,
        shot: "operator-bulk-import-narrow",
      },
      { tab: "Audit log", shows: tableOf, what: "the audit tab at 390 px" },
    ]);
    await opened.finish();
  });
});
