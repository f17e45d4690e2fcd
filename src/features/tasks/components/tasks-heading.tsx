import { Plus, Trash2 } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { preloadTaskFormDialog } from "./task-dialogs";

/** The screen's title and its "Create Task" button: memoised, a keystroke does not re-render it. */
export const TasksHeading = memo(function TasksHeading({ onCreate }: { onCreate(): void }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3">
      <h1 className="text-2xl font-bold tracking-tight">Tasks</h1>
      <div className="row-span-2 flex items-center gap-1">
        <Button variant="ghost" size="icon" asChild>
          <Link to="/trash" aria-label="Trash" title="Trash: deleted tasks, to restore">
            <Trash2 aria-hidden />
          </Link>
        </Button>
        <CreateTaskButton onCreate={onCreate} />
      </div>
      <p className="col-span-2 text-sm text-muted-foreground sm:col-span-1">
        Manage your tasks and stay organized
      </p>
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
