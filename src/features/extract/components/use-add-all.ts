import { useState } from "react";
import { useCreateTask } from "@/api/tasks/task-mutations";
import { toast } from "@/components/ui/toaster";
import { useExtractionStore } from "@/stores/extraction-store";
import { createTaskBody } from "@/api/extract/extraction-api";

/** Where "Add All" puts the tasks. */
export interface AddAllPlace {
  /** The project chosen; undefined: the Inbox. */
  projectId?: string;
  /** Add them as subtasks of one new task of this title; undefined: as tasks of their own. */
  parentTitle?: string;
}

/** A parent task's title from the text: its e-mail subject, else its first line. */
export function subjectOf(content: string): string {
  const subject = /^\s*subject:\s*(.+)$/im.exec(content)?.[1]?.trim();
  const firstLine = content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line.length > 0);
  const title = (subject || firstLine || "Extracted tasks").replace(/^(?:re|fwd?):\s*/i, "");
  return title.length > 120 ? `${title.slice(0, 119)}…` : title;
}

/**
 * "Add All Tasks to My List": each result is created with the Tasks screen's own create (its
 * "Error" toast on a failure, its refresh of the task lists and daily status), one after another
 * so the list keeps the order of the text, in the chosen project and, when asked, under one new
 * parent task. A failure does not stop the rest; created tasks leave the panel and the ones that
 * failed stay, so the user can retry them. A parent that cannot be created stops it all.
 */
export function useAddAll() {
  const createTask = useCreateTask();
  const keepResults = useExtractionStore((state) => state.keepResults);
  // Pending from the first create to the last, not just during each one.
  const [isAdding, setIsAdding] = useState(false);

  async function addAll({ projectId, parentTitle }: AddAllPlace) {
    const results = useExtractionStore.getState().results;
    const failedKeys = new Set<string>();
    let added = 0;
    setIsAdding(true);
    let parentId: string | undefined;
    if (parentTitle) {
      try {
        const parent = await createTask.mutateAsync({
          title: parentTitle,
          ...(projectId ? { project_id: projectId } : {}),
        });
        parentId = parent?.id;
      } catch {
        setIsAdding(false);
        return;
      }
    }
    for (const result of results) {
      try {
        await createTask.mutateAsync({
          ...createTaskBody(result.task),
          ...(parentId ? { parent_id: parentId } : projectId ? { project_id: projectId } : {}),
        });
        added += 1;
      } catch {
        failedKeys.add(result.key);
      }
    }
    setIsAdding(false);
    keepResults(failedKeys);
    if (added > 0) {
      const tasks = `${added} ${added === 1 ? "task was" : "tasks were"}`;
      toast.success("Tasks added", {
        description: parentTitle
          ? `${tasks} added as subtasks of "${parentTitle}".`
          : `${tasks} added to your list.`,
      });
    }
  }

  return { addAll: (place: AddAllPlace = {}) => void addAll(place), isAdding };
}
