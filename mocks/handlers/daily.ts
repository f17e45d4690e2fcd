import type { DailyReportJson, DailyStatusJson, GenerationStatusJson } from "@contract/daily";
import { usagePercentage } from "@contract/premium";
import { apiRoutes } from "@contract/routes";
import { http, HttpResponse } from "msw";
import { buildTask, buildUser } from "../fixtures";

const defaultUser = buildUser();

/** A daily status as our server sends it; override what the test is about. */
export function buildDailyStatus(overrides: Partial<DailyStatusJson> = {}): DailyStatusJson {
  const current = defaultUser.llm_usage_count;
  const limit = defaultUser.llm_usage_limit;
  return {
    can_use_llm: current < limit,
    cached_report: null,
    cache_age_hours: null,
    cache_is_valid: false,
    llm_usage_info: {
      current_usage: current,
      usage_limit: limit,
      usage_percentage: usagePercentage(current, limit),
    },
    ...overrides,
  };
}

/** A report with `prioritised` picks (each with a reason) and `remaining` other tasks. */
export function buildDailyReport(prioritised: number, remaining: number): DailyReportJson {
  return {
    llm_prioritized_tasks: Array.from({ length: prioritised }, (_, index) => ({
      ...buildTask({ title: `Priority ${index + 1}`, description: `Why ${index + 1}`, priority: "high" }),
      reason: `Reason ${index + 1}`,
    })),
    remaining_tasks: Array.from({ length: remaining }, (_, index) =>
      buildTask({ title: `Other ${index + 1}` }),
    ),
    generated_at: "2026-11-21T08:00:00.000Z",
    local_date: "2026-11-21",
  };
}

export function dailyStatusHandler(status: DailyStatusJson | (() => DailyStatusJson)) {
  return http.get(apiRoutes.dailyStatus.path, () =>
    HttpResponse.json(typeof status === "function" ? status() : status),
  );
}

/** POST generate answering `requestId`; status polls answer `progress()` each time. */
export function generationHandlers(requestId: string, progress: () => GenerationStatusJson) {
  return [
    http.post(apiRoutes.generateDaily.path, () =>
      HttpResponse.json({ request_id: requestId }, { status: 202 }),
    ),
    http.get(apiRoutes.generationStatus.path, ({ params }) =>
      params.id === requestId
        ? HttpResponse.json(progress())
        : HttpResponse.json({ message: "Generation request not found" }, { status: 404 }),
    ),
  ];
}

export const dailyHandlers = [
  dailyStatusHandler(buildDailyStatus()),
  ...generationHandlers("request-1", () => ({ status: "queued", result: null, error: null })),
];
