/** A form's action (a request that changes something): its state, and how the form shows it. */
import { useEffect, useRef, useState } from "preact/hooks";
import type { ApiError } from "../client.js";
import { asApiError } from "./load.js";
import { ErrorBox } from "./status.js";

/** One action's state: running, failed with the problem, or done with its answer. */
export interface Action<T> {
  busy: boolean;
  error: ApiError | undefined;
  result: T | undefined;
  /**
   * Runs `work` and keeps its answer or its refusal (also given to `onError`); resolves with the
   * answer, or undefined when it failed. A run asked for while one is in flight (a double click,
   * before the button shows disabled) is ignored and resolves undefined.
   */
  run(work: () => Promise<T>, onError?: (error: ApiError) => void): Promise<T | undefined>;
  /** Whether a run is in flight (true from the call on, before `busy` is rendered). */
  running(): boolean;
  /** Forgets the last answer or refusal. */
  reset(): void;
}

export function useAction<T>(): Action<T> {
  const [state, setState] = useState<{ busy: boolean; error?: ApiError; result?: T }>({
    busy: false,
  });
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  return {
    busy: state.busy,
    error: state.error,
    result: state.result,
    running: () => inFlight.current,
    async run(work, onError) {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setState({ busy: true });
      try {
        const result = await work();
        if (mounted.current) setState({ busy: false, result });
        return result;
      } catch (caught) {
        const error = asApiError(caught);
        if (mounted.current) setState({ busy: false, error });
        onError?.(error);
        return undefined;
      } finally {
        inFlight.current = false;
      }
    },
    reset: () => setState((current) => ({ busy: current.busy })),
  };
}

/** An action's progress and failure, where its form is. */
export function ActionState(props: { action: Action<unknown>; busyText: string }) {
  return (
    <>
      {props.action.busy ? (
        <p class="loading" role="status" aria-live="polite">
          {props.busyText}
        </p>
      ) : null}
      {props.action.error ? <ErrorBox error={props.action.error} /> : null}
    </>
  );
}
