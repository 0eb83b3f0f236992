/**
 * A panel the operator opens from a row of a table (edit a quest, reverse a payout, rotate a
 * key…): a card under the table whose heading takes the focus when it opens, the row's button
 * that opens and closes it, and the panel's confirm-and-close buttons.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { type Action, ActionState } from "../../ui/action.js";
import { ConfirmButton } from "../../ui/confirm-button.js";

/**
 * The panel: `${id}-title` names it. Its heading is focused when it opens and again when
 * `focusKey` changes (another row's panel in its place); `focus: false` leaves the focus alone.
 */
export function Panel(props: {
  id: string;
  title: ComponentChildren;
  focusKey?: unknown;
  focus?: boolean;
  /** The section's class; a card (`card op-panel`) unless said otherwise. */
  class?: string | undefined;
  children: ComponentChildren;
}) {
  const focus = props.focus ?? true;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus, props.focusKey]);
  const titleId = `${props.id}-title`;
  return (
    <section class={"class" in props ? props.class : "card op-panel"} aria-labelledby={titleId}>
      <h3 id={titleId} tabIndex={-1} ref={heading}>
        {props.title}
      </h3>
      {props.children}
    </section>
  );
}

/** A row's button that opens its panel, or closes it when it is the one open. */
export function PanelToggle(props: {
  label: string;
  open: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      class="secondary"
      aria-label={props.label}
      aria-expanded={props.open ? "true" : "false"}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}

/**
 * A panel's buttons: the action, confirmed by a second click once `check` passes, and Close;
 * then the action's progress and failure.
 */
export function PanelButtons(props: {
  label: string;
  confirmLabel: string;
  action: Action<unknown>;
  busyText: string;
  check: () => boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** false: an action that undoes no work (a reinstatement) starts as a plain button. */
  danger?: boolean;
}) {
  return (
    <>
      <div class="row">
        <ConfirmButton
          label={props.label}
          confirmLabel={props.confirmLabel}
          danger={props.danger}
          disabled={props.action.busy}
          check={props.check}
          onConfirm={props.onConfirm}
        />
        <button type="button" class="secondary" onClick={props.onClose}>
          Close
        </button>
      </div>
      <ActionState action={props.action} busyText={props.busyText} />
    </>
  );
}
