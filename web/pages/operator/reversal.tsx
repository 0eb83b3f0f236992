/**
 * An operator reverses a payout (`POST /admin/payouts/{payoutId}/reversal`, role `support`): its
 * amount goes back into the quest's budget, once, with a reason kept in the audit log.
 */
import { useState } from "preact/hooks";
import { REVERSAL_REASON_LENGTH_MAX as REASON_MAX } from "../../../src/domain/limits.js";
import { type Answer, adminHeaders, api, call, type Item } from "../../client.js";
import { useAction } from "../../ui/action.js";
import { describedBy, Field } from "../../ui/field.js";
import { countOf, formatDate } from "../../ui/format.js";
import { Panel, PanelButtons } from "./panel.js";

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
    <Panel
      id={prefix}
      focusKey={payout.id}
      title={
        <>
          Reverse the payout of {countOf(payout.amount, "point")} to quest {payout.quest_id}
        </>
      }
    >
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
        <PanelButtons
          label="Reverse payout"
          confirmLabel={`Confirm: reverse ${countOf(payout.amount, "point")}`}
          action={action}
          busyText="Reversing…"
          check={check}
          onConfirm={reverse}
          onClose={props.onClose}
        />
      </form>
    </Panel>
  );
}
