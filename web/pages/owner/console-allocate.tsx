import { useEffect, useRef, useState } from "preact/hooks";
import { mustKeepIdempotencyKey } from "../../../src/client/allocation-retry.js";
import { api, call, ownerHeaders } from "../../client.js";
import { PASS_ADDRESS } from "../../pass-address.js";
import { useAction } from "../../ui/action.js";
import { AddressInput } from "../../ui/address-input.js";
import { describedBy, Field } from "../../ui/field.js";
import { countOf, formatDate } from "../../ui/format.js";
import { Loading } from "../../ui/status.js";
import type { OwnedQuest, Payout } from "./console-answers.js";

/**
 * The owner console's allocation form (`POST /quests/{id}`): one payout from the quest's budget,
 * sent with an idempotency key so that a double click or a retry after an error pays once.
 */

const ADDRESS_HINT = "The registered pass to pay: 0x and 40 hex digits.";

/** An idempotency key made by the page: a retry or a double click sends the same one. */
function newIdempotencyKey(): string {
  // randomUUID needs a secure context; getRandomValues does not (a plain-HTTP deployment).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function AllocateForm(props: { quest: OwnedQuest; apiKey: string; onPaid: () => void }) {
  const { quest } = props;
  const [address, setAddress] = useState("");
  const [points, setPoints] = useState("");
  const [errors, setErrors] = useState<{ address?: string; points?: string }>({});
  const action = useAction<Payout>();
  const sending = action.busy;
  /** The request's idempotency key and the inputs it was made for. */
  const idempotency = useRef<{ key: string; inputs: string } | null>(null);
  const result = useRef<HTMLDivElement>(null);
  const ids = {
    address: `quest-${quest.id}-address`,
    points: `quest-${quest.id}-points`,
  };

  useEffect(() => {
    if (action.result || action.error) result.current?.focus();
  }, [action.result, action.error]);

  const submit = async (event: Event) => {
    event.preventDefault();
    // A second click before the first answer (even before the button shows disabled) is ignored.
    if (action.running()) return;
    // A new attempt: the last one's answer (a refusal above all) no longer describes the form.
    action.reset();
    const pass = address.trim();
    const amount = points.trim();
    const found: { address?: string; points?: string } = {};
    if (!PASS_ADDRESS.test(pass)) found.address = "Enter a pass address: 0x and 40 hex digits.";
    if (!/^\d+$/.test(amount) || Number(amount) < 1 || !Number.isSafeInteger(Number(amount))) {
      found.points = "Enter a whole number of points, 1 or more.";
    }
    setErrors(found);
    if (found.address || found.points) {
      document.getElementById(found.address ? ids.address : ids.points)?.focus();
      return;
    }
    // The same payout however it is typed (address case, leading zeros): a retry after
    // retyping keeps the key, so it still pays once.
    const inputs = `${pass.toLowerCase()}\n${Number(amount)}`;
    // Made when the form is first sent with these inputs; kept for a retry of the same inputs.
    if (idempotency.current?.inputs !== inputs) {
      idempotency.current = { key: newIdempotencyKey(), inputs };
    }
    const { key } = idempotency.current;
    const payout = await action.run(
      async () => {
        const answer = await call(
          api.POST("/quests/{questId}", {
            params: { path: { questId: quest.id } },
            body: { points: Number(amount), address: pass },
            headers: { ...ownerHeaders(props.apiKey), "idempotency-key": key },
          }),
        );
        return answer.payout;
      },
      (error) => {
        // Kept only while the payout may have been made (or may still be): see the retry rule.
        if (!mustKeepIdempotencyKey({ status: error.status || undefined, code: error.code })) {
          idempotency.current = null;
        }
        const fieldErrors: { address?: string; points?: string } = {};
        for (const e of error.errors) {
          const field = e.field.replace(/^\//, "");
          if (field === "address" || field === "points") fieldErrors[field] = e.message;
        }
        setErrors(fieldErrors);
      },
    );
    if (payout) {
      idempotency.current = null;
      // Emptied: a click after the answer asks for points again instead of paying twice.
      setPoints("");
      setErrors({});
      props.onPaid();
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-describedby={`quest-${quest.id}-allocate-hint`}>
      <p class="hint" id={`quest-${quest.id}-allocate-hint`}>
        Pays from this quest's budget. A double click or a retry after an error pays once.
      </p>
      <Field id={ids.address} label="Pass address" error={errors.address} hint={ADDRESS_HINT}>
        <AddressInput
          id={ids.address}
          value={address}
          error={errors.address}
          hint={ADDRESS_HINT}
          onInput={(value) => {
            setAddress(value);
            setErrors((e) => ({ ...e, address: undefined }));
          }}
        />
      </Field>
      <Field id={ids.points} label="Points" error={errors.points}>
        <input
          id={ids.points}
          name="points"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={points}
          aria-invalid={errors.points ? "true" : undefined}
          aria-describedby={describedBy(ids.points, undefined, errors.points)}
          onInput={(event) => {
            setPoints(event.currentTarget.value);
            setErrors((e) => ({ ...e, points: undefined }));
          }}
        />
      </Field>
      <div>
        <button type="submit" disabled={sending}>
          {sending ? "Allocating…" : "Allocate"}
        </button>
      </div>
      {sending ? <Loading what="the allocation's answer" /> : null}
      <div ref={result} tabIndex={-1} class="console-result">
        {action.result ? (
          <p class="notice" role="status">
            Paid {countOf(action.result.amount, "point")} to{" "}
            <code>{action.result.account.pass}</code> at {formatDate(action.result.created_at)}{" "}
            (payout <code>{action.result.id}</code>).
          </p>
        ) : null}
        {action.error ? (
          <div class="error" role="alert">
            <p>
              <strong>Not paid. </strong>
              {action.error.detail}
            </p>
          </div>
        ) : null}
      </div>
    </form>
  );
}
