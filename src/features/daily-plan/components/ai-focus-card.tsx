import { DAILY_PRIORITISED_SHOWN, DAILY_REMAINING_SHOWN } from "@contract/daily";
import type { Task } from "@contract/tasks";
import { Brain } from "lucide-react";
import { Link } from "react-router-dom";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DailyTaskItem } from "./daily-task-item";
import { CacheBadges, OutdatedHint, PlanBody, PlanGenerateButton } from "./plan-status-line";
import { useDailyPlan } from "./use-daily-plan";

/** The dashboard's "Today's AI Focus" card: at most 3 priorities and 2 other tasks. */
export function AiFocusCard() {
  const plan = useDailyPlan();
  const { status, timeZone } = plan;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle className="flex items-center gap-2">
            <Brain className="size-5 text-primary" aria-hidden />
            Today&apos;s AI Focus
          </CardTitle>
          <CardDescription>Your tasks, prioritised by AI for today.</CardDescription>
          <CacheBadges status={status.data} />
        </div>
        <PlanGenerateButton plan={plan} />
      </CardHeader>
      <CardContent>
        <PlanBody plan={plan}>
          {(report) => (
            <div className="space-y-4">
              <OutdatedHint status={status.data} />
              <PlanSection
                title="Top priorities"
                label="AI priorities"
                tasks={report.llm_prioritized_tasks.slice(0, DAILY_PRIORITISED_SHOWN)}
                timeZone={timeZone}
              />
              <PlanSection
                title="Other tasks"
                label="Other tasks"
                tasks={report.remaining_tasks.slice(0, DAILY_REMAINING_SHOWN)}
                timeZone={timeZone}
              />
              <Link to="/daily" className="inline-block text-sm font-medium text-primary hover:underline">
                See the whole plan
              </Link>
            </div>
          )}
        </PlanBody>
      </CardContent>
    </Card>
  );
}

function PlanSection({
  title,
  label,
  tasks,
  timeZone,
}: {
  title: string;
  label: string;
  tasks: Task[];
  timeZone?: string;
}) {
  if (tasks.length === 0) return null;
  return (
    <section aria-label={label} className="space-y-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      <ul className="space-y-2">
        {tasks.map((task) => (
          <DailyTaskItem key={task.id} task={task} timeZone={timeZone} />
        ))}
      </ul>
    </section>
  );
}
