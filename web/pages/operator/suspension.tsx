/**
 * Suspending a pass found gaming the quests, and reinstating it (`POST` and `DELETE
 * /admin/accounts/{id}/suspension`, role `support`): a suspended pass is refused every allocation
 * and is on no leaderboard; its payouts stay as they are (docs/operator-api.md#suspended-passes).
 */
import { useState } from "preact/hooks";
import { SUSPENSION_REASON_LENGTH_MAX as REASON_MAX } from "../../../src/domain/suspensions.js";
import { adminHeaders, api, call } from "../../client.js";
import { useAction } from "../../ui/action.js";
import { Badge } from "../../ui/badge.js";
import { describedBy, Field } from "../../ui/field.js";
import { formatDate } from "../../ui/format.js";
import type { Account } from "./answers.js";
import { Panel, PanelButtons } from "./panel.js";

const REASON_HINT = `1 to ${REASON_MAX} characters: why (a sybil ring, abuse…), kept in the audit log and shown to the other operators.`;

/** An account's state in the list: active, or suspended since when and why. */
export function SuspensionState(props: { account: Account }) {
  const { account } = props;
  if (account.suspended_at === null) return <Badge kind="ok">Active</Badge>;
  return (
    <>
      <Badge kind="off">Suspended</Badge>{" "}
      <span class="op-sub">since {formatDate(account.suspended_at)}</span>
      {account.suspension_reason ? (
        <span class="op-reason">{account.suspension_reason}</span>
      ) : null}
    </>
  );
}

/**
 * The panel of one account: the reason asked for and the suspension confirmed by a second click;
 * for a suspended one, its suspension (when, why) and the reinstatement, confirmed alike.
 */
export function SuspensionPanel(props: {
  token: string;
  account: Account;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { account } = props;
  const prefix = `op-suspension-${account.id}`;
  const suspended = account.suspended_at !== null;
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const action = useAction<Account>();
  const check = () => {
    if (suspended) return true;
    const ok = reason.trim() !== "";
    setMissing(!ok);
    return ok;
  };
  const path = { params: { path: { id: account.id } }, headers: adminHeaders(props.token) };
  const confirm = async () => {
    const answer = await action.run(() =>
      call(
        suspended
          ? api.DELETE("/admin/accounts/{id}/suspension", path)
          : api.POST("/admin/accounts/{id}/suspension", {
              ...path,
              body: { reason: reason.trim() },
            }),
      ),
    );
    if (!answer) return;
    props.onDone(
      answer.suspended_at === null
        ? `Pass ${answer.pass} reinstated: it is paid again and back on the leaderboards.`
        : `Pass ${answer.pass} suspended: it is refused every allocation and is on no leaderboard.`,
    );
  };
  // The page's own check first; then what the service said of the field, if anything.
  const error = missing
    ? "Give a reason."
    : action.error?.errors.find((e) => e.field === "reason")?.message;
  return (
    <Panel
      id={prefix}
      focusKey={account.id}
      title={
        <>
          {suspended ? "Reinstate" : "Suspend"} pass <code class="op-value">{account.pass}</code>
        </>
      }
    >
      {suspended ? (
        <>
          <dl class="facts">
            <dt>Suspended</dt>
            <dd>{formatDate(account.suspended_at!)}</dd>
            <dt>Reason</dt>
            <dd class="op-message">{account.suspension_reason}</dd>
          </dl>
          <p class="hint">
            Reinstated, the pass is paid again and is back on every leaderboard with all its points.
          </p>
        </>
      ) : (
        <p class="hint">
          Suspended, the pass is refused every allocation and leaves every leaderboard. Its payouts
          stay as they are: reverse them in Payouts if they should not count.
        </p>
      )}
      <form onSubmit={(event) => event.preventDefault()} aria-labelledby={`${prefix}-title`}>
        {suspended ? null : (
          <Field id={`${prefix}-reason`} label="Reason" hint={REASON_HINT} error={error}>
            <textarea
              id={`${prefix}-reason`}
              required
              maxLength={REASON_MAX}
              aria-invalid={error ? "true" : undefined}
              aria-describedby={describedBy(`${prefix}-reason`, REASON_HINT, error)}
              value={reason}
              onInput={(event) => {
                setReason((event.target as HTMLTextAreaElement).value);
                setMissing(false);
              }}
            />
          </Field>
        )}
        <PanelButtons
          label={suspended ? "Reinstate pass" : "Suspend pass"}
          confirmLabel={suspended ? "Confirm: reinstate the pass" : "Confirm: suspend the pass"}
          action={action}
          busyText={suspended ? "Reinstating…" : "Suspending…"}
          check={check}
          onConfirm={confirm}
          onClose={props.onClose}
          danger={!suspended}
        />
      </form>
    </Panel>
  );
}
