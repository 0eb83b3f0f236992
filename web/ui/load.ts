/** Loading what a page shows: a request's state, the hook that runs it, a failure as a problem. */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../client.js";

/** A request's state, as every page shows it: loading, failed (with the problem), or done. */
export type Loaded<T> =
  | { state: "loading" }
  | { state: "error"; error: ApiError }
  | { state: "ok"; data: T };

/**
 * Runs `load` when `deps` change and on `reload()`; an answer that arrives after a newer request
 * started is dropped, and the previous answer is never shown under new inputs (loading instead).
 *
 * `keep: true`: while the same request runs again (`reload()` after a change), the last answer
 * stays as it is, so a table does not blink away under the user's hands; the third value says a
 * refresh is under way. `keep: "always"`: the last answer stays while new inputs load too (the
 * caller shows which inputs it answered, such as a page of a list that turns to the next). A
 * failure is shown as a failure either way.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: unknown[],
  options: { keep?: boolean | "always" } = {},
): [Loaded<T>, () => void, boolean] {
  const [generation, setGeneration] = useState(0);
  const inputs = JSON.stringify(deps);
  const key = JSON.stringify([inputs, generation]);
  const [result, setResult] = useState<{ key: string; loaded: Loaded<T> }>({
    key,
    loaded: { state: "loading" },
  });
  useEffect(() => {
    const controller = new AbortController();
    setResult({ key, loaded: { state: "loading" } });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ key, loaded: { state: "ok", data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ key, loaded: { state: "error", error: asApiError(error) } });
      },
    );
    return () => controller.abort();
  }, [key]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  const loaded: Loaded<T> = result.key === key ? result.loaded : { state: "loading" };
  const last = useRef<{ inputs: string; data: T } | null>(null);
  if (loaded.state === "ok") last.current = { inputs, data: loaded.data };
  else if (loaded.state === "error") last.current = null;
  const keep = options.keep === "always" || (options.keep && last.current?.inputs === inputs);
  if (loaded.state === "loading" && keep && last.current) {
    return [{ state: "ok", data: last.current.data }, reload, true];
  }
  return [loaded, reload, false];
}

export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ApiError(0, "CLIENT", detail, undefined);
}
