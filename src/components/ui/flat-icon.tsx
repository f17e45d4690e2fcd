import type { ReactElement } from "react";

/**
 * Lucide's icons (ISC licence) that every task card may show, each drawn as the subpaths of one
 * path: the same strokes, with circles and rectangles written as arcs and lines.
 */
const PATHS = {
  pencil:
    "M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497zM15 5l4 4",
  trash:
    "M10 11v6M14 11v6M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2",
  ellipsis:
    "M11 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0zM18 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0zM4 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0z",
  eye: "M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0M9 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0z",
  chevronDown: "m6 9 6 6 6-6",
  chevronRight: "m9 18 6-6-6-6",
  cornerDownRight: "M15 10l5 5-5 5M4 4v7a4 4 0 0 0 4 4h12",
  calendar: "M8 2v4M16 2v4M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM3 10h18",
  calendarClock:
    "M16 14v2.2l1.6 1M16 2v4M21 7.5V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h3.5M3 10h5M8 2v4M10 16a6 6 0 1 0 12 0a6 6 0 1 0-12 0z",
  hourglass:
    "M5 22h14M5 2h14M17 22v-4.172a2 2 0 0 0-.586-1.414L12 12l-4.414 4.414A2 2 0 0 0 7 17.828V22M7 2v4.172a2 2 0 0 0 .586 1.414L12 12l4.414-4.414A2 2 0 0 0 17 6.172V2",
  bellRing:
    "M10.268 21a2 2 0 0 0 3.464 0M22 8c0-2.3-.8-4.3-2-6M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326M4 2C2.8 3.7 2 5.7 2 8",
  repeat: "M17 2l4 4-4 4M3 11v-1a4 4 0 0 1 4-4h14M7 22l-4-4 4-4M21 13v1a4 4 0 0 1-4 4H3",
} as const;

export type FlatIconName = keyof typeof PATHS;

/**
 * An icon as two elements (an `<svg>` and its one `<path>`), styled by the `flat-icon` class
 * (src/index.css) rather than a dozen attributes, and made without a component: lucide's own
 * components are two components and up to seven elements an icon, and a search keystroke on the
 * Tasks screen builds every card it brings into view, each with up to six icons. Hidden from
 * assistive technology, as lucide's are: the button or badge around it says what it means.
 * Call it once, outside a render, and reuse the element.
 */
export function flatIcon(name: FlatIconName, className?: string): ReactElement {
  return (
    <svg viewBox="0 0 24 24" className={className ? `flat-icon ${className}` : "flat-icon"} aria-hidden>
      <path d={PATHS[name]} />
    </svg>
  );
}
