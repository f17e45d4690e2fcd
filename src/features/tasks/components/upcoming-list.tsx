import { useId } from "react";
import { useReadOnlyProjectIds } from "@/api/projects/project-queries";
import { formatDate } from "@/lib/date-format";
import type { DayGroup } from "../task-view";
import { TaskCard, type TaskCardActions } from "./task-card";

interface UpcomingListProps extends TaskCardActions {
  groups: readonly DayGroup[];
  timeZone: string;
}

function DaySection({
  group,
  timeZone,
  ...actions
}: { group: DayGroup; timeZone: string } & TaskCardActions) {
  const headingId = useId();
  const readOnlyIds = useReadOnlyProjectIds();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-sm font-semibold text-muted-foreground">
        {formatDate(`${group.day}T12:00:00Z`, "UTC", "longDay")}
      </h2>
      <ul aria-labelledby={headingId} className="space-y-2">
        {group.tasks.map((task) => (
          <li key={task.id}>
            <TaskCard
              task={task}
              timeZone={timeZone}
              {...actions}
              readOnly={readOnlyIds.has(task.project_id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Upcoming": the next 7 days, one section per day that has tasks (a week is short: no virtualising). */
export function UpcomingList({ groups, ...rest }: UpcomingListProps) {
  return (
    <div className="space-y-5">
      {groups.map((group) => (
        <DaySection key={group.day} group={group} {...rest} />
      ))}
    </div>
  );
}
