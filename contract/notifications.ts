import { z } from "zod";
import { withoutNul } from "./common";

/** What the bell tells about: a reminder, tasks made from an e-mail, a finished daily plan, a share. */
export const NOTIFICATION_KINDS = [
  "reminder",
  "email_tasks",
  "plan_ready",
  "webhook_disabled",
  "invitation",
  "assigned",
  "mentioned",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The bell's list holds the newest notifications, this many. */
export const NOTIFICATIONS_LISTED = 20;
/** Most ids one mark-as-read call takes. */
export const NOTIFICATION_IDS_MAX = 100;

export const notificationSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The task it is about; null for a daily plan, or once the task is deleted. */
  task_id: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  /** A reminder delivered well after its time, because the server was not running then. */
  late: z.boolean(),
});
export type NotificationJson = z.infer<typeof notificationSchema>;

export const notificationListSchema = /* @__PURE__ */ z.object({
  /** Newest first, at most NOTIFICATIONS_LISTED. */
  items: z.array(notificationSchema),
  /** Unread notifications in all, not only among the items. */
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

const READ_REQUEST_MESSAGE = "Send either ids (a list of notification ids) or all: true";

/** `{ "ids": [...] }` marks those (the user's own; others are ignored), `{ "all": true }` every one. */
export const markNotificationsReadRequestSchema = /* @__PURE__ */ z
  .object({
    ids: z
      .array(withoutNul(z.string().min(1, { error: "ids must not hold an empty id" }).max(100), "ids"))
      .min(1, { error: "ids must list at least one id" })
      .max(NOTIFICATION_IDS_MAX, { error: `ids may list at most ${NOTIFICATION_IDS_MAX} ids` })
      .optional(),
    all: z.literal(true, { error: "all must be true" }).optional(),
  })
  .strict()
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), { error: READ_REQUEST_MESSAGE });
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequestSchema>;

/** Reads any server's list tolerantly: an unknown kind or a malformed entry is left out. */
export function notificationListFromWire(value: unknown): NotificationList {
  const record = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const items = Array.isArray(record.items)
    ? record.items.flatMap((item) => {
        const parsed = notificationSchema.safeParse({ late: false, ...(item as object) });
        return parsed.success ? [parsed.data] : [];
      })
    : [];
  const unread =
    typeof record.unread === "number" ? record.unread : items.filter((item) => !item.read_at).length;
  return { items, unread };
}
