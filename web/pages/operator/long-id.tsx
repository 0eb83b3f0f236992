/** A long id in a table cell: cut short with an ellipsis, whole on hover, copied by a button. */
import { CopyButton } from "../../ui/copy-button.js";

/** Ids this long or shorter (a quest's number, a key prefix) are shown whole, with no button. */
const SHORT_ID_LENGTH_MAX = 12;

/**
 * The id on one line, cut short to the cell with an ellipsis (the whole id stays in the page, for
 * screen readers and search, and in its `title`, on hover), and a button that copies it whole.
 */
export function LongId(props: { id: string; what: string; class?: string }) {
  const extra = props.class ? ` ${props.class}` : "";
  if (props.id.length <= SHORT_ID_LENGTH_MAX) return <code class={props.class}>{props.id}</code>;
  return (
    <span class="op-long-id">
      <code class={`op-id-cut${extra}`} title={props.id}>
        {props.id}
      </code>
      <CopyButton text={props.id} what={props.what} />
    </span>
  );
}
