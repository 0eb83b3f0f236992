/**
 * Webhook endpoints, shared by the owner console (`/webhooks`, the API key's account and mode)
 * and the operator console (`/admin/webhooks`): which calls it makes is its `api`
 * (api.ts). It lists the endpoints, adds one (its signing secret shown once, here, until
 * the person leaves or adds another), disables and enables, rotates the secret, sends a test
 * event, deletes, and opens an endpoint's deliveries (deliveries.tsx).
 */
import "./webhooks.css";
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { ActionState, useAction } from "../../../ui/action.js";
import { Badge } from "../../../ui/badge.js";
import { ConfirmButton, OnOffButton } from "../../../ui/confirm-button.js";
import { formatDate } from "../../../ui/format.js";
import { useLoad } from "../../../ui/load.js";
import { SecretNotice } from "../../../ui/secret.js";
import { Empty, Notice, Show } from "../../../ui/status.js";
import { AddForm } from "./add-form.js";
import type { CreatedEndpoint, Endpoint, RotatedSecret, WebhookApi } from "./api.js";
import { Deliveries } from "./deliveries.js";

/** A secret just issued: for a new endpoint, or by a rotation (with the old one's end). */
interface ShownSecret {
  url: string;
  value: string;
  previousValidUntil?: string;
}

export function WebhooksSection(props: {
  api: WebhookApi;
  /** Prefix of the section's element ids (unique on the page). */
  idPrefix: string;
  /** What these endpoints hear, said above the list. */
  intro: ComponentChildren;
}) {
  const { api, idPrefix } = props;
  const [endpoints, reload] = useLoad((signal) => api.list(signal), [], { keep: true });
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const created = (endpoint: CreatedEndpoint) => {
    setNotice(null);
    setSecret({ url: endpoint.url, value: endpoint.secret });
    reload();
  };
  const rotated = (endpoint: Endpoint, answer: RotatedSecret) => {
    setNotice(null);
    setSecret({
      url: endpoint.url,
      value: answer.secret,
      previousValidUntil: answer.previous_secret_valid_until,
    });
  };
  const deleted = (endpoint: Endpoint) => {
    if (secret?.url === endpoint.url) setSecret(null);
    if (open === endpoint.id) setOpen(null);
    setNotice(`Endpoint ${endpoint.url} is deleted, with its deliveries.`);
    reload();
  };

  return (
    <div class="wh-section">
      <p>{props.intro}</p>
      {secret ? (
        <ShownSecretNotice
          id={`${idPrefix}-secret`}
          secret={secret}
          onHide={() => setSecret(null)}
        />
      ) : null}
      <Notice>{notice}</Notice>
      <h3>Endpoints</h3>
      <Show loaded={endpoints} what="the webhook endpoints" onRetry={reload}>
        {(list) =>
          list.length === 0 ? (
            <Empty>{api.may.create ? "No endpoint yet: add one below." : "No endpoint yet."}</Empty>
          ) : (
            <ul class="wh-list">
              {list.map((endpoint) => (
                <EndpointCard
                  key={endpoint.id}
                  api={api}
                  endpoint={endpoint}
                  idPrefix={idPrefix}
                  open={open === endpoint.id}
                  onOpen={(on) => setOpen(on ? endpoint.id : null)}
                  onChanged={reload}
                  onRotated={(answer) => rotated(endpoint, answer)}
                  onDeleted={() => deleted(endpoint)}
                />
              ))}
            </ul>
          )
        }
      </Show>
      {api.may.create ? <AddForm api={api} idPrefix={idPrefix} onCreated={created} /> : null}
    </div>
  );
}

/** The secret, once: a warning, the value with Copy, what to do with it, and "hide". */
function ShownSecretNotice(props: { id: string; secret: ShownSecret; onHide: () => void }) {
  const { secret } = props;
  return (
    <SecretNotice
      id={props.id}
      class="wh-secret"
      title={
        <>
          {secret.previousValidUntil ? "New signing secret" : "Signing secret"} for{" "}
          <code>{secret.url}</code>
        </>
      }
      warning={
        <>
          Copy this secret now: it will not be shown again. Leaving this page or adding another
          endpoint hides it for good.
        </>
      }
      value={secret.value}
      what="the signing secret"
      onHide={props.onHide}
    >
      <p class="hint">
        Use Copy (or select it and press Ctrl+C, ⌘C on a Mac) and put it in your receiver's
        settings: it checks each message's <code>webhook-signature</code> with it, as any Standard
        Webhooks library does.
      </p>
      {secret.previousValidUntil ? (
        <p>
          The old secret keeps signing beside the new one for 24 hours, until{" "}
          {formatDate(secret.previousValidUntil)}: switch your receiver to the new secret before
          then.
        </p>
      ) : null}
    </SecretNotice>
  );
}

function EndpointCard(props: {
  api: WebhookApi;
  endpoint: Endpoint;
  idPrefix: string;
  open: boolean;
  onOpen: (open: boolean) => void;
  onChanged: () => void;
  onRotated: (answer: RotatedSecret) => void;
  onDeleted: () => void;
}) {
  const { api, endpoint } = props;
  const id = `${props.idPrefix}-endpoint-${endpoint.id}`;
  const action = useAction<string>();
  const [notice, setNotice] = useState<string | null>(null);
  /** Bumped when an event was queued for it: the deliveries read again. */
  const [queued, setQueued] = useState(0);
  const disabled = endpoint.disabled_at !== null;

  const act = async (work: () => Promise<string | null>) => {
    setNotice(null);
    const done = await action.run(async () => (await work()) ?? "");
    if (done) setNotice(done);
  };
  const sendTest = () =>
    act(async () => {
      const accepted = await api.test(endpoint.id);
      props.onOpen(true);
      setQueued((n) => n + 1);
      return `Test event ${accepted.event_id} is queued: see how it went in the deliveries below.`;
    });
  const setEnabled = (on: boolean) =>
    act(async () => {
      await api.update(endpoint.id, { disabled: !on });
      props.onChanged();
      return on
        ? "Enabled: new events are delivered to it again."
        : "Disabled: nothing is sent to it until it is enabled again.";
    });
  const rotate = () =>
    act(async () => {
      props.onRotated(await api.rotate(endpoint.id));
      return null;
    });
  const remove = () =>
    act(async () => {
      await api.remove(endpoint.id);
      props.onDeleted();
      return null;
    });

  return (
    <li class="card wh-endpoint" data-endpoint-id={endpoint.id}>
      <section aria-labelledby={`${id}-url`}>
        <h4 id={`${id}-url`} class="wh-url">
          <code>{endpoint.url}</code>
        </h4>
        <p class="meta wh-badges">
          <Badge kind={endpoint.mode}>{endpoint.mode}</Badge>{" "}
          {disabled ? <Badge kind="off">disabled</Badge> : <Badge kind="ok">enabled</Badge>}{" "}
          <span>Added {formatDate(endpoint.created_at)}</span>
        </p>
        {endpoint.description ? <p class="wh-description">{endpoint.description}</p> : null}
        {disabled && endpoint.disabled_at ? (
          <div class="warning wh-disabled">
            <p>
              Disabled since {formatDate(endpoint.disabled_at)}: nothing is sent to it until it is
              enabled again.
            </p>
            {endpoint.disabled_reason ? <p>Reason: {endpoint.disabled_reason}</p> : null}
          </div>
        ) : null}
        <div class="wh-events">
          <span class="op-inline-label" id={`${id}-events`}>
            Events:
          </span>
          <ul aria-labelledby={`${id}-events`}>
            {endpoint.events.map((type) => (
              <li key={type}>
                <code>{type}</code>
              </li>
            ))}
          </ul>
        </div>
        <div class="op-actions wh-actions">
          {api.may.test ? (
            <button
              type="button"
              disabled={action.busy || disabled}
              onClick={sendTest}
              title={disabled ? "Enable the endpoint to send a test event" : undefined}
            >
              Send test event
            </button>
          ) : null}
          <button
            type="button"
            class="secondary"
            aria-expanded={props.open ? "true" : "false"}
            aria-controls={props.open ? `${props.idPrefix}-deliveries-${endpoint.id}` : undefined}
            onClick={() => props.onOpen(!props.open)}
          >
            {props.open ? "Hide deliveries" : "Deliveries"}
          </button>
          {api.may.update ? (
            <OnOffButton
              on={!disabled}
              offLabel="Disable"
              onLabel="Enable"
              busy={action.busy}
              onChange={setEnabled}
            />
          ) : null}
          {api.may.rotate ? (
            <ConfirmButton
              label="Rotate secret"
              confirmLabel="Confirm: rotate the secret"
              danger={false}
              disabled={action.busy}
              onConfirm={rotate}
            />
          ) : null}
          {api.may.remove ? (
            <ConfirmButton
              label="Delete"
              confirmLabel="Confirm: delete this endpoint"
              disabled={action.busy}
              onConfirm={remove}
            />
          ) : null}
        </div>
        <ActionState action={action} busyText="Working…" />
        <Notice>{notice}</Notice>
        {props.open ? (
          <div id={`${props.idPrefix}-deliveries-${endpoint.id}`}>
            <Deliveries
              api={api}
              endpoint={endpoint}
              refreshKey={queued}
              idPrefix={props.idPrefix}
              onSettled={props.onChanged}
            />
          </div>
        ) : null}
      </section>
    </li>
  );
}
