import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

/** How long a restored position is held while the page settles (data loading, rows measured). */
const RESTORE_TIMEOUT_MS = 1500;

/**
 * Scroll positions for a declarative router, which cannot use React Router's own
 * `<ScrollRestoration>` (that needs the data router): a new page starts at the top, while back
 * and forward return to where the reader was. Changing only the query of the same page (a search
 * kept in the URL) leaves the scroll where it is.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const previous = useRef<{ key: string; pathname: string } | null>(null);
  // The reader's last scroll position. Scroll events arrive a frame late, so when the next page
  // renders this still holds where the reader was, not where a shorter new page clamped it.
  const lastScrollY = useRef(0);

  useEffect(() => {
    const { history } = window;
    const before = history.scrollRestoration;
    history.scrollRestoration = "manual";
    const record = () => {
      lastScrollY.current = window.scrollY;
    };
    window.addEventListener("scroll", record, { passive: true });
    return () => {
      history.scrollRestoration = before;
      window.removeEventListener("scroll", record);
    };
  }, []);

  useLayoutEffect(() => {
    const left = previous.current;
    if (left?.key === location.key) return;
    if (left) positions.current.set(left.key, lastScrollY.current);
    previous.current = { key: location.key, pathname: location.pathname };
    if (navigationType !== "POP") {
      if (left?.pathname !== location.pathname && !location.hash) {
        window.scrollTo(0, 0);
        lastScrollY.current = 0;
      }
      return;
    }
    // The first page of a visit (also a POP) has nothing to return to.
    const target = positions.current.get(location.key);
    if (target === undefined) return;
    lastScrollY.current = target;
    return restoreWhenTallEnough(target);
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}

/**
 * Scrolls to `top` and keeps it there while the page settles (data arriving, a list measuring
 * its rows may move it), until the reader scrolls or the time is up.
 */
function restoreWhenTallEnough(top: number): () => void {
  const deadline = performance.now() + RESTORE_TIMEOUT_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ["wheel", "touchstart", "keydown"] as const) window.removeEventListener(type, stop);
  };
  for (const type of ["wheel", "touchstart", "keydown"] as const)
    window.addEventListener(type, stop, { passive: true });
  const attempt = () => {
    if (Math.abs(window.scrollY - top) > 1) window.scrollTo(0, top);
    if (performance.now() > deadline) stop();
    else frame = requestAnimationFrame(attempt);
  };
  attempt();
  return stop;
}
