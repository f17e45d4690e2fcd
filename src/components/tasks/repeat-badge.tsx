import { Repeat } from "lucide-react";
import { lazy, Suspense } from "react";
import { Badge } from "@/components/ui/badge";

const RecurrenceWords = lazy(() => import("./recurrence-words"));

/** A repeating task's mark: the repeat icon and its rule in words ("every 2 weeks on Monday"). */
export function RepeatBadge({ rule }: { rule: string }) {
  return (
    <Badge variant="outline" className="font-normal" title={`Repeats: ${rule}`}>
      <Repeat className="size-3" aria-hidden />
      <span className="sr-only">Repeats </span>
      <Suspense fallback="repeats">
        <RecurrenceWords rule={rule} />
      </Suspense>
    </Badge>
  );
}
