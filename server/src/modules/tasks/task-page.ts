import type { TaskFiltersQuery } from "@contract/tasks";
import { Validation } from "../../lib/domain-errors";
import type { TaskPage } from "./page-repository";

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** `after` read back into the task it names: "<completed_at>,<id>" (completed_at may be empty). */
function parseAfter(raw: string): NonNullable<TaskPage["after"]> {
  const comma = raw.lastIndexOf(",");
  const completedAt = raw.slice(0, Math.max(comma, 0));
  const id = raw.slice(comma + 1);
  if (comma === -1 || id === "" || (completedAt !== "" && !ISO_INSTANT.test(completedAt))) {
    throw new Validation(
      "after: give the completed_at and id of the last task received, joined by a comma",
      "invalid_filter",
    );
  }
  return { completedAt: completedAt === "" ? null : completedAt, id };
}

/** The part of the list a query asks for; `after` belongs to order=completed_at only. */
export function parseTaskPage(query: TaskFiltersQuery): TaskPage {
  const order = query.order ?? "due";
  if (query.after !== undefined && order !== "completed_at") {
    throw new Validation("after: pages follow one another in order=completed_at only", "invalid_filter");
  }
  return {
    order,
    ...(query.limit === undefined ? {} : { limit: query.limit }),
    ...(query.after === undefined ? {} : { after: parseAfter(query.after) }),
    ...(query.with_subtasks === "true" ? { withSubtasks: true } : {}),
  };
}
