import { formatDate } from "./format.js";

/** An instant as a `<time>` element, written as `formatDate` writes it. */
export function DateTime(props: { iso: string }) {
  return <time dateTime={props.iso}>{formatDate(props.iso)}</time>;
}
