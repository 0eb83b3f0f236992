import { useState } from "preact/hooks";

/**
 * Copies `text` with the Clipboard API; where that is missing or refused, selects the text (when
 * it is on screen) and says how to copy it by hand.
 */
export function CopyButton(props: {
  text: string;
  what: string;
  /** The visible label; "Copy" (named "Copy <what>" for screen readers) by default. */
  label?: string;
  select?: { current: HTMLElement | null };
}) {
  const [status, setStatus] = useState("");
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(props.text);
      setStatus(`Copied ${props.what}.`);
    } catch {
      const element = props.select?.current;
      if (element) {
        getSelection()?.selectAllChildren(element);
        setStatus(
          "Copying is not available here: the text is selected, press Ctrl+C (⌘C on a Mac) to copy it.",
        );
      } else {
        setStatus("Copying is not available here: select the text and copy it by hand.");
      }
    }
  };
  return (
    <span class="copy">
      <button
        type="button"
        class="secondary"
        onClick={copy}
        aria-label={props.label ? undefined : `Copy ${props.what}`}
      >
        {props.label ?? "Copy"}
      </button>
      <span role="status" class="copy-status">
        {status}
      </span>
    </span>
  );
}
