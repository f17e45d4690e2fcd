import { MCP_PATH } from "@contract/integrations";
import type { ModulePlugin } from "../app-types";
import { analyticsModule } from "./analytics/routes";
import { apiTokensModule } from "./api-tokens/routes";
import { authModule } from "./auth/routes";
import { calendarModule } from "./calendar/routes";
import { calendarsModule } from "./calendars/routes";
import { credentialsModule } from "./credentials/routes";
import { davModule } from "./caldav/dav-routes";
import { caldavModule } from "./caldav/routes";
import { dailyModule } from "./daily/routes";
import { extractModule } from "./extract/routes";
import { inboundMailModule } from "./inbound-mail/routes";
import { liveUpdatesModule } from "./live-updates/routes";
import { mcpModule } from "./mcp/routes";
import { notificationsModule } from "./notifications/routes";
import { planningModule } from "./planning/routes";
import { premiumModule } from "./premium/routes";
import { projectsModule } from "./projects/routes";
import { pushModule } from "./push/routes";
import { quickAddModule } from "./quick-add/routes";
import { sharingModule } from "./sharing/routes";
import { taskModule } from "./tasks/routes";
import { transferModule } from "./transfer/routes";
import { webhooksModule } from "./webhooks/routes";

/**
 * One folder per resource, each a plugin registered under its URL prefix. Each module attaches
 * its own authentication as one `onRequest` hook in its encapsulated context, so a call without
 * valid credentials is refused (401) before its body or query is read.
 */
export const modules: ModulePlugin = async (app, { deps }) => {
  // Declared up front (the authenticate hook sets it), so every request object keeps one shape.
  app.decorateRequest("auth", undefined);
  await app.register(authModule, { prefix: "/auth", deps });
  await app.register(premiumModule, { prefix: "/premium", deps });
  await app.register(taskModule, { prefix: "/api/v1/tasks", deps });
  await app.register(dailyModule, { prefix: "/api/v1/tasks/daily", deps });
  await app.register(extractModule, { prefix: "/api/v1/extract", deps });
  await app.register(inboundMailModule, { prefix: "/inbound", deps });
  await app.register(quickAddModule, { prefix: "/api/v1/tasks/parse", deps });
  await app.register(transferModule, { prefix: "/api/v1", deps });
  await app.register(calendarModule, { prefix: "/api/v1/calendar", deps });
  await app.register(calendarsModule, { prefix: "/api/v1", deps });
  await app.register(notificationsModule, { prefix: "/api/v1/notifications", deps });
  await app.register(pushModule, { prefix: "/api/v1/push", deps });
  await app.register(projectsModule, { prefix: "/api/v1/projects", deps });
  await app.register(sharingModule, { prefix: "/api/v1", deps });
  await app.register(analyticsModule, { prefix: "/api/v1", deps });
  await app.register(caldavModule, { prefix: "/api/v1", deps });
  // CalDAV at /dav/ and its discovery address /.well-known/caldav, with HTTP Basic of its own.
  await app.register(davModule, { deps });
  await app.register(planningModule, { prefix: "/api/v1/plan", deps });
  await app.register(apiTokensModule, { prefix: "/api/v1/tokens", deps });
  await app.register(credentialsModule, { prefix: "/api/v1/credentials", deps });
  await app.register(webhooksModule, { prefix: "/api/v1/webhooks", deps });
  await app.register(liveUpdatesModule, { prefix: "/api/v1/events", deps });
  // The Model Context Protocol endpoint for AI assistants, with personal API tokens.
  await app.register(mcpModule, { prefix: MCP_PATH, deps });
};
