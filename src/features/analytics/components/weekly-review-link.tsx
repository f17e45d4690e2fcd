import { isoWeekday } from "@contract/analytics";
import { DEFAULT_TIME_ZONE } from "@contract/common";
import { CalendarCheck } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { localDay } from "@/lib/due-dates";
import { useSessionStore } from "@/stores/session-store";

/** On Mondays (in the user's zone) the dashboard offers last week's review. */
export function WeeklyReviewLink({ now = new Date() }: { now?: Date }) {
  const timeZone = useSessionStore((state) => state.user?.timezone) ?? DEFAULT_TIME_ZONE;
  if (isoWeekday(localDay(now, timeZone)) !== 1) return null;
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 p-5">
        <p className="text-sm">It's Monday: look back on last week and plan this one.</p>
        <Button asChild size="sm">
          <Link to="/review">
            <CalendarCheck aria-hidden />
            Open the weekly review
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
