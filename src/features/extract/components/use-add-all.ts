import { useState } from "react";
import { useCreateTask } from "@/api/tasks/task-mutations";
import { toast } from "@/components/ui/toaster";
import { useExtractionStore } from "@/stores/extraction-store";
import { createTaskBody } from "../api/extraction-api";

/**
 * "Add All Tasks to My List": each result is created with the Tasks screen's own create (its
 * "Error" toast on a failure, its refresh of the task lists and daily status), one after another
 * so the list keeps the order of the text. A failure does not stop the rest; created tasks leave
 * the panel and the ones that failed stay, so the user can retry them.
 */
export function useAddAll() {
  const createTask = useCreateTask();
  const keepResults = useExtractionStore((state) => state.keepResults);
  // Pending from the first create to the last, not just during each one.
  const [isAdding, setIsAdding] = useState(false);

  async function addAll() {
    const failedKeys = new Set<string>();
    let added = 0;
    setIsAdding(true);
    for (const result of useExtractionStore.getState().results) {
      try {
        await createTask.mutateAsync(createTaskBody(result.task));
        added += 1;
      } catch {
        failedKeys.add(result.key);
      }
    }
    setIsAdding(false);
    keepResults(failedKeys);
    if (added > 0) {
      toast.success("Tasks added", {
        description: `${added} ${added === 1 ? "task was" : "tasks were"} added to your list.`,
      });
    }
  }

  return { addAll: () => void addAll(), isAdding };
}
