import type { RequestHandler } from "msw";
import { accountHandlers } from "./account";
import { accountSecurityHandlers } from "./account-security";
import { analyticsHandlers } from "./analytics";
import { authHandlers } from "./auth";
import { dailyHandlers } from "./daily";
import { extractHandlers } from "./extract";
import { notificationHandlers } from "./notifications";
import { planningHandlers } from "./planning";
import { premiumHandlers } from "./premium";
import { projectHandlers } from "./projects";
import { signInOptionsHandlers } from "./sign-in-options";
import { sharingHandlers } from "./sharing";
import { taskHandlers } from "./tasks";

/** One handler file per resource; add yours here. */
export const handlers: RequestHandler[] = [
  ...accountHandlers,
  ...accountSecurityHandlers,
  ...analyticsHandlers,
  ...authHandlers,
  ...dailyHandlers,
  ...extractHandlers,
  ...notificationHandlers,
  ...planningHandlers,
  ...premiumHandlers,
  ...projectHandlers,
  ...signInOptionsHandlers,
  ...sharingHandlers,
  ...taskHandlers,
];
