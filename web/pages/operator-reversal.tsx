/**
 * An operator reverses a payout (`POST /admin/payouts/{payoutId}/reversal`, role `support`): its
 * amount goes back into the quest's budget, once, with a reason kept in the audit log.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { REVERSAL_REASON_LENGTH_MAX as REASON_MAX } from "../../src/domain/limits.js";
import { type Answer, adminHeaders, api, call, type Item } from "../client.js";
import { countOf, formatDate } from "../format.js";
import { describedBy, Field } from "../ui.js";
import { ActionState, useAction } from "../use-action.js";
import { ConfirmButton } from "./operator-forms.js";

export type AdminPayout = Item<"/admin/payouts">;
type Reversed = Answer<"/admin/payouts/{payoutId}/reversal", "post">;

const REASON_HINT = `1 to ${REASON_MAX} characters, kept in the audit log. The points go back into the quest's budget and the pass loses them.`;

export function ReversePanel(props: {
  token: string;
  payout: AdminPayout;
  onClose: () => void;
  onReversed: (message: string) => void;
}) {
  const { payout } = props;
  const prefix = `op-reverse-${payout.id}`;
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const action = useAction<Reversed>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [payout.id]);
  const check = () => {
    const ok = reason.trim() !== "";
    setMissing(!ok);
    return ok;
  };
  const reverse = async () => {
    const answer = await action.run(() =>
      call(
        api.POST("/admin/payouts/{payoutId}/reversal", {
          params: { path: { payoutId: payout.id } },
          body: { reason: reason.trim() },
          headers: adminHeaders(props.token),
        }),
      ),
    );
    if (answer) {
      props.onReversed(
        `Payout ${payout.id} reversed: ${countOf(answer.reversal.amount, "point")} back in quest ${payout.quest_id}'s budget.`,
      );
    }
  };
  const error = missing ? "Give a reason." : undefined;
  return (
    <section class="card op-panel" aria-labelledby={`${prefix}-title`}>
      <h3 id={`${prefix}-title`} tabIndex={-1} ref={heading}>
        Reverse the payout of {countOf(payout.amount, "point")} to quest {payout.quest_id}
      </h3>
      <p class="hint">
        Paid {formatDate(payout.created_at)} to <code class="op-value">{payout.pass}</code>.
      </p>
      <form onSubmit={(event) => event.preventDefault()} aria-labelledby={`${prefix}-title`}>
        <Field id={`${prefix}-reason`} label="Reason" hint={REASON_HINT} error={error}>
          <textarea
            id={`${prefix}-reason`}
            required
            maxLength={REASON_MAX}
            aria-invalid={error ? "true" : undefined}
            aria-describedby={describedBy(`${prefix}-reason`, REASON_HINT, error)}
            value={reason}
            onInput={(event) => setReason((event.target as HTMLTextAreaElement).value)}
          />
        </Field>
        <div class="row">
          <ConfirmButton
            label="Reverse payout"
            confirmLabel={`Confirm: reverse ${countOf(payout.amount, "point")}`}
            disabled={action.busy}
            check={check}
            onConfirm={reverse}
          />
          <button type="button" class="secondary" onClick={props.onClose}>
            Close
          </button>
        </div>
        <ActionState action={action} busyText="Reversing…" />
      </form>
    </section>
  );
}
