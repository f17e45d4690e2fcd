import { useCallback, useLayoutEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";

/** New values of query parameters: a list is joined with commas; "" or an empty list removes one. */
export type SearchParamChanges = Record<string, string | readonly string[]>;

/**
 * The last write of the query whose page has not been rendered yet: the query it was made on and
 * the query it asked for. Shared by every writer (the search box, the filter chips, a link to a
 * task): they all write the one URL.
 */
let unrendered: { from: string; to: string } | undefined;

/**
 * Replaces parameters of the page's query in place (no new history entry), keeping the others.
 * Each write starts from the latest one, even before its page has rendered: React Router's own
 * setter starts from the parameters of the render it came from, so of two writes made between
 * renders (a chip clicked while the search box's delayed write is still being rendered — React
 * Router renders a navigation as a transition —, or two setters called in one handler) the second
 * would undo the first.
 */
export function useReplaceSearchParams(): (changes: SearchParamChanges) => void {
  const [params, setParams] = useSearchParams();
  const rendered = params.toString();
  const latest = useRef({ rendered, setParams });
  useLayoutEffect(() => {
    latest.current = { rendered, setParams };
    // The write has been rendered, or the URL was changed some other way (back, a link): either
    // way the rendered query is the one to start from.
    if (unrendered && rendered !== unrendered.from) unrendered = undefined;
  }, [rendered, setParams]);

  return useCallback((changes: SearchParamChanges) => {
    const { rendered: from, setParams: write } = latest.current;
    const base = unrendered?.from === from ? unrendered.to : from;
    const next = new URLSearchParams(base);
    for (const [name, value] of Object.entries(changes)) {
      const text = typeof value === "string" ? value : value.join(",");
      if (text) next.set(name, text);
      else next.delete(name);
    }
    const to = next.toString();
    if (to === base) return;
    unrendered = { from, to };
    write(next, { replace: true });
  }, []);
}
