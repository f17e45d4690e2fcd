import {
  BellRing,
  Calendar,
  CalendarClock,
  ChevronDown,
  ChevronRight,
  CornerDownRight,
  Eye,
  Hourglass,
  MoreHorizontal,
  Pencil,
  Trash2,
  X,
  type LucideIcon,
} from "lucide-react";
import type { SVGProps } from "react";

/**
 * The task cards' icons, drawn once per page as symbols and shown on each card by reference: a
 * card built on a search keystroke then makes one `<svg><use></svg>` per icon instead of the
 * icon's whole drawing (up to 18 elements a card) and two components.
 */
const DRAWINGS = {
  "bell-ring": BellRing,
  calendar: Calendar,
  "calendar-clock": CalendarClock,
  "chevron-down": ChevronDown,
  "chevron-right": ChevronRight,
  "corner-down-right": CornerDownRight,
  eye: Eye,
  hourglass: Hourglass,
  more: MoreHorizontal,
  pencil: Pencil,
  trash: Trash2,
  x: X,
} satisfies Record<string, LucideIcon>;

type IconName = keyof typeof DRAWINGS;

const symbolId = (name: IconName) => `task-card-icon-${name}`;

/** The drawings the cards' icons refer to; rendered once wherever task cards are shown. */
export function CardIconSymbols() {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      {Object.entries(DRAWINGS).map(([name, Drawing]) => (
        <symbol key={name} id={symbolId(name as IconName)} viewBox="0 0 24 24">
          <Drawing />
        </symbol>
      ))}
    </svg>
  );
}

type CardIcon = (props: SVGProps<SVGSVGElement>) => React.JSX.Element;

function cardIcon(name: IconName): CardIcon {
  const href = `#${symbolId(name)}`;
  return function Icon(props) {
    return (
      <svg width="24" height="24" aria-hidden {...props}>
        <use href={href} />
      </svg>
    );
  };
}

export const BellRingIcon = cardIcon("bell-ring");
export const CalendarIcon = cardIcon("calendar");
export const CalendarClockIcon = cardIcon("calendar-clock");
export const ChevronDownIcon = cardIcon("chevron-down");
export const ChevronRightIcon = cardIcon("chevron-right");
export const CornerDownRightIcon = cardIcon("corner-down-right");
export const EyeIcon = cardIcon("eye");
export const HourglassIcon = cardIcon("hourglass");
export const MoreIcon = cardIcon("more");
export const PencilIcon = cardIcon("pencil");
export const TrashIcon = cardIcon("trash");
export const XIcon = cardIcon("x");
