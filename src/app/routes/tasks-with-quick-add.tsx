import { QuickAdd } from "@/features/quick-add/quick-add";
import { TasksPage } from "@/features/tasks/components/tasks-page";

/** The Tasks screen with the Quick add field above its list. */
export function TasksWithQuickAdd() {
  return <TasksPage quickAdd={<QuickAdd />} />;
}
