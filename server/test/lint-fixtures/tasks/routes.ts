// Deliberate violation: routes skip their service and use the repository.
import { selectTask } from "./repository";

export const readTask = selectTask;
