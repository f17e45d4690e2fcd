import { describe, expect, it } from "vitest";
import { markNotificationsReadRequestSchema, notificationListFromWire } from "./notifications";

describe("notificationListFromWire", () => {
  it("keeps well-formed entries, leaves out unknown kinds, and reads a missing late as false", () => {
    const list = notificationListFromWire({
      items: [
        { id: "a", kind: "reminder", task_id: "t", text: "Reminder: Call", created_at: "x", read_at: null },
        { id: "b", kind: "birthday", task_id: null, text: "?", created_at: "x", read_at: null },
        "nonsense",
      ],
      unread: 4,
    });
    expect(list).toEqual({
      items: [
        {
          id: "a",
          kind: "reminder",
          task_id: "t",
          text: "Reminder: Call",
          created_at: "x",
          read_at: null,
          late: false,
        },
      ],
      unread: 4,
    });
  });

  it("counts the unread items itself when the answer has no count, and reads garbage as empty", () => {
    expect(notificationListFromWire(null)).toEqual({ items: [], unread: 0 });
    expect(
      notificationListFromWire({
        items: [
          { id: "a", kind: "plan_ready", task_id: null, text: "Ready", created_at: "x", read_at: null },
        ],
      }).unread,
    ).toBe(1);
  });
});

describe("markNotificationsReadRequestSchema", () => {
  it("takes ids or all: true, never both or neither", () => {
    expect(markNotificationsReadRequestSchema.safeParse({ ids: ["a"] }).success).toBe(true);
    expect(markNotificationsReadRequestSchema.safeParse({ all: true }).success).toBe(true);
    expect(markNotificationsReadRequestSchema.safeParse({}).success).toBe(false);
    expect(markNotificationsReadRequestSchema.safeParse({ ids: ["a"], all: true }).success).toBe(false);
  });
});
