import { formatInTimeZone } from "date-fns-tz";
import { isOpenStatus, normaliseStatus, type TaskPriority } from "@contract/tasks";
import type { DateContext } from "../modules/extract/date-phrases";
import type { PlanCandidate, PlanPick } from "./provider";

/**
 * The built-in engine's daily plan: a deterministic ranking — overdue first, then due
 * today, then priority, then age — with a reason written from those facts.
 */

export const PLAN_PICKS_MAX = 5;

const PRIORITY_RANK: Record<TaskPriority, number> = { urgent: 0, high: 1, medium: 2, low: 3 };
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of the instant's calendar date in the zone. */
function localDayNumber(instant: Date, timeZone: string): number {
  const [year, month, day] = formatInTimeZone(instant, timeZone, "yyyy-MM-dd").split("-").map(Number) as [
    number,
    number,
    number,
  ];
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

type Urgency = "overdue" | "today" | "later";

interface Assessment {
  candidate: PlanCandidate;
  urgency: Urgency;
  facts: string[];
}

const URGENCY_RANK: Record<Urgency, number> = { overdue: 0, today: 1, later: 2 };

function assess(candidate: PlanCandidate, { now, timeZone }: DateContext): Assessment {
  const facts: string[] = [];
  const today = localDayNumber(now, timeZone);
  let urgency: Urgency = "later";
  const due = candidate.due_date ? new Date(candidate.due_date) : undefined;
  if (due && !Number.isNaN(due.getTime())) {
    const dueDay = localDayNumber(due, timeZone);
    if (due.getTime() < now.getTime()) {
      urgency = "overdue";
      const days = today - dueDay;
      const hours = Math.floor((now.getTime() - due.getTime()) / 3_600_000);
      facts.push(
        days >= 1 ? `overdue by ${plural(days, "day")}` : `overdue by ${plural(Math.max(hours, 1), "hour")}`,
      );
    } else if (dueDay === today) {
      urgency = "today";
      facts.push("due today");
    } else if (dueDay === today + 1) {
      facts.push("due tomorrow");
    } else if (dueDay - today < 7) {
      facts.push(`due in ${plural(dueDay - today, "day")}`);
    }
  }
  if (candidate.priority === "urgent") facts.push("urgent");
  else if (candidate.priority === "high") facts.push("high priority");
  if (candidate.status === "in_progress") facts.push("already in progress");
  const waiting = today - localDayNumber(new Date(candidate.created_at), timeZone);
  if (waiting >= 2) facts.push(`waiting for ${plural(waiting, "day")}`);
  if (facts.length === 0) facts.push(`${candidate.priority} priority`);
  return { candidate, urgency, facts };
}

function compare(a: Assessment, b: Assessment): number {
  const byUrgency = URGENCY_RANK[a.urgency] - URGENCY_RANK[b.urgency];
  if (byUrgency !== 0) return byUrgency;
  const byPriority = PRIORITY_RANK[a.candidate.priority] - PRIORITY_RANK[b.candidate.priority];
  if (byPriority !== 0) return byPriority;
  const aDue = a.candidate.due_date ?? "\uffff";
  const bDue = b.candidate.due_date ?? "\uffff";
  if (aDue !== bDue) return aDue < bDue ? -1 : 1;
  if (a.candidate.created_at !== b.candidate.created_at)
    return a.candidate.created_at < b.candidate.created_at ? -1 : 1;
  return a.candidate.id < b.candidate.id ? -1 : a.candidate.id > b.candidate.id ? 1 : 0;
}

function reasonOf(facts: string[]): string {
  const reason = facts.join(", ");
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/**
 * The open tasks (pending or in progress) worth doing first, best first, at most
 * PLAN_PICKS_MAX, each with why: "Overdue by 2 days, urgent", "Due today, high priority",
 * "High priority, waiting for 5 days".
 */
export function rankPlanCandidates(
  tasks: PlanCandidate[],
  context: DateContext,
  limit = PLAN_PICKS_MAX,
): PlanPick[] {
  return tasks
    .filter((task) => isOpenStatus(normaliseStatus(task.status)))
    .map((task) => assess(task, context))
    .sort(compare)
    .slice(0, limit)
    .map(({ candidate, facts }) => ({ task_id: candidate.id, reason: reasonOf(facts) }));
}
