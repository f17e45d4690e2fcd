// Allowed: another module's service, and the auth module's public index.
import { authenticate } from "../auth";
import { listOpenTasks } from "../tasks/service";

export const allowed = { authenticate, listOpenTasks };
