import type { Task } from "@contract/tasks";
import { lazy, Suspense, useCallback, useState } from "react";

/**
 * The Create/Edit dialog (with react-hook-form) downloads when it is first wanted, not with the
 * screen: a signed-in route may download at most 250 KB gzip of JavaScript.
 */
const loadTaskFormDialog = () => import("./task-form-dialog");
const TaskFormDialog = lazy(() =>
  loadTaskFormDialog().then((module) => ({ default: module.TaskFormDialog })),
);

/** Pointing at a "Create Task" button starts that download, ahead of the click. */
export function preloadTaskFormDialog() {
  // A failed download is shown when the dialog renders (React.lazy imports it again).
  loadTaskFormDialog().catch(() => undefined);
}

/** Which of the Tasks screen's dialogs is open: Create, or Edit of one task. */
export function useTaskDialogs() {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Task | null>(null);
  // Once opened, the dialogs stay mounted: closing animates and hands focus back as before.
  const [mounted, setMounted] = useState(false);
  const openCreate = useCallback(() => {
    setMounted(true);
    setCreating(true);
  }, []);
  const openEdit = useCallback((task: Task) => {
    setMounted(true);
    setEditing(task);
  }, []);
  const onEditingOpenChange = useCallback((open: boolean) => {
    if (!open) setEditing(null);
  }, []);
  return { creating, setCreating, editing, onEditingOpenChange, mounted, openCreate, openEdit };
}

type TaskDialogsProps = Omit<ReturnType<typeof useTaskDialogs>, "openCreate" | "openEdit"> & {
  timeZone: string;
  /** On a project's page: new tasks start in that project. */
  defaultProjectId?: string;
};

/** The Create and Edit dialogs, once either was first opened. */
export function TaskDialogs({
  creating,
  setCreating,
  editing,
  onEditingOpenChange,
  mounted,
  timeZone,
  defaultProjectId,
}: TaskDialogsProps) {
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <TaskFormDialog
        open={creating}
        onOpenChange={setCreating}
        timeZone={timeZone}
        defaultProjectId={defaultProjectId}
      />
      <TaskFormDialog
        task={editing}
        open={editing !== null}
        onOpenChange={onEditingOpenChange}
        timeZone={timeZone}
      />
    </Suspense>
  );
}
