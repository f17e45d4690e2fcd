import { useEffect, useRef } from "react";

/**
 * Where the pointer is on screen (its clientY) while `active`, read when a drag ends. The drag
 * library's own delta counts the time grid's scrolling as movement, which put a drop hours below
 * where the pointer let go; the pointer's own position needs no such correction.
 */
export function usePointerY(active: boolean): { current: number | undefined } {
  const pointerY = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!active) return;
    const track = (event: PointerEvent) => {
      pointerY.current = event.clientY;
    };
    window.addEventListener("pointermove", track, { passive: true });
    return () => {
      window.removeEventListener("pointermove", track);
      pointerY.current = undefined;
    };
  }, [active]);
  return pointerY;
}
