// Deliberate violation: the daily module reads another module's repository.
import { selectTasks } from "../tasks/repository";

export const readTasks = selectTasks;
