import { recurrenceInWords } from "@/lib/recurrence";

/** A rule in words; loaded lazily by RepeatBadge, so ical.js comes only with a repeating task. */
export default function RecurrenceWords({ rule }: { rule: string }) {
  return <>{recurrenceInWords(rule)}</>;
}
