import { TRASH_DAYS } from "@contract/trash";
import { useQuery } from "@tanstack/react-query";
import { RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { useRestoreTasks } from "@/api/tasks/task-mutations";
import { useEmptyTrash } from "@/api/tasks/trash-mutations";
import { trashQueries, type TrashedTask } from "@/api/tasks/trash-queries";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { dayCount } from "@/lib/day-count";

const DAY_MS = 24 * 60 * 60 * 1000;
const tasksWord = (count: number) => `${count} ${count === 1 ? "task" : "tasks"}`;

/** "Deleted for good in 3 days": whole days left, at least one. */
function timeLeft(purgeAt: string, now: number): string {
  return `Deleted for good in ${dayCount(Math.max(1, Math.ceil((Date.parse(purgeAt) - now) / DAY_MS)))}`;
}

/** One deleted task: its title, what went with it, how long it stays, and Restore. */
function TrashedTaskRow({ entry, now }: { entry: TrashedTask; now: number }) {
  const restore = useRestoreTasks();
  const { task, subtaskCount } = entry;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium">{task.title}</p>
        <p className="text-sm text-muted-foreground">
          {subtaskCount > 0 ? `With ${subtaskCount} ${subtaskCount === 1 ? "subtask" : "subtasks"} · ` : ""}
          {timeLeft(entry.purgeAt, now)}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Restore "${task.title}"`}
        disabled={restore.isPending}
        onClick={() =>
          restore.mutate([task.id], {
            onSuccess: () => toast.success("Task restored", { description: task.title }),
          })
        }
      >
        <RotateCcw aria-hidden />
        Restore
      </Button>
    </li>
  );
}

/** "Empty trash", asked once more: nothing comes back after it. */
function EmptyTrashButton({ count }: { count: number }) {
  const [open, setOpen] = useState(false);
  const empty = useEmptyTrash();
  return (
    <>
      <Button variant="outline" disabled={count === 0} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden />
        Empty trash
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-[425px]">
          <DialogHeader>
            <DialogTitle>Empty the trash?</DialogTitle>
            <DialogDescription>{`${tasksWord(count)} will be deleted for good.`}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={empty.isPending}
              onClick={() => empty.mutate(undefined, { onSuccess: () => setOpen(false) })}
            >
              Delete for good
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** /trash: the tasks deleted in the last 30 days, to restore, or to delete for good. */
export function TrashPage() {
  const trash = useQuery(trashQueries.list());
  const entries = trash.data ?? [];
  const [now] = useState(() => Date.now());
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Trash</h1>
          <p className="text-sm text-muted-foreground">{`Deleted tasks stay here for ${TRASH_DAYS} days.`}</p>
        </div>
        <EmptyTrashButton count={entries.length} />
      </div>
      <Card>
        <CardContent className="pt-2">
          {trash.isPending ? (
            <Skeleton className="my-4 h-10 w-full" />
          ) : trash.isError ? (
            <p className="py-6 text-center text-sm text-destructive">Failed to load the trash.</p>
          ) : entries.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">The trash is empty</p>
          ) : (
            <ul className="divide-y" aria-label="Deleted tasks">
              {entries.map((entry) => (
                <TrashedTaskRow key={entry.task.id} entry={entry} now={now} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
