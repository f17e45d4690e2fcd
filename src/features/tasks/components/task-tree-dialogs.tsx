import type { Task } from "@contract/tasks";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { activeProjects, projectQueries } from "@/api/projects/project-queries";
import { useMoveTask } from "@/api/tasks/task-mutations";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import type { CompleteQuestion } from "../use-task-card-actions";

/** "Complete its 3 open subtasks too?": asked before a parent with open subtasks is completed. */
export function CompleteSubtasksDialog({
  question,
  onAnswer,
}: {
  question: CompleteQuestion | null;
  /** true: with its subtasks, false: only the task, null: not at all. */
  onAnswer(withSubtasks: boolean | null): void;
}) {
  const count = question?.openSubtasks.length ?? 0;
  return (
    <Dialog open={question !== null} onOpenChange={(open) => (open ? undefined : onAnswer(null))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{`Complete its ${count} open ${count === 1 ? "subtask" : "subtasks"} too?`}</DialogTitle>
          <DialogDescription>
            {question ? `"${question.task.title}" has subtasks that are not done yet.` : ""}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onAnswer(false)}>
            Only this task
          </Button>
          <Button onClick={() => onAnswer(true)}>Complete all</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** "Move to project…": the task and its subtasks go to the chosen project. */
export function MoveToProjectDialog({ task, onClose }: { task: Task | null; onClose(): void }) {
  const id = useId();
  const projects = useQuery({ ...projectQueries.list(), select: activeProjects });
  const [chosen, setChosen] = useState<string>();
  const move = useMoveTask();
  const target = chosen ?? task?.project_id ?? "";
  return (
    <Dialog
      open={task !== null}
      onOpenChange={(open) => {
        if (!open) {
          setChosen(undefined);
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Move to project</DialogTitle>
          <DialogDescription>
            {task
              ? `"${task.title}" moves with its subtasks; a subtask moved alone becomes a top-level task.`
              : ""}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!task || !target) return;
            if (target !== task.project_id) move.mutate({ task, projectId: target });
            setChosen(undefined);
            onClose();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={id}>Project</Label>
            <NativeSelect
              id={id}
              value={target}
              disabled={!projects.data}
              onChange={(event) => setChosen(event.target.value)}
            >
              {(projects.data ?? []).map((project) => (
                <option key={project.id} value={project.id}>
                  {project.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!projects.data}>
              Move
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
