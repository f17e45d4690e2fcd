import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

/**
 * The service worker's push handler (public/push-handler.js), run as the browser runs it: the
 * script evaluated in a worker-like scope whose `self`, `clients` and registration record what the
 * handler does with a push and with a click on its notification.
 */
const source = readFileSync(path.join(process.cwd(), "public", "push-handler.js"), "utf8");

interface FakeWindow {
  visibilityState: "visible" | "hidden";
  messages: unknown[];
  focused: boolean;
  navigatedTo: string | null;
  postMessage(message: unknown): void;
  focus(): Promise<void>;
  navigate(url: string): Promise<void>;
}

function fakeWindow(visibilityState: "visible" | "hidden"): FakeWindow {
  return {
    visibilityState,
    messages: [],
    focused: false,
    navigatedTo: null,
    postMessage(message) {
      this.messages.push(message);
    },
    async focus() {
      this.focused = true;
    },
    async navigate(url) {
      this.navigatedTo = url;
    },
  };
}

type Listener = (event: { waitUntil(work: Promise<unknown>): void } & Record<string, unknown>) => void;

function startWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const scope = {
    self: {
      addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
      registration: {
        showNotification: async (title: string, options: Record<string, unknown>) => {
          shown.push({ title, options });
        },
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
  };
  vm.runInNewContext(source, scope);

  async function dispatch(type: string, fields: Record<string, unknown>) {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)!({ ...fields, waitUntil: (work) => pending.push(work) });
    await Promise.all(pending);
  }
  return {
    shown,
    opened,
    push: (payload: unknown) =>
      dispatch("push", {
        data: {
          json: () => (typeof payload === "string" ? JSON.parse(payload) : payload),
        },
      }),
    click: (data: unknown) => {
      const notification = { data, closed: false, close: () => (notification.closed = true) };
      return dispatch("notificationclick", { notification }).then(() => notification);
    },
  };
}

const reminder = {
  title: "Tasklane",
  body: "Reminder: Call the plumber (due Sat 21 Nov, 15:00)",
  tag: "notification-1",
  url: "/tasks",
};

describe("the service worker's push handler", () => {
  it("shows a pushed reminder as a notification, tagged with its id, when no tab is in view", async () => {
    const hidden = fakeWindow("hidden");
    const worker = startWorker([hidden]);
    await worker.push(reminder);
    expect(worker.shown).toEqual([
      {
        title: "Tasklane",
        options: expect.objectContaining({
          body: "Reminder: Call the plumber (due Sat 21 Nov, 15:00)",
          tag: "notification-1",
          data: { url: "/tasks" },
        }),
      },
    ]);
    expect(hidden.messages).toEqual([]);
  });

  it("leaves the reminder to a tab in view, and tells it to ask the bell now", async () => {
    const visible = fakeWindow("visible");
    const worker = startWorker([visible]);
    await worker.push(reminder);
    expect(worker.shown).toEqual([]);
    expect(visible.messages).toEqual([{ type: "tasklane:reminder", tag: "notification-1" }]);
  });

  it("still shows something for a push it cannot read, and never leads outside the app", async () => {
    const worker = startWorker();
    await worker.push("not json {");
    await worker.push({ ...reminder, url: "https://elsewhere.example/phish" });
    expect(worker.shown.map((notification) => notification.options.body)).toEqual([
      "You have a reminder.",
      reminder.body,
    ]);
    expect(worker.shown[1]!.options.data).toEqual({ url: "/tasks" });
  });

  it("focuses an open tab on the reminder's page when clicked, or opens one", async () => {
    const open = fakeWindow("hidden");
    const withTab = startWorker([open]);
    const clicked = await withTab.click({ url: "/tasks" });
    expect(clicked.closed).toBe(true);
    expect(open.focused).toBe(true);
    expect(open.navigatedTo).toBe("/tasks");

    const withoutTab = startWorker([]);
    await withoutTab.click({ url: "/tasks" });
    expect(withoutTab.opened).toEqual(["/tasks"]);
  });
});
