/** The icons every task card may show: lucide's (ISC licence), drawn by src/index.css. */
const NAMES = {
  pencil: "flat-icon-pencil",
  trash: "flat-icon-trash",
  ellipsis: "flat-icon-ellipsis",
  eye: "flat-icon-eye",
  chevronDown: "flat-icon-chevron-down",
  chevronRight: "flat-icon-chevron-right",
  cornerDownRight: "flat-icon-corner-down-right",
  calendar: "flat-icon-calendar",
  calendarClock: "flat-icon-calendar-clock",
  hourglass: "flat-icon-hourglass",
  bellRing: "flat-icon-bell-ring",
  repeat: "flat-icon-repeat",
} as const;

export type FlatIconName = keyof typeof NAMES;

/** The classes that draw an icon (see flatIcon); only flatIcon makes them. */
export type FlatIcon = string & { readonly flatIcon: true };

/**
 * An icon as classes to put on the element it goes first in (a button, a badge, a line of text):
 * the element's `::before` draws it (src/index.css), so the icon is no element of its own.
 * lucide's components are two components and up to seven elements an icon, and a search
 * keystroke on the Tasks screen builds every card it brings into view, each with up to six icons:
 * each element built costs the keystroke time (docs/performance.md). Nothing for assistive
 * technology, as lucide's are hidden from it: the button or badge says what it means. 16 px, or
 * 12 px with `size` "sm".
 */
export function flatIcon(name: FlatIconName, size: "md" | "sm" = "md"): FlatIcon {
  return `flat-icon ${NAMES[name]}${size === "sm" ? " flat-icon-sm" : ""}` as FlatIcon;
}
