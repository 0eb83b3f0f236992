import { useEffect, useRef, useState } from "preact/hooks";

/**
 * A destructive action asks twice: the first click arms it and moves the focus to "Confirm",
 * next to a "Cancel". No `window.confirm`, so keyboards and tests drive it like any button.
 */
export function ConfirmButton(props: {
  label: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  danger?: boolean;
  /** Checked before arming: false keeps it unarmed (say why next to the field). */
  check?: () => boolean;
}) {
  const [armed, setArmed] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const wasArmed = useRef(false);
  useEffect(() => {
    if (armed) confirm.current?.focus();
    else if (wasArmed.current) start.current?.focus();
    wasArmed.current = armed;
  }, [armed]);
  if (!armed) {
    return (
      <button
        ref={start}
        type="button"
        class={props.danger === false ? "secondary" : "danger"}
        disabled={props.disabled}
        onClick={() => {
          if (!props.check || props.check()) setArmed(true);
        }}
      >
        {props.label}
      </button>
    );
  }
  return (
    <span class="op-confirm">
      <button
        ref={confirm}
        type="button"
        class="danger"
        onClick={() => {
          setArmed(false);
          props.onConfirm();
        }}
      >
        {props.confirmLabel}
      </button>
      <button type="button" class="secondary" onClick={() => setArmed(false)}>
        Cancel
      </button>
    </span>
  );
}

/**
 * Switches a thing on or off: switching off asks twice (`ConfirmButton`, "Confirm: …"), switching
 * on is one click.
 */
export function OnOffButton(props: {
  on: boolean;
  offLabel: string;
  onLabel: string;
  busy: boolean;
  onChange: (on: boolean) => void;
}) {
  if (props.on) {
    return (
      <ConfirmButton
        label={props.offLabel}
        confirmLabel={`Confirm: ${props.offLabel.charAt(0).toLowerCase()}${props.offLabel.slice(1)}`}
        disabled={props.busy}
        onConfirm={() => props.onChange(false)}
      />
    );
  }
  return (
    <button type="button" disabled={props.busy} onClick={() => props.onChange(true)}>
      {props.onLabel}
    </button>
  );
}
