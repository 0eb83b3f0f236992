import assert from "node:assert/strict";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { OPERATOR_EVENT_TYPES, OWNER_EVENT_TYPES } from "../../src/domain/webhooks.js";
import { ADMIN_TOKEN, createAccount, expectStatus, issueKey, randomPass } from "../helpers/app.js";
import {
  assertAccessible,
  assertNoSidewaysScroll,
  openPage,
  persistentStorage,
  screenshot,
  startWebService,
  type WebService,
  withWebService,
} from "../helpers/browser.js";

/** A message the receiver got: its path, the Standard Webhooks headers, the body as sent. */
interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A webhook receiver on loopback: records every message; answers 410 Gone on `/gone` (which
 * disables the endpoint at once) and 200 elsewhere.
 */
async function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        headers: standardHeaders(request.headers),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.statusCode = request.url === "/gone" ? 410 : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** The messages to `path` once `count` of them arrived (a deadline, not a timing check). */
    async waitFor(path: string, count: number): Promise<Received[]> {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const got = received.filter((message) => message.path === path);
        if (got.length >= count) return got;
        assert.ok(Date.now() < deadline, `${count} message(s) to ${path}; got ${got.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function standardHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const pick = (name: string) => String(headers[name] ?? "");
  return {
    "webhook-id": pick("webhook-id"),
    "webhook-timestamp": pick("webhook-timestamp"),
    "webhook-signature": pick("webhook-signature"),
  };
}

/** The message as the receiver's Standard Webhooks library reads it with `secret` (or throws). */
const verified = (secret: string, message: Received) =>
  new Webhook(secret).verify(message.body, message.headers) as { id: string; type: string };

const textOf = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();

/** What the add form says of the targets when the service takes private ones, and when not. */
const TAKES_PRIVATE = /also takes http:\/\/ and private and loopback addresses/;
const REFUSES_PRIVATE = /private and loopback addresses are refused/;

/**
 * The add form's URL hint once the service's setting is known (`expected`), read as the input
 * names it (its aria-describedby), so the text is the field's and not some other paragraph's.
 */
async function urlHint(section: Locator, expected: RegExp): Promise<string> {
  await section.getByText(expected).waitFor();
  const input = section.getByLabel("URL", { exact: true });
  const ids = ((await input.getAttribute("aria-describedby")) ?? "").split(" ");
  const hintId = ids.find((id) => id.endsWith("-hint"));
  assert.ok(hintId, `the URL input names its hint: ${ids.join(" ")}`);
  return textOf(section.page().locator(`[id="${hintId}"]`));
}

describe("the webhooks sections of the consoles [browser, pglite]", () => {
  let service: WebService;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const workerErrors: unknown[] = [];

  before(async () => {
    receiver = await startReceiver();
    service = await startWebService({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
    // The delivery worker `serve` runs beside the routes.
    service.ctx.services.webhooks.start((error) => workerErrors.push(error));
  });
  after(async () => {
    await service?.ctx.services.webhooks.stop();
    await service?.close();
    await receiver?.close();
    assert.deepEqual(workerErrors, [], "the delivery worker read and wrote the outbox");
  });

  /** A new owner account with a live key. */
  async function newOwner(): Promise<string> {
    const owner = randomPass();
    await createAccount(service.ctx, owner);
    return (await issueKey(service.ctx, owner, "live")).key;
  }

  async function signIn(page: Page, key: string): Promise<Locator> {
    await page.getByLabel("API key", { exact: true }).fill(key);
    await page.getByRole("button", { name: "Sign in" }).click();
    const section = page.getByRole("region", { name: "Webhooks", exact: true });
    await section.waitFor();
    return section;
  }

  /** The events the add form offers, in order. */
  const offered = (section: Locator) =>
    section
      .getByRole("group", { name: "Events to receive" })
      .getByRole("checkbox")
      .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));

  const endpointCard = (section: Locator, url: string) =>
    section.getByRole("region", { name: url, exact: true });

  async function endpointRow(id: string) {
    const { rows } = await service.ctx.db.query<{ disabled_at: Date | null }>(
      "SELECT disabled_at FROM webhook_endpoints WHERE id = $1",
      [id],
    );
    return rows[0];
  }

  it("adds an owner endpoint, shows its secret once, tests, redelivers, rotates, disables and deletes it", async () => {
    const key = await newOwner();
    const opened = await openPage(service, "/app/console");
    const { page } = opened;
    const section = await signIn(page, key);
    await section.getByText("No endpoint yet: add one below.").waitFor();
    assert.deepEqual(await offered(section), [...OWNER_EVENT_TYPES], "the owner's events only");

    // Sent empty: the form says what is missing, without calling the API.
    await section.getByRole("button", { name: "Add endpoint" }).click();
    await section.getByText("Type the address to send events to.").waitFor();
    await section.getByText("Choose at least one event.").waitFor();

    const url = `${receiver.url}/owner`;
    await section.getByLabel("URL", { exact: true }).fill(url);
    await section.getByLabel("payout.created").check();
    await section.getByLabel("quest.budget_low").check();
    await section.getByLabel("Description (optional)").fill("Ledger sync");
    await section.getByRole("button", { name: "Add endpoint" }).click();

    const secretBox = section.getByRole("region", { name: `Signing secret for ${url}` });
    await secretBox.getByText("Copy this secret now: it will not be shown again.").waitFor();
    await secretBox.getByRole("button", { name: "Copy the signing secret" }).waitFor();
    const secret = await textOf(secretBox.locator(".secret-value"));
    assert.match(secret, /^whsec_[A-Za-z0-9+/]+=*$/);
    const card = endpointCard(section, url);
    await card.getByText("Ledger sync").waitFor();
    await card.getByText("enabled", { exact: true }).waitFor();
    await card.getByText("live", { exact: true }).waitFor();
    assert.deepEqual(await card.locator(".wh-events code").allTextContents(), [
      "payout.created",
      "quest.budget_low",
    ]);
    const endpointId = (await card.locator("xpath=..").getAttribute("data-endpoint-id"))!;
    assert.ok(await endpointRow(endpointId), "the endpoint is stored");
    await assertAccessible(page, "the owner's webhooks with a new secret");
    await screenshot(page, "console-webhooks");

    // A test event: the receiver gets it, signed with the secret shown; the deliveries say so.
    await card.getByRole("button", { name: "Send test event" }).click();
    await card.getByText(/Test event evt_\w+ is queued/).waitFor();
    const [test] = await receiver.waitFor("/owner", 1);
    const message = verified(secret, test!);
    assert.equal(message.type, "webhook.test");
    const eventId = test!.headers["webhook-id"];
    assert.equal(message.id, eventId);
    const rows = card.locator(`tr[data-event-id="${eventId}"]`);
    await rows.getByText("succeeded", { exact: true }).waitFor();
    const cells = await rows.first().locator("td").allTextContents();
    assert.deepEqual(cells.slice(0, 5), ["webhook.test", eventId, "succeeded", "1", "200"]);
    assert.equal(cells[5], "none", "no error");
    assert.match(cells[6]!, /^\d+ ms$/);
    assert.match(cells[7]!, /UTC$/);
    assert.equal(cells[8], "none", "no next attempt");
    await assertAccessible(page, "an endpoint's deliveries");

    // Redelivered: the receiver sees the same webhook-id again, and the list a second delivery.
    await rows.getByRole("button", { name: `Redeliver event ${eventId}` }).click();
    await card.getByText(`Event ${eventId} is queued again, with the same webhook-id.`).waitFor();
    const twice = await receiver.waitFor("/owner", 2);
    assert.equal(twice[1]!.headers["webhook-id"], eventId);
    assert.equal(verified(secret, twice[1]!).id, eventId);
    await card.locator(`tr[data-event-id="${eventId}"]:nth-child(2)`).waitFor();
    await card.locator("tr[data-event-id]").getByText("pending").waitFor({ state: "detached" });
    assert.deepEqual(await rows.locator("td:nth-child(3)").allTextContents(), [
      "succeeded",
      "succeeded",
    ]);

    // The status filter.
    const status = card.getByLabel("Status", { exact: true });
    await status.selectOption("failed");
    await card.getByText("No failed deliveries.").waitFor();
    await status.selectOption("succeeded");
    await card.locator(`tr[data-event-id="${eventId}"]:nth-child(2)`).waitFor();

    // A phone: nothing scrolls sideways, deliveries open.
    await page.setViewportSize({ width: 390, height: 844 });
    await assertNoSidewaysScroll(page, "the owner's webhooks on a phone");
    await screenshot(page, "console-webhooks-narrow");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The secret is gone after a reload, and was never kept by the tab.
    await page.reload();
    await endpointCard(section, url).waitFor();
    assert.equal(await section.getByRole("region", { name: /Signing secret/ }).count(), 0);
    assert.ok(!(await page.content()).includes(secret), "the secret is not on the page");
    const session = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
    assert.ok(!`${session} ${await persistentStorage(opened)}`.includes(secret));

    // Rotated: a new secret, shown once; messages carry both signatures for a day.
    await card.getByRole("button", { name: "Rotate secret" }).click();
    await card.getByRole("button", { name: "Confirm: rotate the secret" }).click();
    const rotatedBox = section.getByRole("region", { name: `New signing secret for ${url}` });
    await rotatedBox.getByText("keeps signing beside the new one for 24 hours").waitFor();
    const newSecret = await textOf(rotatedBox.locator(".secret-value"));
    assert.match(newSecret, /^whsec_/);
    assert.notEqual(newSecret, secret);
    await card.getByRole("button", { name: "Send test event" }).click();
    const [, , third] = await receiver.waitFor("/owner", 3);
    assert.equal(verified(newSecret, third!).type, "webhook.test");
    assert.equal(verified(secret, third!).type, "webhook.test", "the old secret still signs");

    // Disabled (asked twice), then enabled again.
    await card.getByRole("button", { name: "Disable", exact: true }).click();
    await card.getByRole("button", { name: "Confirm: disable" }).click();
    await card.getByText("disabled", { exact: true }).waitFor();
    await card.getByText(/^Disabled since .* UTC: nothing is sent to it/).waitFor();
    await card.getByText("Reason: Disabled on request.").waitFor();
    assert.equal(await card.getByRole("button", { name: "Send test event" }).isDisabled(), true);
    assert.ok((await endpointRow(endpointId))?.disabled_at, "disabled in the service");
    await card.getByRole("button", { name: "Enable", exact: true }).click();
    await card.getByText("enabled", { exact: true }).waitFor();
    assert.equal((await endpointRow(endpointId))?.disabled_at, null, "enabled in the service");

    // Deleted (asked twice).
    await card.getByRole("button", { name: "Delete", exact: true }).click();
    await card.getByRole("button", { name: "Confirm: delete this endpoint" }).click();
    await section.getByText(`Endpoint ${url} is deleted, with its deliveries.`).waitFor();
    await section.getByText("No endpoint yet: add one below.").waitFor();
    assert.equal(await endpointRow(endpointId), undefined, "deleted in the service");
    await opened.finish();
  });

  it("pages the deliveries with Load more, and shows an endpoint a 410 disabled", async () => {
    const key = await newOwner();
    const add = async (path: string) => {
      const created = await service.ctx.inject({
        method: "POST",
        url: "/webhooks",
        headers: { "x-api-key": key },
        payload: { url: `${receiver.url}${path}`, events: ["payout.created"] },
      });
      expectStatus(created, 201);
      return created.json().id as string;
    };
    const busy = await add("/busy");
    for (let i = 0; i < 22; i++) {
      expectStatus(
        await service.ctx.inject({
          method: "POST",
          url: `/webhooks/${busy}/test`,
          headers: { "x-api-key": key },
        }),
        202,
      );
    }
    await receiver.waitFor("/busy", 22);
    await add("/gone");

    const opened = await openPage(service, "/app/console");
    const { page } = opened;
    const section = await signIn(page, key);
    const busyCard = endpointCard(section, `${receiver.url}/busy`);
    await busyCard.getByRole("button", { name: "Deliveries" }).click();
    const deliveryRows = busyCard.locator("tr[data-delivery-id]");
    await deliveryRows.nth(19).waitFor();
    assert.equal(await deliveryRows.count(), 20, "a page of 20");
    await busyCard.getByRole("button", { name: "Load more" }).click();
    await deliveryRows.nth(21).waitFor();
    assert.equal(await deliveryRows.count(), 22);
    assert.equal(await busyCard.getByRole("button", { name: "Load more" }).count(), 0);
    const ids = await deliveryRows.evaluateAll((trs) => trs.map((tr) => tr.dataset.deliveryId));
    assert.equal(new Set(ids).size, 22, "no delivery twice");
    await screenshot(page, "console-webhooks-deliveries");

    // The receiver answers 410: the delivery fails and the endpoint shows itself disabled.
    const goneCard = endpointCard(section, `${receiver.url}/gone`);
    await goneCard.getByRole("button", { name: "Send test event" }).click();
    await goneCard.getByText("disabled", { exact: true }).waitFor();
    await goneCard.getByText("Reason: The endpoint answered 410 Gone.").waitFor();
    await goneCard.getByLabel("Status", { exact: true }).selectOption("failed");
    const failed = goneCard.locator("tr[data-delivery-id]");
    await failed.getByText("failed", { exact: true }).waitFor();
    assert.equal(await textOf(failed.locator("td:nth-child(5)")), "410");
    // A disabled endpoint redelivers nothing: the button says so by being held.
    assert.equal(await failed.getByRole("button", { name: /^Redeliver/ }).isDisabled(), true);
    await assertAccessible(page, "a disabled endpoint's failed delivery");
    await opened.finish();
  });

  it("shows the API's detail when it refuses an endpoint", async () => {
    const key = await newOwner();
    const opened = await openPage(service, "/app/console", { allowConsoleErrors: /400/ });
    const { page } = opened;
    const section = await signIn(page, key);
    const refused = await service.ctx.inject({
      method: "POST",
      url: "/webhooks",
      headers: { "x-api-key": key },
      payload: { url: "not a url", events: ["payout.created"] },
    });
    expectStatus(refused, 400);
    const { detail } = refused.json() as { detail: string };
    await section.getByLabel("URL", { exact: true }).fill("not a url");
    await section.getByLabel("payout.created").check();
    await section.getByRole("button", { name: "Add endpoint" }).click();
    await section.getByRole("alert").getByText(detail).waitFor();
    await section.getByText("No endpoint yet: add one below.").waitFor();
    assert.equal(await section.getByRole("region", { name: /Signing secret/ }).count(), 0);
    await assertAccessible(page, "a refused endpoint");
    await opened.finish();
  });

  it("says in both consoles' add forms that the service takes private and loopback targets", async () => {
    const opened = await openPage(service, "/app/console");
    const { page } = opened;
    const section = await signIn(page, await newOwner());
    const hint = await urlHint(section, TAKES_PRIVATE);
    assert.match(hint, /WEBHOOK_ALLOW_PRIVATE_TARGETS is on/);
    assert.doesNotMatch(hint, REFUSES_PRIVATE);
    assert.equal(
      await section.getByLabel("URL", { exact: true }).getAttribute("placeholder"),
      "http://127.0.0.1:4000/webhooks",
    );
    await screenshot(page, "console-webhooks-hint-private-taken");
    await opened.finish();

    const operator = await openPage(service, "/app/operator#webhooks");
    await operator.page.getByLabel("Admin token").fill(ADMIN_TOKEN);
    await operator.page.getByRole("button", { name: "Sign in" }).click();
    const operatorSection = operator.page.getByRole("region", { name: "Webhooks", exact: true });
    assert.match(await urlHint(operatorSection, TAKES_PRIVATE), /for development only/);
    await operator.finish();
  });

  it("adds an operator endpoint with operator events in the operator console", async () => {
    const opened = await openPage(service, "/app/operator#webhooks");
    const { page } = opened;
    await page.getByLabel("Admin token").fill(ADMIN_TOKEN);
    await page.getByRole("button", { name: "Sign in" }).click();
    const section = page.getByRole("region", { name: "Webhooks", exact: true });
    await section.getByText("No endpoint yet: add one below.").waitFor();
    assert.deepEqual(await offered(section), [...OPERATOR_EVENT_TYPES], "operator events only");

    const url = `${receiver.url}/operator`;
    await section.getByLabel("URL", { exact: true }).fill(url);
    await section.getByLabel("application.submitted").check();
    await section.getByLabel("key.revoked").check();
    await section.getByLabel("Description (optional)").fill("Support desk");
    await section.getByRole("button", { name: "Add endpoint" }).click();
    const secretBox = section.getByRole("region", { name: `Signing secret for ${url}` });
    await secretBox.getByText("it will not be shown again").waitFor();
    const secret = await textOf(secretBox.locator(".secret-value"));
    const card = endpointCard(section, url);
    await card.getByText("Support desk").waitFor();
    await card.getByText("live", { exact: true }).waitFor();
    assert.deepEqual(await card.locator(".wh-events code").allTextContents(), [
      "application.submitted",
      "key.revoked",
    ]);
    const { rows } = await service.ctx.db.query<{ account_id: string | null }>(
      "SELECT account_id FROM webhook_endpoints WHERE url = $1",
      [url],
    );
    assert.deepEqual(rows, [{ account_id: null }], "an operator endpoint");
    await assertAccessible(page, "the operator's webhooks");
    await screenshot(page, "operator-webhooks");

    // It hears what it subscribed to: a key revoked elsewhere.
    const owner = randomPass();
    await createAccount(service.ctx, owner);
    const issued = await issueKey(service.ctx, owner, "live");
    expectStatus(await service.ctx.admin("DELETE", `/admin/keys/${issued.id}`), 204);
    const [revoked] = await receiver.waitFor("/operator", 1);
    assert.equal(verified(secret, revoked!).type, "key.revoked");
    await card.getByRole("button", { name: "Deliveries" }).click();
    await card.locator("tr[data-delivery-id]").getByText("key.revoked").waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await assertNoSidewaysScroll(page, "the operator's webhooks on a phone");
    await screenshot(page, "operator-webhooks-narrow");
    await opened.finish();
  });
});

describe("the webhooks add form of a service that refuses private targets [browser, pglite]", () => {
  const service = withWebService();

  it("says private and loopback addresses are refused, and shows the refusal naming the setting", async () => {
    const owner = randomPass();
    await createAccount(service.ctx, owner);
    const { key } = await issueKey(service.ctx, owner, "live");
    const opened = await openPage(service, "/app/console", { allowConsoleErrors: /400/ });
    const { page } = opened;
    await page.getByLabel("API key", { exact: true }).fill(key);
    await page.getByRole("button", { name: "Sign in" }).click();
    const section = page.getByRole("region", { name: "Webhooks", exact: true });
    const hint = await urlHint(section, REFUSES_PRIVATE);
    assert.match(hint, /^The https:\/\/ address your receiver listens on/);
    assert.match(hint, /WEBHOOK_ALLOW_PRIVATE_TARGETS/);
    assert.doesNotMatch(hint, TAKES_PRIVATE);
    await section.getByLabel("URL", { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, "console-webhooks-hint-private-refused");

    // A receiver on this machine: refused, and the refusal says which setting would take it.
    await section.getByLabel("URL", { exact: true }).fill("http://127.0.0.1:4000/webhooks");
    await section.getByLabel("payout.created").check();
    await section.getByRole("button", { name: "Add endpoint" }).click();
    await section
      .getByRole("alert")
      .getByText(/WEBHOOK_ALLOW_PRIVATE_TARGETS=true/)
      .waitFor();
    await section.getByText("No endpoint yet: add one below.").waitFor();
    await assertAccessible(page, "the add form of a service that refuses private targets");
    await opened.finish();

    const operator = await openPage(service, "/app/operator#webhooks");
    await operator.page.getByLabel("Admin token").fill(ADMIN_TOKEN);
    await operator.page.getByRole("button", { name: "Sign in" }).click();
    const operatorSection = operator.page.getByRole("region", { name: "Webhooks", exact: true });
    assert.match(await urlHint(operatorSection, REFUSES_PRIVATE), /for development/);
    await operator.finish();
  });
});
