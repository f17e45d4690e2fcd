import { DayScheduleCard } from "@/features/calendar/components/day-schedule-card";
import { DailyPlanPage } from "@/features/daily-plan/components/daily-plan-page";

/** /daily: the AI's daily plan with today's schedule (proposed or accepted) from the calendar. */
export function DailyWithSchedule() {
  return <DailyPlanPage schedule={<DayScheduleCard />} />;
}
