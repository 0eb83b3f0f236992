/**
 * Webhook endpoints, shared by the owner console (`/webhooks`, the API key's account and mode)
 * and the operator console (`/admin/webhooks`): which calls it makes is its `api`
 * (webhooks-api.ts). It lists the endpoints, adds one (its signing secret shown once, here, until
 * the person leaves or adds another), disables and enables, rotates the secret, sends a test
 * event, deletes, and opens an endpoint's deliveries (webhooks-deliveries.tsx).
 */
import "./webhooks.css";
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { describedBy, Empty, Field, formatDate, SecretValue, Show, useLoad } from "../ui.js";
import { ActionState, useAction } from "../use-action.js";
import { Badge, ConfirmButton, inputValue, Notice, OnOffButton } from "./operator-forms.js";
import {
  type CreatedEndpoint,
  type Endpoint,
  EVENT_CHOICES,
  type RotatedSecret,
  type WebhookApi,
} from "./webhooks-api.js";
import { Deliveries } from "./webhooks-deliveries.js";

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
        <SecretNotice id={`${idPrefix}-secret`} secret={secret} onHide={() => setSecret(null)} />
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
function SecretNotice(props: { id: string; secret: ShownSecret; onHide: () => void }) {
  const { secret } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  // Said to screen readers and scrolled to: the person must copy it now.
  useEffect(() => heading.current?.focus(), [secret.value]);
  return (
    <section class="wh-secret" aria-labelledby={`${props.id}-title`}>
      <h3 id={`${props.id}-title`} tabIndex={-1} ref={heading}>
        {secret.previousValidUntil ? "New signing secret" : "Signing secret"} for{" "}
        <code>{secret.url}</code>
      </h3>
      <p class="warning">
        Copy this secret now: it will not be shown again. Leaving this page or adding another
        endpoint hides it for good.
      </p>
      <SecretValue id={`${props.id}-value`} value={secret.value} what="the signing secret">
        <button type="button" class="secondary" onClick={props.onHide}>
          I have copied it: hide it
        </button>
      </SecretValue>
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
    </section>
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

function AddForm(props: {
  api: WebhookApi;
  idPrefix: string;
  onCreated: (endpoint: CreatedEndpoint) => void;
}) {
  const { api } = props;
  const id = `${props.idPrefix}-add`;
  const choices = EVENT_CHOICES[api.audience];
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>([]);
  const [description, setDescription] = useState("");
  const [missing, setMissing] = useState<{ url?: boolean; events?: boolean }>({});
  const action = useAction<CreatedEndpoint>();
  const urlInput = useRef<HTMLInputElement>(null);

  const toggle = (type: string, on: boolean) => {
    setEvents((chosen) =>
      on ? [...chosen.filter((t) => t !== type), type] : chosen.filter((t) => t !== type),
    );
    setMissing((m) => ({ ...m, events: false }));
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    const target = url.trim();
    const checks = { url: target === "", events: events.length === 0 };
    setMissing(checks);
    if (checks.url || checks.events) {
      if (checks.url) urlInput.current?.focus();
      return;
    }
    const text = description.trim();
    // Sent in the order offered, whatever order they were ticked in.
    const chosen = choices.map((c) => c.type).filter((t) => events.includes(t));
    const endpoint = await action.run(() =>
      api.create({ url: target, events: chosen, ...(text ? { description: text } : {}) }),
    );
    if (endpoint) {
      setUrl("");
      setEvents([]);
      setDescription("");
      props.onCreated(endpoint);
    }
  };

  const urlHint =
    "The https:// address your receiver listens on; private and loopback addresses are refused.";
  const urlError = missing.url ? "Type the address to send events to." : undefined;
  const eventsError = missing.events ? "Choose at least one event." : undefined;
  return (
    <>
      <h3 id={`${id}-title`}>Add an endpoint</h3>
      <form class="wh-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        <Field id={`${id}-url`} label="URL" hint={urlHint} error={urlError}>
          <input
            ref={urlInput}
            id={`${id}-url`}
            type="url"
            inputMode="url"
            autocomplete="off"
            spellcheck={false}
            placeholder="https://example.com/webhooks"
            value={url}
            aria-invalid={urlError ? "true" : undefined}
            aria-describedby={describedBy(`${id}-url`, urlHint, urlError)}
            onInput={(e) => {
              setUrl(inputValue(e));
              setMissing((m) => ({ ...m, url: false }));
            }}
          />
        </Field>
        <fieldset
          class={`wh-choices${eventsError ? " invalid" : ""}`}
          aria-describedby={eventsError ? `${id}-events-error` : undefined}
        >
          <legend>Events to receive</legend>
          {choices.map((choice) => {
            const box = `${id}-event-${choice.type.replace(/\W/g, "-")}`;
            return (
              <div class="op-check" key={choice.type}>
                <input
                  id={box}
                  type="checkbox"
                  value={choice.type}
                  checked={events.includes(choice.type)}
                  onChange={(e) => toggle(choice.type, (e.target as HTMLInputElement).checked)}
                />
                <label for={box}>
                  <code>{choice.type}</code> <span class="wh-about">{choice.about}</span>
                </label>
              </div>
            );
          })}
          {eventsError ? (
            <p class="field-error" id={`${id}-events-error`}>
              {eventsError}
            </p>
          ) : null}
        </fieldset>
        <Field
          id={`${id}-description`}
          label="Description (optional)"
          hint="What this endpoint is for, up to 500 characters."
        >
          <input
            id={`${id}-description`}
            type="text"
            maxLength={500}
            autocomplete="off"
            value={description}
            aria-describedby={describedBy(`${id}-description`, true)}
            onInput={(e) => setDescription(inputValue(e))}
          />
        </Field>
        <div>
          <button type="submit" disabled={action.busy}>
            Add endpoint
          </button>
        </div>
        <ActionState action={action} busyText="Adding the endpoint…" />
      </form>
    </>
  );
}
