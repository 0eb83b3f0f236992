import type { ComponentChildren } from "preact";

/**
 * Previous / next buttons around a line saying where the reader is; `children` (a page size, a
 * refresh note) follow. `busy` holds both buttons while a page loads. With `textWhenSingle` and
 * no page either way, only the line shows.
 */
export function Pager(props: {
  label: string;
  position: ComponentChildren;
  onPrevious?: (() => void) | undefined;
  onNext?: (() => void) | undefined;
  previousText?: string;
  nextText?: string;
  busy?: boolean;
  textWhenSingle?: boolean;
  children?: ComponentChildren;
}) {
  if (props.textWhenSingle && !props.onPrevious && !props.onNext) {
    return <p class="meta">{props.position}</p>;
  }
  return (
    <nav class="pager" aria-label={props.label}>
      <PagerButton busy={props.busy} onClick={props.onPrevious}>
        {props.previousText ?? "Previous"}
      </PagerButton>
      <span aria-live="polite">{props.position}</span>
      <PagerButton busy={props.busy} onClick={props.onNext}>
        {props.nextText ?? "Next"}
      </PagerButton>
      {props.children}
    </nav>
  );
}

/** A pager's step: held while a page loads, and where there is no page that way. */
function PagerButton(props: {
  busy: boolean | undefined;
  onClick: (() => void) | undefined;
  children: string;
}) {
  return (
    <button
      type="button"
      class="secondary"
      disabled={props.busy || !props.onClick}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}
