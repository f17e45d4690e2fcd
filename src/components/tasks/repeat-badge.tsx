import { lazy, Suspense } from "react";
import { Badge } from "@/components/ui/badge";
import { flatIcon } from "@/components/ui/flat-icon";

const REPEAT_ICON = flatIcon("repeat", "sm");
const RecurrenceWords = lazy(() => import("./recurrence-words"));

/** A repeating task's mark: the repeat icon and its rule in words ("every 2 weeks on Monday"). */
export function RepeatBadge({ rule }: { rule: string }) {
  return (
    <Badge variant="outline" className={`font-normal ${REPEAT_ICON}`} title={`Repeats: ${rule}`}>
      <span className="sr-only">Repeats </span>
      <Suspense fallback="repeats">
        <RecurrenceWords rule={rule} />
      </Suspense>
    </Badge>
  );
}
