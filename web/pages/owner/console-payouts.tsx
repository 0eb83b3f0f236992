import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import {
  PAYOUT_PAGE_LIMIT_MAX,
  REVERSAL_REASON_LENGTH_MAX as REASON_MAX,
} from "../../../src/domain/limits.js";
import { type ApiError, api, call, ownerHeaders } from "../../client.js";
import { useAction } from "../../ui/action.js";
import { describedBy, Field } from "../../ui/field.js";
import { countOf, formatDate, formatNumber } from "../../ui/format.js";
import type { Loaded } from "../../ui/load.js";
import { Pager } from "../../ui/pager.js";
import { Empty, ErrorBox, Loading } from "../../ui/status.js";
import { TableWrap } from "../../ui/tables.js";
import type {
  OwnedQuest,
  Payout,
  QuestDetail,
  Reversal,
  ReversalsLoad,
} from "./console-answers.js";

/**
 * The owner console's payouts of a quest, a page at a time, each with its reversal: the ones
 * made (marked, with their reason) and a form to reverse one (`POST …/reversal`).
 */

/** Payouts a page shows; one more is asked for to know whether a next page exists. */
export const PAYOUT_PAGE_SIZE = 20;
/** Reversals are read 100 at a time (the API's maximum), at most this many pages. */
const REVERSAL_PAGE = PAYOUT_PAGE_LIMIT_MAX;
const REVERSAL_PAGES_MAX = 10;
const REASON_HINT = `1 to ${REASON_MAX} characters; kept with the reversal. The points go back into the budget and the pass loses them.`;

/** A page of payouts and the offset it was read at. */
export interface PayoutPage {
  detail: QuestDetail;
  offset: number;
}

/** Every reversal of the quest, newest first: pages of 100 until a short one (or the cap). */
export async function loadReversals(
  questId: number,
  apiKey: string,
  signal: AbortSignal,
): Promise<{ byPayout: Map<string, Reversal>; complete: boolean }> {
  const byPayout = new Map<string, Reversal>();
  for (let page = 0; page < REVERSAL_PAGES_MAX; page++) {
    const rows = await call(
      api.GET("/quests/{questId}/reversals", {
        params: {
          path: { questId },
          query: { limit: REVERSAL_PAGE, offset: page * REVERSAL_PAGE },
        },
        headers: ownerHeaders(apiKey),
        signal,
      }),
    );
    for (const row of rows) byPayout.set(row.payout_id, row);
    if (rows.length < REVERSAL_PAGE) return { byPayout, complete: true };
  }
  return { byPayout, complete: false };
}

export function PayoutsView(props: {
  quest: OwnedQuest;
  apiKey: string;
  detail: Loaded<PayoutPage>;
  /** The page shown is the one before, while the next loads. */
  pageLoading: boolean;
  reversals: ReversalsLoad;
  offset: number;
  onOffset: (offset: number) => void;
  onReversed: () => void;
  onRetry: () => void;
  /** A read key (scope read): payouts are shown, with no control to reverse one. */
  readOnly?: boolean;
}) {
  const { quest, detail, offset, reversals } = props;
  const readOnly = props.readOnly === true;
  const [open, setOpen] = useState<string | null>(null);
  /** Reversals made or refused on this page, by payout id. */
  const [outcomes, setOutcomes] = useState<
    Map<string, { ok: true; reversal: Reversal } | { ok: false; error: ApiError }>
  >(new Map());
  const known = reversals.state === "ok" ? reversals.data.byPayout : undefined;
  const reversalOf = (payoutId: string): Reversal | undefined => {
    const outcome = outcomes.get(payoutId);
    if (outcome?.ok) return outcome.reversal;
    return known?.get(payoutId);
  };
  const setOutcome = (
    payoutId: string,
    outcome: { ok: true; reversal: Reversal } | { ok: false; error: ApiError },
  ) => setOutcomes((map) => new Map(map).set(payoutId, outcome));
  const clearOutcome = (payoutId: string) =>
    setOutcomes((map) => {
      if (!map.has(payoutId)) return map;
      const next = new Map(map);
      next.delete(payoutId);
      return next;
    });

  let status: ComponentChildren = null;
  const busy = detail.state === "loading" || props.pageLoading;
  if (busy) status = <Loading what="the payouts" />;
  if (detail.state === "error" && detail.error.status !== 401) {
    status = <ErrorBox error={detail.error} what="the payouts" onRetry={props.onRetry} />;
  }
  const reversalStatus =
    reversals.state === "error" && reversals.error.status !== 401 ? (
      <ErrorBox error={reversals.error} what="the reversals" onRetry={props.onRetry} />
    ) : null;

  if (detail.state !== "ok") return <>{status}</>;
  const shown = detail.data;
  const shownOffset = shown.offset;
  const page = shown.detail.payouts.slice(0, PAYOUT_PAGE_SIZE);
  const hasNext = shown.detail.payouts.length > PAYOUT_PAGE_SIZE;
  const tableId = `quest-${quest.id}-payouts`;

  return (
    <>
      {status}
      {reversalStatus}
      {reversals.state === "ok" && !reversals.data.complete ? (
        <p class="hint">Only the latest reversals are marked below.</p>
      ) : null}
      {page.length === 0 ? (
        <Empty>{shownOffset === 0 ? "No payouts yet." : "No payouts on this page."}</Empty>
      ) : (
        <TableWrap label={`Payouts of ${quest.name}`}>
          <table id={tableId} class="console-payouts stack-narrow">
            <caption class="visually-hidden">Payouts of {quest.name}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Paid at</th>
                <th scope="col">Pass</th>
                <th scope="col" class="num">
                  Points
                </th>
                <th scope="col">Status</th>
                {readOnly ? null : (
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {page.map((payout) => {
                const reversal = reversalOf(payout.id);
                const outcome = outcomes.get(payout.id);
                const formOpen = open === payout.id && !reversal && !readOnly;
                const rowId = `payout-${payout.id}`;
                return [
                  <tr key={payout.id} id={rowId} data-payout-id={payout.id}>
                    <td data-label="Paid at">{formatDate(payout.created_at)}</td>
                    <td data-label="Pass">
                      <code>{payout.account.pass}</code>
                    </td>
                    <td class="num" data-label="Points">
                      {formatNumber(payout.amount)}
                    </td>
                    <td data-label="Status">
                      {reversal ? (
                        <>
                          <span class="badge console-reversed">Reversed</span>
                          <span class="console-reason"> {reversal.reason}</span>
                        </>
                      ) : (
                        "Paid"
                      )}
                    </td>
                    {readOnly ? null : (
                      <td class="console-actions">
                        {reversal ? null : (
                          <button
                            type="button"
                            class="secondary"
                            id={`reverse-${payout.id}`}
                            aria-expanded={formOpen ? "true" : "false"}
                            aria-controls={`${rowId}-reverse`}
                            aria-label={`Reverse the payout of ${countOf(payout.amount, "point")} to ${payout.account.pass}`}
                            onClick={() => setOpen(formOpen ? null : payout.id)}
                          >
                            Reverse
                          </button>
                        )}
                      </td>
                    )}
                  </tr>,
                  formOpen || outcome ? (
                    <tr key={`${payout.id}-more`} class="console-subrow">
                      <td colSpan={readOnly ? 4 : 5} id={`${rowId}-reverse`}>
                        {outcome?.ok ? (
                          <p class="notice" role="status">
                            Reversed: {countOf(outcome.reversal.amount, "point")}{" "}
                            {outcome.reversal.amount === 1 ? "is" : "are"} back in the budget.
                          </p>
                        ) : null}
                        {outcome && !outcome.ok ? (
                          <div class="error" role="alert">
                            <p>
                              <strong>Not reversed. </strong>
                              {outcome.error.detail}
                            </p>
                          </div>
                        ) : null}
                        {formOpen ? (
                          <ReverseForm
                            questId={quest.id}
                            payout={payout}
                            apiKey={props.apiKey}
                            onStart={() => clearOutcome(payout.id)}
                            onCancel={() => {
                              setOpen(null);
                              document.getElementById(`reverse-${payout.id}`)?.focus();
                            }}
                            onAnswer={(answer) => {
                              setOutcome(payout.id, answer);
                              if (answer.ok) {
                                setOpen(null);
                                props.onReversed();
                              } else if (answer.error.code === "PAYOUT_ALREADY_REVERSED") {
                                // Reversed elsewhere: read the reversals again to show it so.
                                setOpen(null);
                                props.onReversed();
                              }
                            }}
                          />
                        ) : null}
                      </td>
                    </tr>
                  ) : null,
                ];
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
      {page.length === 0 && shownOffset === 0 ? null : (
        <Pager
          label={`Pages of the payouts of ${quest.name}`}
          busy={busy}
          position={
            page.length > 0
              ? `Payouts ${formatNumber(shownOffset + 1)}–${formatNumber(shownOffset + page.length)}`
              : `Payouts from ${formatNumber(shownOffset + 1)}`
          }
          onPrevious={
            offset > 0 ? () => props.onOffset(Math.max(0, offset - PAYOUT_PAGE_SIZE)) : undefined
          }
          onNext={hasNext ? () => props.onOffset(offset + PAYOUT_PAGE_SIZE) : undefined}
        />
      )}
    </>
  );
}

function ReverseForm(props: {
  questId: number;
  payout: Payout;
  apiKey: string;
  onCancel: () => void;
  /** A new attempt begins: the last one's refusal is no longer current. */
  onStart: () => void;
  onAnswer: (answer: { ok: true; reversal: Reversal } | { ok: false; error: ApiError }) => void;
}) {
  const { payout } = props;
  const id = `reason-${payout.id}`;
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const action = useAction<Reversal>();
  const sending = action.busy;
  const textarea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    textarea.current?.focus();
  }, []);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (action.running()) return;
    props.onStart();
    const text = reason.trim();
    if (text.length < 1 || text.length > REASON_MAX) {
      setError(`Give a reason: 1 to ${REASON_MAX} characters.`);
      textarea.current?.focus();
      return;
    }
    const reversal = await action.run(
      async () => {
        const answer = await call(
          api.POST("/quests/{questId}/payouts/{payoutId}/reversal", {
            params: { path: { questId: props.questId, payoutId: payout.id } },
            body: { reason: text },
            headers: ownerHeaders(props.apiKey),
          }),
        );
        return answer.reversal;
      },
      (error) => props.onAnswer({ ok: false, error }),
    );
    if (reversal) props.onAnswer({ ok: true, reversal });
  };
  return (
    <form onSubmit={submit} noValidate class="console-reverse-form">
      <Field
        id={id}
        label={`Reason for reversing ${countOf(payout.amount, "point")}`}
        error={error}
        hint={REASON_HINT}
      >
        <textarea
          ref={textarea}
          id={id}
          name="reason"
          maxLength={REASON_MAX}
          value={reason}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={describedBy(id, REASON_HINT, error)}
          onInput={(event) => {
            setReason(event.currentTarget.value);
            setError(undefined);
          }}
        />
      </Field>
      <div class="row">
        <button type="submit" class="danger" disabled={sending}>
          {sending ? "Reversing…" : "Reverse payout"}
        </button>
        <button type="button" class="secondary" onClick={props.onCancel} disabled={sending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
