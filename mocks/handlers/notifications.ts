import {
  markNotificationsReadRequestSchema,
  NOTIFICATIONS_LISTED,
  type NotificationJson,
  type NotificationList,
} from "@contract/notifications";
import { apiRoutes } from "@contract/routes";
import { http, HttpResponse } from "msw";

/**
 * An in-memory fake of the bell's calls, speaking the contract: newest first, at most 20, the
 * unread count over all. Empty unless a test seeds it with `notificationStore.reset([...])`.
 */
let notifications: NotificationJson[] = [];

export const notificationStore = {
  reset(seed: NotificationJson[] = []): void {
    notifications = seed.map((item) => ({ ...item }));
  },
  all(): NotificationJson[] {
    return notifications.map((item) => ({ ...item }));
  },
};

let sequence = 0;

/** A notification as the server sends it; override what the test is about. */
export function buildNotification(overrides: Partial<NotificationJson> = {}): NotificationJson {
  sequence += 1;
  return {
    id: `notification-${sequence}`,
    kind: "reminder",
    task_id: null,
    text: `Notice ${sequence}`,
    created_at: "2026-11-21T10:00:00.000Z",
    read_at: null,
    late: false,
    ...overrides,
  };
}

function list(): NotificationList {
  const newestFirst = [...notifications].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return {
    items: newestFirst.slice(0, NOTIFICATIONS_LISTED),
    unread: notifications.filter((item) => item.read_at === null).length,
  };
}

const unauthenticated = (request: Request) => !request.headers.get("Authorization")?.startsWith("Bearer ");

export const notificationHandlers = [
  http.get(apiRoutes.listNotifications.path, ({ request }) => {
    if (unauthenticated(request)) return HttpResponse.json({ message: "Not authenticated" }, { status: 401 });
    return HttpResponse.json(list());
  }),

  http.post(apiRoutes.markNotificationsRead.path, async ({ request }) => {
    if (unauthenticated(request)) return HttpResponse.json({ message: "Not authenticated" }, { status: 401 });
    const parsed = markNotificationsReadRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) {
      return HttpResponse.json(
        { message: parsed.error.issues[0]?.message ?? "Invalid request" },
        { status: 400 },
      );
    }
    const now = new Date().toISOString();
    const ids = new Set(parsed.data.ids ?? []);
    notifications = notifications.map((item) =>
      item.read_at === null && (parsed.data.all || ids.has(item.id)) ? { ...item, read_at: now } : item,
    );
    return HttpResponse.json(list());
  }),
];
