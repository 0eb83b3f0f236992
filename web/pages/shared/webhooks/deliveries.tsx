/**
 * One webhook endpoint's deliveries (the webhooks section, section.tsx): filtered by
 * status, newest first, a page at a time ("Load more"), each with its last attempt and a
 * Redeliver button. While a delivery shown is due within moments, the list refreshes itself.
 */
import { Fragment } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ActionState, useAction } from "../../../ui/action.js";
import { Badge } from "../../../ui/badge.js";
import type { CursorPage } from "../../../ui/cursor-pages.js";
import { Field, inputValue } from "../../../ui/field.js";
import { formatDate, formatNumber } from "../../../ui/format.js";
import { useLoad } from "../../../ui/load.js";
import { Empty, Notice, Show } from "../../../ui/status.js";
import { type Column, TableHead, TableWrap } from "../../../ui/tables.js";
import type { Delivery, DeliveryStatus, Endpoint, WebhookApi } from "./api.js";

const STATUSES: DeliveryStatus[] = ["pending", "succeeded", "failed"];
const STATUS_BADGE = { pending: "warn", succeeded: "ok", failed: "off" } as const;
/**
 * A pending delivery due this soon is waited for: the list reads again every REFRESH_MS. (One
 * being sent shows its lease's end as its next attempt: the send's timeout and 15 s more.)
 */
const DUE_SOON_MS = 60_000;
const REFRESH_MS = 1500;

const COLUMNS: Column[] = [
  "Event type",
  "Event id",
  "Status",
  { label: "Attempt", num: true },
  { label: "HTTP status", num: true },
  "Error",
  { label: "Duration", num: true },
  "Time",
  "Next attempt",
  "Actions",
];
const LABELS = COLUMNS.map((column) => (typeof column === "string" ? column : column.label));

/** The pages read after the first by "Load more", and where the next one starts. */
interface More {
  items: Delivery[];
  next: string | null;
}

export function Deliveries(props: {
  api: WebhookApi;
  endpoint: Endpoint;
  /** Changed by the card when something was queued (a test event): the list reads again. */
  refreshKey: number;
  idPrefix: string;
  /**
   * Called on "Refresh" and when a delivery shown changed: an attempt may have changed the
   * endpoint (a 410 disables it), so the section reads the endpoints again.
   */
  onSettled: () => void;
}) {
  const { api, endpoint } = props;
  const id = `${props.idPrefix}-deliveries-${endpoint.id}`;
  const [status, setStatus] = useState<DeliveryStatus | undefined>(undefined);
  const [first, reload, refreshing] = useLoad(
    (signal) => api.deliveries(endpoint.id, { status, cursor: undefined }, signal),
    [endpoint.id, status, props.refreshKey],
    { keep: true },
  );
  const [more, setMore] = useState<More | null>(null);
  const loadMore = useAction<CursorPage<Delivery>>();
  const redeliver = useAction<string>();
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = () => {
    setMore(null);
    reload();
    props.onSettled();
  };
  // A new filter or a new event starts again at the first page.
  useEffect(() => setMore(null), [status, props.refreshKey]);

  const firstPage = first.state === "ok" ? first.data : undefined;
  const items = [...(firstPage?.items ?? []), ...(more?.items ?? [])];
  const nextCursor = more ? more.next : (firstPage?.next_cursor ?? null);

  // A delivery about to be attempted: read again shortly, as long as only the first page is shown.
  const dueSoon = items.some(
    (d) =>
      d.status === "pending" &&
      (d.next_attempt_at === null || Date.parse(d.next_attempt_at) - Date.now() < DUE_SOON_MS),
  );
  useEffect(() => {
    if (!dueSoon || more || refreshing) return undefined;
    const timer = setTimeout(reload, REFRESH_MS);
    return () => clearTimeout(timer);
  }, [dueSoon, more, refreshing, firstPage]);
  // A delivery that changed may have changed its endpoint (a 410 disables it): read it again.
  const outcomes = firstPage?.items.map((d) => `${d.id}:${d.status}:${d.attempt}`).join() ?? "";
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (firstPage === undefined) return;
    if (seen.current !== outcomes) props.onSettled();
    seen.current = outcomes;
  }, [outcomes]);

  const readMore = async () => {
    if (nextCursor === null) return;
    const page = await loadMore.run(() =>
      api.deliveries(endpoint.id, { status, cursor: nextCursor }),
    );
    if (page) setMore({ items: [...(more?.items ?? []), ...page.items], next: page.next_cursor });
  };
  const again = async (delivery: Delivery) => {
    setNotice(null);
    const done = await redeliver.run(async () => {
      const accepted = await api.redeliver(endpoint.id, delivery.event_id);
      return `Event ${accepted.event_id} is queued again, with the same webhook-id.`;
    });
    if (done) {
      setNotice(done);
      refresh();
    }
  };

  const disabled = endpoint.disabled_at !== null;
  const heading = `${id}-title`;
  return (
    <section class="wh-deliveries" aria-labelledby={heading}>
      <h5 id={heading}>Deliveries</h5>
      <div class="row wh-toolbar">
        <Field id={`${id}-status`} label="Status">
          <select
            id={`${id}-status`}
            value={status ?? ""}
            onChange={(event) => setStatus((inputValue(event) || undefined) as DeliveryStatus)}
          >
            <option value="">Any status</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <button type="button" class="secondary" disabled={refreshing} onClick={refresh}>
          Refresh
        </button>
        {refreshing ? (
          <span class="loading" role="status">
            Refreshing…
          </span>
        ) : null}
      </div>
      {disabled && api.may.redeliver ? (
        <p class="hint">Enable the endpoint to redeliver an event: nothing is sent to it now.</p>
      ) : null}
      <Notice>{notice}</Notice>
      <ActionState action={redeliver} busyText="Queueing the event again…" />
      <Show loaded={first} what="the deliveries" onRetry={refresh}>
        {() =>
          items.length === 0 ? (
            <Empty>
              {status ? `No ${status} deliveries.` : "No deliveries yet: send a test event."}
            </Empty>
          ) : (
            <TableWrap label={`Deliveries to ${endpoint.url}`}>
              <table class="stack-narrow wh-table">
                <caption class="visually-hidden">
                  Deliveries to {endpoint.url}, newest first
                </caption>
                <TableHead columns={api.may.redeliver ? COLUMNS : COLUMNS.slice(0, -1)} />
                <tbody>
                  {items.map((delivery) => (
                    <DeliveryRow
                      key={delivery.id}
                      delivery={delivery}
                      busy={redeliver.busy || disabled}
                      onRedeliver={api.may.redeliver ? () => again(delivery) : undefined}
                    />
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )
        }
      </Show>
      {nextCursor !== null && first.state === "ok" ? (
        <div class="wh-more">
          <button type="button" class="secondary" disabled={loadMore.busy} onClick={readMore}>
            Load more
          </button>
        </div>
      ) : null}
      <ActionState action={loadMore} busyText="Loading more deliveries…" />
    </section>
  );
}

/** A delivery; its Redeliver button only with `onRedeliver` (the credential may redeliver). */
function DeliveryRow(props: { delivery: Delivery; busy: boolean; onRedeliver?: () => void }) {
  const d = props.delivery;
  const [type, eventId, state, attempt, code, error, duration, at, next, actions] = LABELS;
  return (
    <tr data-delivery-id={d.id} data-event-id={d.event_id}>
      <td data-label={type}>
        <code>{breakAfterDots(d.event_type)}</code>
      </td>
      <td data-label={eventId}>
        <code class="wh-id">{d.event_id}</code>
      </td>
      <td data-label={state}>
        <Badge kind={STATUS_BADGE[d.status]}>{d.status}</Badge>
      </td>
      <td data-label={attempt} class="num">
        {formatNumber(d.attempt)}
      </td>
      <td data-label={code} class="num">
        {d.status_code ?? "none"}
      </td>
      <td data-label={error} class="wh-error">
        {d.error ?? "none"}
      </td>
      <td data-label={duration} class="num">
        {d.duration_ms === null ? "none" : `${formatNumber(d.duration_ms)} ms`}
      </td>
      <td data-label={at} class="wh-time">
        {formatDate(d.at)}
      </td>
      <td data-label={next} class="wh-time">
        {d.next_attempt_at ? formatDate(d.next_attempt_at) : "none"}
      </td>
      {props.onRedeliver ? (
        <td data-label={actions}>
          <button
            type="button"
            class="secondary"
            disabled={props.busy}
            aria-label={`Redeliver event ${d.event_id}`}
            onClick={props.onRedeliver}
          >
            Redeliver
          </button>
        </td>
      ) : null}
    </tr>
  );
}

/** `quest.budget_low` with a line break allowed after each dot (a narrow column). */
function breakAfterDots(type: string) {
  return type.split(".").map((part, i, parts) => (
    <Fragment key={part}>
      {part}
      {i < parts.length - 1 ? (
        <>
          .<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}
