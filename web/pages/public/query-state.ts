/** The URL query as page state: the board's and the leaderboard's filters and page live there. */
import { useCallback, useEffect, useMemo, useState } from "preact/hooks";

/**
 * The page's query string as state: `set` writes the changes into the URL (a new history entry,
 * so Back undoes a filter) and re-renders; Back and Forward re-render too.
 */
export function useQueryState(): [
  URLSearchParams,
  (changes: Record<string, string | number | null | undefined>) => void,
] {
  const [search, setSearch] = useState(location.search);
  useEffect(() => {
    const onPop = () => setSearch(location.search);
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, []);
  const set = useCallback((changes: Record<string, string | number | null | undefined>) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === "") params.delete(name);
      else params.set(name, String(value));
    }
    const text = params.toString();
    const url = `${location.pathname}${text ? `?${text}` : ""}`;
    if (url !== `${location.pathname}${location.search}`) history.pushState(null, "", url);
    setSearch(location.search);
  }, []);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return [params, set];
}

/** A positive integer id as written in a URL, or undefined. */
export function idFrom(text: string | null): number | undefined {
  if (text === null || !/^[1-9]\d{0,15}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}
