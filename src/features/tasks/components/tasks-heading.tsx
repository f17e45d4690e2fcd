import { Plus } from "lucide-react";
import { memo } from "react";
import { Button } from "@/components/ui/button";
import { preloadTaskFormDialog } from "./task-dialogs";

/** The screen's title and its "Create Task" button: memoised, a keystroke does not re-render it. */
export const TasksHeading = memo(function TasksHeading({ onCreate }: { onCreate(): void }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Tasks</h1>
        <p className="text-muted-foreground">Manage your tasks and stay organized</p>
      </div>
      <CreateTaskButton onCreate={onCreate} />
    </div>
  );
});

/** "Create Task"; pointing at it starts downloading the dialog. */
export function CreateTaskButton({ onCreate }: { onCreate(): void }) {
  return (
    <Button onClick={onCreate} onPointerEnter={preloadTaskFormDialog} onFocus={preloadTaskFormDialog}>
      <Plus aria-hidden />
      Create Task
    </Button>
  );
}
