// A deliberate violation: linted as if it were in src/api/tasks, it imports a feature.
import { searchTasks } from "@/features/tasks/search-tasks";

export const search = searchTasks;
