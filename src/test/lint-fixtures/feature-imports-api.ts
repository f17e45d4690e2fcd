// Allowed: linted as if it were in src/features/tasks, it imports a shared resource and shared code.
import { taskQueries } from "@/api/tasks/task-queries";
import { cn } from "@/lib/cn";

export const list = taskQueries.list();
export const className = cn("a", "b");
