/** A secret (a key, a token, a signing secret) shown to be copied: the value, and its notice. */
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { CopyButton } from "./copy-button.js";

/** A secret shown once, in a `.secret` box with its Copy button; `children` add buttons. */
export function SecretValue(props: {
  id?: string;
  value: string;
  what: string;
  children?: ComponentChildren;
}) {
  const code = useRef<HTMLElement>(null);
  return (
    <div class="secret">
      <code id={props.id} class="secret-value" ref={code}>
        {props.value}
      </code>
      <CopyButton text={props.value} what={props.what} select={code} />
      {props.children}
    </div>
  );
}

/**
 * A secret shown once, under its own heading (`${id}-title`, focused and so read out whenever a
 * new value comes, for it must be copied now): the warning, the value (`${id}-value`) with Copy
 * and "hide", then what `children` say about it.
 */
export function SecretNotice(props: {
  id: string;
  class: string;
  title: ComponentChildren;
  warning: ComponentChildren;
  value: string;
  what: string;
  onHide: () => void;
  children?: ComponentChildren;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [props.value]);
  return (
    <section class={props.class} aria-labelledby={`${props.id}-title`}>
      <h3 id={`${props.id}-title`} tabIndex={-1} ref={heading}>
        {props.title}
      </h3>
      <p class="warning">{props.warning}</p>
      <SecretValue id={`${props.id}-value`} value={props.value} what={props.what}>
        <button type="button" class="secondary" onClick={props.onHide}>
          I have copied it: hide it
        </button>
      </SecretValue>
      {props.children}
    </section>
  );
}
