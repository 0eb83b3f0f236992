/** The form that adds a webhook endpoint: its URL, its events, and a description. */
import "./webhooks.css";
import { useRef, useState } from "preact/hooks";
import { ActionState, useAction } from "../../../ui/action.js";
import { describedBy, Field, inputValue } from "../../../ui/field.js";
import { type Loaded, useLoad } from "../../../ui/load.js";
import {
  type CreatedEndpoint,
  EVENT_CHOICES,
  type WebhookApi,
  type WebhookSettings,
} from "./api.js";

/**
 * What the URL field says of the targets the service takes, as its setting says
 * (WEBHOOK_ALLOW_PRIVATE_TARGETS); until the setting is known, only what holds either way.
 */
function targetHint(settings: Loaded<WebhookSettings>): string {
  if (settings.state !== "ok") return "The address your receiver listens on, https:// as a rule.";
  return settings.data.allow_private_targets
    ? "The address your receiver listens on. This service also takes http:// and private and loopback addresses, such as your own machine's (WEBHOOK_ALLOW_PRIVATE_TARGETS is on: for development only)."
    : "The https:// address your receiver listens on; private and loopback addresses are refused (the service takes them only with WEBHOOK_ALLOW_PRIVATE_TARGETS, for development).";
}

export function AddForm(props: {
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
  const [settings] = useLoad((signal) => api.settings(signal), []);
  const allowPrivate = settings.state === "ok" && settings.data.allow_private_targets;

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

  const urlHint = targetHint(settings);
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
            placeholder={
              allowPrivate ? "http://127.0.0.1:4000/webhooks" : "https://example.com/webhooks"
            }
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
