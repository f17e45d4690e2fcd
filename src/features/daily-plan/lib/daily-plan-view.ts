import type { DailyReport, DailyStatus } from "@contract/daily";
import { toWireStatus, type TaskStatus } from "@contract/tasks";

export const messages = {
  generate: "Generate AI Tasks",
  regenerate: "Regenerate AI Tasks",
  generating: "AI is analyzing your tasks...",
  generatingHint: "This may take 30-60 seconds.",
  loading: "Loading daily tasks...",
  notUpToDate: "Not up-to-date",
  outdatedHint: "Your daily tasks may be outdated. Regenerate to include your latest changes.",
  noTasks: "No tasks scheduled for today",
  clickToGenerate: "Click 'Generate AI Tasks' to get your daily AI-prioritized tasks",
} as const;

/** The limit message: "Usage limit reached (current/limit). Upgrade to Premium for unlimited AI tasks." */
export function limitReachedMessage(current: number, limit: number): string {
  return `Usage limit reached (${current}/${limit}). Upgrade to Premium for unlimited AI tasks.`;
}

/** The cache badge: "Cached Nh ago", N from cache_age_hours (whole hours), or "Updated just now" under an hour. */
export function cachedBadge(cacheAgeHours: number): string {
  // "Cached 0h ago" read as something broken: under an hour it is simply fresh.
  if (cacheAgeHours < 1) return "Updated just now";
  return `Cached ${Math.floor(cacheAgeHours)}h ago`;
}

/** The status with its underscore replaced by a space ("in progress"). */
export function statusText(status: TaskStatus): string {
  return toWireStatus(status).replace(/_/g, " ");
}

export type EmptyState =
  { kind: "limit"; text: string } | { kind: "no-tasks"; text: string } | { kind: "generate"; text: string };

/** Which empty state to show when there is no report (Today's AI Focus and the Daily Plan page). */
export function emptyStateOf(status: DailyStatus): EmptyState {
  const { current_usage, usage_limit } = status.llm_usage_info;
  if (usage_limit > 0 && current_usage >= usage_limit) {
    return { kind: "limit", text: limitReachedMessage(current_usage, usage_limit) };
  }
  if (!status.can_use_llm) return { kind: "no-tasks", text: messages.noTasks };
  return { kind: "generate", text: messages.clickToGenerate };
}

/** The report to show: the server's cached one (current tasks), else the last generation's. */
export function reportToShow(
  status: DailyStatus | undefined,
  generated: DailyReport | null,
): DailyReport | null {
  return status?.cached_report ?? generated;
}

export function isReportEmpty(report: DailyReport): boolean {
  return report.llm_prioritized_tasks.length === 0 && report.remaining_tasks.length === 0;
}
