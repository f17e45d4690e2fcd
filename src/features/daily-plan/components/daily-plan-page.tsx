import type { Task } from "@contract/tasks";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toggledStatus, useChangeTaskStatus } from "@/api/tasks/task-mutations";
import { DailyTaskItem } from "./daily-task-item";
import { CacheBadges, OutdatedHint, PlanBody, PlanGenerateButton } from "./plan-status-line";
import { useDailyPlan } from "./use-daily-plan";

/**
 * /daily: the whole report (every priority with its reason, every other open task), the
 * generate controls, and tasks that can be ticked off here; `schedule`, the day in time (the
 * calendar's proposed or accepted plan), above the report.
 */
export function DailyPlanPage({ schedule }: { schedule?: ReactNode } = {}) {
  const plan = useDailyPlan();
  const { status, timeZone } = plan;
  // The same change as the Tasks screen's toggle: the plan ticks at once and unticks if refused.
  const changeStatus = useChangeTaskStatus();
  const toggle = (task: Task) => changeStatus.mutate({ task, status: toggledStatus(task) });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight">Daily Plan</h1>
          <p className="text-muted-foreground">Your open tasks, prioritised by AI for today.</p>
          <CacheBadges status={status.data} />
        </div>
        <PlanGenerateButton plan={plan} />
      </div>
      {schedule}
      <OutdatedHint status={status.data} />
      <PlanBody plan={plan}>
        {(report) => (
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>AI priorities</CardTitle>
                <CardDescription>What matters most today, and why.</CardDescription>
              </CardHeader>
              <CardContent>
                {report.llm_prioritized_tasks.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No priorities picked.</p>
                ) : (
                  <ol className="space-y-2">
                    {report.llm_prioritized_tasks.map((task) => (
                      <DailyTaskItem
                        key={task.id}
                        task={task}
                        timeZone={timeZone}
                        showReason
                        onToggle={toggle}
                        toggling={changeStatus.isPending}
                      />
                    ))}
                  </ol>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Other tasks</CardTitle>
                <CardDescription>Everything else still open.</CardDescription>
              </CardHeader>
              <CardContent>
                {report.remaining_tasks.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Nothing else is open.</p>
                ) : (
                  <ul className="space-y-2">
                    {report.remaining_tasks.map((task) => (
                      <DailyTaskItem
                        key={task.id}
                        task={task}
                        timeZone={timeZone}
                        onToggle={toggle}
                        toggling={changeStatus.isPending}
                      />
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </div>
        )}
      </PlanBody>
    </div>
  );
}
