import { lazy, Suspense } from "react";
import { DailyPlanPage } from "@/features/daily-plan/components/daily-plan-page";

/**
 * Today's schedule downloads beside the page rather than with it: what it shares with the calendar
 * (the plan's review, the day-plan calls) would otherwise join the shell's chunk, which every
 * signed-in screen loads.
 */
const DayScheduleCard = lazy(() =>
  import("@/features/calendar/components/day-schedule-card").then((module) => ({
    default: module.DayScheduleCard,
  })),
);

/** /daily: the AI's daily plan with today's schedule (proposed or accepted) from the calendar. */
export function DailyWithSchedule() {
  return (
    <DailyPlanPage
      schedule={
        <Suspense fallback={null}>
          <DayScheduleCard />
        </Suspense>
      }
    />
  );
}
