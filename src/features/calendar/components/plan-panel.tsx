import type { Task } from "@contract/tasks";
import { AlertTriangle, CalendarCheck, Wand2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toaster";
import { formatDate } from "@/lib/date-format";
import { useDayPlanStore } from "@/stores/day-plan-store";
import { useAcceptPlan, useProposePlan, useUndoPlan } from "@/api/plan/plan-mutations";
import { formatHoursMinutes } from "../lib/calendar-grid";

export const planMessages = {
  planMyDay: "Plan my day",
  planning: "Planning...",
  accept: "Accept",
  discard: "Discard",
  undo: "Undo",
  applied: "Plan applied",
  undone: "Plan undone",
  moveToTomorrow: "Move the lowest to tomorrow",
  keepUnscheduled: "Keep them unscheduled",
} as const;

/** "Overcommitted by 2 h 30". */
export function overcommittedText(minutes: number): string {
  return `Overcommitted by ${formatHoursMinutes(minutes)}`;
}

/** "Plan my day": asks the planner for a proposal of `date`; nothing changes until it is accepted. */
export function PlanMyDayButton({ date }: { date: string }) {
  const propose = useProposePlan();
  return (
    <Button onClick={() => propose.mutate(date)} disabled={propose.isPending}>
      <Wand2 aria-hidden />
      {propose.isPending ? planMessages.planning : planMessages.planMyDay}
    </Button>
  );
}

function timeRange(start: string, end: string, timeZone: string): string {
  return `${formatDate(start, timeZone, "time")}–${formatDate(end, timeZone, "time")}`;
}

type Overflow = "tomorrow" | "unscheduled";

/** How much the day holds over what fits and, when tasks did not fit, what to do with them. */
function OvercommittedAlert({
  minutes,
  offerChoice,
  overflow,
  onOverflowChange,
}: {
  minutes: number;
  offerChoice: boolean;
  overflow: Overflow;
  onOverflowChange(overflow: Overflow): void;
}) {
  const choiceName = useId();
  return (
    <Alert variant="destructive">
      <AlertTriangle aria-hidden />
      <AlertTitle>{overcommittedText(minutes)}</AlertTitle>
      <AlertDescription>
        <p>The tasks wanted today need more than your capacity or your free time.</p>
        {offerChoice && (
          <fieldset className="mt-2 space-y-1">
            <legend className="sr-only">What to do with the tasks that do not fit</legend>
            {(
              [
                ["tomorrow", planMessages.moveToTomorrow],
                ["unscheduled", planMessages.keepUnscheduled],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-foreground">
                <input
                  type="radio"
                  name={choiceName}
                  value={value}
                  checked={overflow === value}
                  onChange={() => onOverflowChange(value)}
                />
                {label}
              </label>
            ))}
          </fieldset>
        )}
      </AlertDescription>
    </Alert>
  );
}

interface PlanPanelProps {
  timeZone: string;
  tasks: readonly Task[];
  /** Only the proposal of this day (the Daily Plan page shows today's); any day by default. */
  onlyDate?: string;
}

/**
 * The proposal under review: each block with its reason, the tasks that did not fit, and, when
 * the day holds more than its capacity or free time, how much more and what to do with the rest.
 * Accept applies it; Undo (here and in the toast) puts every task back.
 */
export function PlanPanel({ timeZone, tasks, onlyDate }: PlanPanelProps) {
  const proposal = useDayPlanStore((state) => state.proposal);
  const accepted = useDayPlanStore((state) => state.accepted);
  const dismiss = useDayPlanStore((state) => state.dismiss);
  const acceptPlan = useAcceptPlan();
  const undoPlan = useUndoPlan();
  const [overflow, setOverflow] = useState<Overflow>("unscheduled");
  const titleId = useId();
  const titles = useMemo(() => new Map(tasks.map((task) => [task.id, task.title])), [tasks]);
  const titleOf = (id: string) => titles.get(id) ?? "A task";

  const undo = (tokens: string[]) =>
    undoPlan.mutate(tokens, { onSuccess: () => toast.success(planMessages.undone) });

  if (proposal && (!onlyDate || proposal.date === onlyDate)) {
    const { plan, date } = proposal;
    const day = formatDate(`${date}T12:00:00Z`, "UTC", "longDay");
    const onAccept = () =>
      acceptPlan.mutate(
        { date, plan, overflow },
        {
          onSuccess: (tokens) =>
            toast.success(planMessages.applied, {
              description: `${plan.blocks.length} ${plan.blocks.length === 1 ? "task" : "tasks"} scheduled`,
              action: { label: planMessages.undo, onClick: () => undo(tokens) },
            }),
        },
      );
    return (
      <Card aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId} className="flex items-center gap-2 text-lg">
            <CalendarCheck aria-hidden className="size-5 text-primary" />
            Proposed plan for {day}
          </CardTitle>
          <CardDescription>Nothing changes until you accept.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {plan.overcommitted_minutes > 0 && (
            <OvercommittedAlert
              minutes={plan.overcommitted_minutes}
              offerChoice={plan.unscheduled.length > 0}
              overflow={overflow}
              onOverflowChange={setOverflow}
            />
          )}
          {plan.blocks.length === 0 ? (
            <p className="text-sm text-muted-foreground">No free time left for tasks on this day.</p>
          ) : (
            <ol className="space-y-2" aria-label="Proposed blocks">
              {plan.blocks.map((block) => (
                <li key={block.task_id} className="rounded-md border p-2 text-sm">
                  <p className="font-medium">
                    <span className="tabular-nums text-muted-foreground">
                      {timeRange(block.start, block.end, timeZone)}
                    </span>{" "}
                    {titleOf(block.task_id)}
                  </p>
                  <p className="text-muted-foreground">{block.reason}</p>
                </li>
              ))}
            </ol>
          )}
          {plan.unscheduled.length > 0 && (
            <section aria-label="Did not fit" className="space-y-1">
              <h3 className="text-sm font-semibold">Did not fit</h3>
              <ul className="space-y-1 text-sm">
                {plan.unscheduled.map((item) => (
                  <li key={item.task_id}>
                    <span className="font-medium">{titleOf(item.task_id)}</span>
                    <span className="text-muted-foreground"> — {item.reason}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          <Button onClick={onAccept} disabled={acceptPlan.isPending || plan.blocks.length === 0}>
            {acceptPlan.isPending ? "Applying..." : planMessages.accept}
          </Button>
          <Button variant="outline" onClick={dismiss} disabled={acceptPlan.isPending}>
            {planMessages.discard}
          </Button>
        </CardFooter>
      </Card>
    );
  }

  if (accepted && (!onlyDate || accepted.date === onlyDate)) {
    return (
      <div
        role="status"
        className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm"
      >
        <span>{planMessages.applied}.</span>
        <Button
          variant="outline"
          size="sm"
          onClick={() => undo(accepted.undoTokens)}
          disabled={undoPlan.isPending}
        >
          {undoPlan.isPending ? "Undoing..." : planMessages.undo}
        </Button>
      </div>
    );
  }
  return null;
}
