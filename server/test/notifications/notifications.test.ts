import net, { type AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { User } from "@contract/auth";
import type { NotificationList } from "@contract/notifications";
import type { TaskJson } from "@contract/tasks";
import { startSmtpSink, type CaughtMail, type SmtpSink } from "../../../e2e/support/smtp-sink";
import { runDueJobs } from "../../src/jobs/runner";
import { createMailer } from "../../src/mail/mailer";
import { addNotification } from "../../src/modules/notifications/service";
import { jobKinds } from "../../src/services";
import {
  bearer,
  createTestApp,
  setAiUsage,
  signUp,
  type SignedUp,
  type TestApp,
  inlinedOpenApi,
} from "../helpers";

const quiet = { warn: () => undefined, error: () => undefined };
const NOTIFICATIONS = "/api/v1/notifications";
const READ = "/api/v1/notifications/read";

/** One pass of some instance's job runner. */
async function runJobs(t: TestApp): Promise<number> {
  return runDueJobs(t.deps, jobKinds, "test-worker", quiet);
}

async function call(
  t: TestApp,
  me: SignedUp,
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: bearer(me.token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

async function createTask(t: TestApp, me: SignedUp, body: Record<string, unknown>): Promise<TaskJson> {
  const response = await call(t, me, "POST", "/api/v1/tasks", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TaskJson;
}

async function updateTask(
  t: TestApp,
  me: SignedUp,
  id: string,
  body: Record<string, unknown>,
): Promise<TaskJson> {
  const response = await call(t, me, "PUT", `/api/v1/tasks/${id}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TaskJson;
}

async function bell(t: TestApp, me: SignedUp): Promise<NotificationList> {
  const response = await call(t, me, "GET", NOTIFICATIONS);
  expect(response.statusCode).toBe(200);
  return response.json() as NotificationList;
}

async function settings(t: TestApp, me: SignedUp, body: Record<string, unknown>): Promise<User> {
  const response = await call(t, me, "PUT", "/auth/settings", body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as User;
}

describe("a task's reminder", () => {
  let t: TestApp;
  let me: SignedUp;
  beforeEach(async () => {
    t = await createTestApp(); // the clock starts at Sat 21 Nov 2026, 10:00 UTC
    me = await signUp(t);
  });
  afterEach(async () => t.close());

  it("is null unless set, read back as UTC, and refused with a 400 naming remind_at when malformed", async () => {
    expect((await createTask(t, me, { title: "No reminder" })).remind_at).toBeNull();
    const task = await createTask(t, me, {
      title: "Call the plumber",
      remind_at: "2026-11-21T15:30:00+01:00",
    });
    expect(task.remind_at).toBe("2026-11-21T14:30:00.000Z");
    const listed = (await call(t, me, "GET", "/api/v1/tasks")).json() as TaskJson[];
    expect(listed.find((item) => item.id === task.id)?.remind_at).toBe("2026-11-21T14:30:00.000Z");

    for (const remindAt of ["tomorrow", "2026-11-21", 5, "10000-01-01T00:00:00Z"]) {
      const response = await call(t, me, "POST", "/api/v1/tasks", { title: "Bad", remind_at: remindAt });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(/remind_at/);
    }
  });

  it("becomes one notification at its time, never a second, and is not late", async () => {
    const task = await createTask(t, me, {
      title: "Call the plumber",
      due_date: "2026-11-21T15:00:00.000Z",
      remind_at: "2026-11-21T10:05:00.000Z",
    });
    await runJobs(t);
    expect((await bell(t, me)).items).toEqual([]);

    t.clock.advance(5 * 60_000);
    await runJobs(t);
    await runJobs(t);
    const { items, unread } = await bell(t, me);
    expect(unread).toBe(1);
    expect(items).toEqual([
      {
        id: expect.any(String),
        kind: "reminder",
        task_id: task.id,
        text: "Reminder: Call the plumber (due Sat 21 Nov, 15:00)",
        created_at: "2026-11-21T10:05:00.000Z",
        read_at: null,
        late: false,
      },
    ]);
    // The reminder stays on the task after it rang.
    expect((await call(t, me, "GET", `/api/v1/tasks/${task.id}`)).json()).toMatchObject({
      remind_at: "2026-11-21T10:05:00.000Z",
    });
  });

  it("follows a new time, rings again at a later one, and is dropped with null or a deletion", async () => {
    const moved = await createTask(t, me, { title: "Moved", remind_at: "2026-11-21T10:05:00.000Z" });
    await updateTask(t, me, moved.id, { remind_at: "2026-11-21T10:10:00.000Z" });
    const dropped = await createTask(t, me, { title: "Dropped", remind_at: "2026-11-21T10:05:00.000Z" });
    expect((await updateTask(t, me, dropped.id, { remind_at: null })).remind_at).toBeNull();
    const deleted = await createTask(t, me, { title: "Deleted", remind_at: "2026-11-21T10:05:00.000Z" });
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/v1/tasks/${deleted.id}`,
          headers: bearer(me.token),
        })
      ).statusCode,
    ).toBe(204);

    t.clock.advance(6 * 60_000);
    await runJobs(t);
    expect((await bell(t, me)).items).toEqual([]);
    t.clock.advance(4 * 60_000);
    await runJobs(t);
    expect((await bell(t, me)).items.map((item) => item.text)).toEqual(["Reminder: Moved"]);

    // After it rang, a new time is a new reminder.
    await updateTask(t, me, moved.id, { remind_at: "2026-11-21T11:00:00.000Z" });
    t.clock.set("2026-11-21T11:00:00.000Z");
    await runJobs(t);
    expect((await bell(t, me)).items.map((item) => item.text)).toEqual([
      "Reminder: Moved",
      "Reminder: Moved",
    ]);
  });

  it("is cleared when the task is completed, and a completed task takes none", async () => {
    const task = await createTask(t, me, { title: "Done early", remind_at: "2026-11-21T10:05:00.000Z" });
    const completed = await updateTask(t, me, task.id, { status: "completed" });
    expect(completed.remind_at).toBeNull();
    expect(
      (await updateTask(t, me, task.id, { remind_at: "2026-11-21T10:06:00.000Z" })).remind_at,
    ).toBeNull();
    const born = await createTask(t, me, {
      title: "Born done",
      status: "completed",
      remind_at: "2026-11-21T10:05:00.000Z",
    });
    expect(born.remind_at).toBeNull();
    expect((await updateTask(t, me, task.id, { status: "pending" })).remind_at).toBeNull();

    t.clock.advance(10 * 60_000);
    await runJobs(t);
    expect((await bell(t, me)).items).toEqual([]);
  });

  it("rings for a cancelled task no more", async () => {
    const task = await createTask(t, me, { title: "Called off", remind_at: "2026-11-21T10:05:00.000Z" });
    await updateTask(t, me, task.id, { status: "cancelled" });
    t.clock.advance(10 * 60_000);
    await runJobs(t);
    expect((await bell(t, me)).items).toEqual([]);
  });

  it("missed while no server ran is delivered once at start, marked late", async () => {
    await createTask(t, me, { title: "Water the plants", remind_at: "2026-11-21T10:05:00.000Z" });
    t.clock.set("2026-11-21T13:00:00.000Z"); // the server was down from before 10:05 until 13:00
    await Promise.all([runJobs(t), runJobs(t)]);
    await runJobs(t);
    const { items } = await bell(t, me);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: "reminder",
      late: true,
      text: "Late reminder, set for Sat 21 Nov, 10:05: Water the plants",
      created_at: "2026-11-21T13:00:00.000Z",
    });
  });

  it("speaks the user's time zone", async () => {
    await call(t, me, "POST", "/auth/timezone", { timezone: "Europe/Berlin" });
    await createTask(t, me, {
      title: "Board meeting",
      due_date: "2026-11-21T14:00:00.000Z",
      remind_at: "2026-11-21T10:05:00.000Z",
    });
    t.clock.advance(5 * 60_000);
    await runJobs(t);
    expect((await bell(t, me)).items[0]?.text).toBe("Reminder: Board meeting (due Sat 21 Nov, 15:00)");
  });

  it("moves to a repeating task's next occurrence, the same time ahead of its due date", async () => {
    await call(t, me, "POST", "/auth/timezone", { timezone: "Europe/Berlin" });
    // Mondays 09:00 in Berlin (08:00 UTC), reminded 90 minutes ahead.
    const standup = await createTask(t, me, {
      title: "Standup",
      due_date: "2026-11-23T08:00:00.000Z",
      recurrence: "FREQ=WEEKLY;BYDAY=MO",
      remind_at: "2026-11-23T06:30:00.000Z",
    });
    // Without a reminder, the next one has none either (the user's default is not applied).
    await settings(t, me, { default_reminder_minutes: 15 });
    const plain = await createTask(t, me, {
      title: "Plain",
      due_date: "2026-11-23T08:00:00.000Z",
      recurrence: "FREQ=WEEKLY;BYDAY=MO",
      remind_at: null,
    });

    expect((await updateTask(t, me, standup.id, { status: "completed" })).remind_at).toBeNull();
    await updateTask(t, me, plain.id, { status: "completed" });
    const listed = (await call(t, me, "GET", "/api/v1/tasks")).json() as TaskJson[];
    const next = listed
      .filter((task) => task.status === "pending")
      .sort((a, b) => a.title.localeCompare(b.title));
    expect(next.map(({ title, due_date, remind_at }) => ({ title, due_date, remind_at }))).toEqual([
      { title: "Plain", due_date: "2026-11-30T08:00:00.000Z", remind_at: null },
      { title: "Standup", due_date: "2026-11-30T08:00:00.000Z", remind_at: "2026-11-30T06:30:00.000Z" },
    ]);
    const nextStandup = next.find((task) => task.title === "Standup")!;

    // The completed one's reminder does not ring; the next one's does, once, at its own time.
    t.clock.set("2026-11-23T07:00:00.000Z");
    await runJobs(t);
    expect((await bell(t, me)).items).toEqual([]);
    t.clock.set("2026-11-30T06:30:00.000Z");
    await runJobs(t);
    await runJobs(t);
    expect((await bell(t, me)).items).toEqual([
      expect.objectContaining({
        kind: "reminder",
        task_id: nextStandup.id,
        text: "Reminder: Standup (due Mon 30 Nov, 09:00)",
        late: false,
      }),
    ]);
  });

  it("is not carried to a next occurrence whose reminder time has already passed", async () => {
    // Due daily at 09:00 UTC from Thursday; completed on Saturday at 10:00, two days late: the
    // next one is due Friday 09:00, already past, and its 08:00 reminder with it.
    const task = await createTask(t, me, {
      title: "Take the pills",
      due_date: "2026-11-19T09:00:00.000Z",
      recurrence: "FREQ=DAILY",
      remind_at: "2026-11-19T08:00:00.000Z",
    });
    await updateTask(t, me, task.id, { status: "completed" });
    const listed = (await call(t, me, "GET", "/api/v1/tasks")).json() as TaskJson[];
    expect(listed.filter((item) => item.status === "pending")).toEqual([
      expect.objectContaining({ due_date: "2026-11-20T09:00:00.000Z", remind_at: null }),
    ]);
    await runJobs(t);
    expect((await bell(t, me)).items).toEqual([]);
  });
});

describe("the OpenAPI description", () => {
  it("names remind_at in the task, in the create and update bodies and in both calls' descriptions", async () => {
    const t = await createTestApp();
    try {
      const doc = await inlinedOpenApi<{
        paths: Record<string, Record<string, { description?: string; responses?: unknown }>>;
      }>(t);
      const createCall = doc.paths["/api/v1/tasks"]?.post;
      const updateCall = doc.paths["/api/v1/tasks/{id}"]?.put;
      for (const call of [createCall, updateCall]) {
        expect(call?.description).toContain("`remind_at");
        // The body takes it, and the answered task carries it with its meaning.
        expect(JSON.stringify(call)).toContain('"remind_at"');
        expect(JSON.stringify(call?.responses)).toContain("remind_at: when the owner is reminded");
      }
      expect(JSON.stringify(createCall)).toContain("when to remind the owner");
    } finally {
      await t.close();
    }
  });
});

describe("the reminder settings", () => {
  let t: TestApp;
  let me: SignedUp;
  beforeEach(async () => {
    t = await createTestApp();
    me = await signUp(t);
  });
  afterEach(async () => t.close());

  it("are off by default, change one at a time, and show on the current user", async () => {
    expect(me.user).toMatchObject({ default_reminder_minutes: null, email_reminders: false });
    expect(await settings(t, me, { default_reminder_minutes: 30 })).toMatchObject({
      default_reminder_minutes: 30,
      email_reminders: false,
    });
    expect(await settings(t, me, { email_reminders: true })).toMatchObject({
      default_reminder_minutes: 30,
      email_reminders: true,
    });
    expect((await call(t, me, "GET", "/auth/me")).json()).toMatchObject({
      default_reminder_minutes: 30,
      email_reminders: true,
    });
    expect(await settings(t, me, { default_reminder_minutes: null })).toMatchObject({
      default_reminder_minutes: null,
    });
  });

  it("refuse what is not a lead time or a switch with a 400 naming the setting", async () => {
    for (const body of [
      { default_reminder_minutes: -5 },
      { default_reminder_minutes: 12.5 },
      { default_reminder_minutes: "30" },
      { default_reminder_minutes: 7 * 24 * 60 + 1 },
      { email_reminders: "yes" },
    ]) {
      const response = await call(t, me, "PUT", "/auth/settings", body);
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(
        /default_reminder_minutes|email_reminders/,
      );
    }
    expect((await t.app.inject({ method: "PUT", url: "/auth/settings", payload: {} })).statusCode).toBe(401);
  });

  it("give a new task with a due time a reminder that many minutes before, unless the client says", async () => {
    await settings(t, me, { default_reminder_minutes: 30 });
    const timed = await createTask(t, me, { title: "Timed", due_date: "2026-11-21T15:00:00.000Z" });
    expect(timed.remind_at).toBe("2026-11-21T14:30:00.000Z");
    // An all-day due date is stored as the end of the day where the user lives: no time to count from.
    const allDay = await createTask(t, me, { title: "All day", due_date: "2026-11-22T23:59:59.999Z" });
    expect(allDay.remind_at).toBeNull();
    expect((await createTask(t, me, { title: "No due date" })).remind_at).toBeNull();
    expect(
      (await createTask(t, me, { title: "Said none", due_date: "2026-11-21T15:00:00.000Z", remind_at: null }))
        .remind_at,
    ).toBeNull();
    expect(
      (
        await createTask(t, me, {
          title: "Said when",
          due_date: "2026-11-21T15:00:00.000Z",
          remind_at: "2026-11-21T12:00:00.000Z",
        })
      ).remind_at,
    ).toBe("2026-11-21T12:00:00.000Z");
    // Thirty minutes before 10:20 has passed already.
    expect(
      (await createTask(t, me, { title: "Soon", due_date: "2026-11-21T10:20:00.000Z" })).remind_at,
    ).toBeNull();
    // Editing a task leaves its reminder as it is.
    expect(
      (await updateTask(t, me, allDay.id, { due_date: "2026-11-22T09:00:00.000Z" })).remind_at,
    ).toBeNull();
  });

  it("count an all-day due date in the user's own time zone", async () => {
    await call(t, me, "POST", "/auth/timezone", { timezone: "Asia/Tokyo" });
    await settings(t, me, { default_reminder_minutes: 60 });
    // The end of 22 November in Tokyo, 14:59:59.999 UTC.
    const allDay = await createTask(t, me, {
      title: "All day in Tokyo",
      due_date: "2026-11-22T14:59:59.999Z",
    });
    expect(allDay.remind_at).toBeNull();
    const utcMidnight = await createTask(t, me, {
      title: "A time in Tokyo",
      due_date: "2026-11-22T23:59:59.999Z",
    });
    expect(utcMidnight.remind_at).toBe("2026-11-22T22:59:59.999Z");
  });
});

describe("GET and POST /api/v1/notifications", () => {
  let t: TestApp;
  let me: SignedUp;
  let other: SignedUp;
  beforeEach(async () => {
    t = await createTestApp();
    me = await signUp(t);
    other = await signUp(t);
  });
  afterEach(async () => t.close());

  async function notify(user: SignedUp, count: number): Promise<void> {
    for (let index = 0; index < count; index += 1) {
      t.clock.advance(1_000);
      await addNotification(t.deps.db, {
        userId: user.user.id,
        kind: "plan_ready",
        taskId: null,
        text: `Notice ${index + 1}`,
        nowIso: t.clock.now().toISOString(),
      });
    }
  }

  it("lists the newest 20, newest first, and counts every unread one", async () => {
    await notify(me, 25);
    const { items, unread } = await bell(t, me);
    expect(unread).toBe(25);
    expect(items).toHaveLength(20);
    expect(items.map((item) => item.text).slice(0, 3)).toEqual(["Notice 25", "Notice 24", "Notice 23"]);
    expect(items.at(-1)?.text).toBe("Notice 6");
    expect((await bell(t, other)).items).toEqual([]);
  });

  it("marks the user's own by id, ignores others' ids, and marks all", async () => {
    await notify(me, 3);
    await notify(other, 1);
    const mine = (await bell(t, me)).items;
    const theirs = (await bell(t, other)).items;

    t.clock.advance(1_000);
    const response = await call(t, me, "POST", READ, { ids: [mine[0]!.id, theirs[0]!.id, "no-such-id"] });
    expect(response.statusCode).toBe(200);
    const after = response.json() as NotificationList;
    expect(after.unread).toBe(2);
    expect(after.items[0]).toMatchObject({ id: mine[0]!.id, read_at: t.clock.now().toISOString() });
    expect((await bell(t, other)).unread).toBe(1);

    const all = (await call(t, me, "POST", READ, { all: true })).json() as NotificationList;
    expect(all.unread).toBe(0);
    expect(all.items.every((item) => item.read_at !== null)).toBe(true);
    // Read once, the time stays the first reading's.
    expect(all.items[0]?.read_at).toBe(after.items[0]?.read_at);
    expect((await bell(t, other)).unread).toBe(1);
  });

  it("refuses a body that is not ids or all: true with a 400, and every call without a token", async () => {
    for (const body of [
      {},
      { ids: [] },
      { ids: "abc" },
      { ids: [""] },
      { ids: ["a"], all: true },
      { all: false },
      { ids: Array.from({ length: 101 }, (_, index) => `id-${index}`) },
      { ids: ["a\u0000b"] },
      { everything: true },
    ]) {
      const response = await call(t, me, "POST", READ, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toHaveProperty("message");
    }
    expect((await t.app.inject({ method: "GET", url: NOTIFICATIONS })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: READ, payload: { all: true } })).statusCode).toBe(401);
  });
});

describe("the bell tells about", () => {
  const SECRET = "notifications-webhook-secret-0123";
  let t: TestApp;
  let me: SignedUp;
  beforeEach(async () => {
    t = await createTestApp({ env: { INBOUND_WEBHOOK_SECRET: SECRET } });
    me = await signUp(t);
  });
  afterEach(async () => t.close());

  function mail(subject: string, body: string, id: string): string {
    return [
      `From: ${me.user.email}`,
      `To: ${me.user.username}@tasklane.localhost`,
      `Subject: ${subject}`,
      `Message-ID: <${id}@example.com>`,
      "",
      body,
    ].join("\r\n");
  }

  async function receive(raw: string) {
    const response = await t.app.inject({
      method: "POST",
      url: "/inbound/email",
      headers: { "content-type": "message/rfc822", authorization: `Bearer ${SECRET}` },
      payload: raw,
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  it("tasks made from an inbound e-mail, linking the task when there is one", async () => {
    await receive(mail("Weekly sync", "- [ ] Book the room\n- [ ] Send the agenda", "two"));
    t.clock.advance(1_000);
    await receive(mail("Dentist", "- [ ] Call the dentist", "one"));
    const { items, unread } = await bell(t, me);
    expect(unread).toBe(2);
    const tasks = (await call(t, me, "GET", "/api/v1/tasks")).json() as TaskJson[];
    const dentist = tasks.find((task) => task.title === "Call the dentist");
    expect(items.map(({ kind, task_id, text }) => ({ kind, task_id, text }))).toEqual([
      { kind: "email_tasks", task_id: dentist?.id, text: '1 task created from the e-mail "Dentist"' },
      { kind: "email_tasks", task_id: null, text: '2 tasks created from the e-mail "Weekly sync"' },
    ]);
    // The same message again creates nothing and tells nothing.
    await t.app.inject({
      method: "POST",
      url: "/inbound/email",
      headers: { "content-type": "message/rfc822", authorization: `Bearer ${SECRET}` },
      payload: mail("Dentist", "- [ ] Call the dentist", "one"),
    });
    expect((await bell(t, me)).items).toHaveLength(2);
  });

  it("a finished daily plan, once; a failed one not at all", async () => {
    await createTask(t, me, { title: "Plan me" });
    const started = await call(t, me, "POST", "/api/v1/tasks/daily/generate/async");
    expect(started.statusCode).toBe(202);
    await runJobs(t);
    await runJobs(t);
    const { items } = await bell(t, me);
    expect(items.map(({ kind, task_id, text }) => ({ kind, task_id, text }))).toEqual([
      { kind: "plan_ready", task_id: null, text: "Your daily plan is ready" },
    ]);

    // The next one fails: the quota ran out while it waited.
    expect((await call(t, me, "POST", "/api/v1/tasks/daily/generate/async")).statusCode).toBe(202);
    await setAiUsage(t.deps.db, me.user.id, 20, "2026-11");
    await runJobs(t);
    expect((await bell(t, me)).items).toHaveLength(1);
  });
});

describe("an e-mailed reminder, through a real SMTP exchange", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink({ host: "127.0.0.1", smtpPort: 0 });
  });
  afterAll(async () => sink.close());

  async function mailTo(address: string): Promise<CaughtMail[]> {
    const response = await fetch(`${sink.mailboxUrl}/messages?to=${encodeURIComponent(address)}`);
    return (await response.json()) as CaughtMail[];
  }

  /** A signed-up user on an app whose outbound mail then goes over SMTP to `port`. */
  async function mailingTo(port: number): Promise<{ t: TestApp; me: SignedUp }> {
    const t = await createTestApp({ env: { PUBLIC_URL: "https://tasks.example.com" } });
    const me = await signUp(t);
    t.deps.mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, from: "Tasklane <no-reply@example.com>" },
      pino({ level: "silent" }),
    );
    return { t, me };
  }

  it("reaches the owner's mailbox when e-mail reminders are on, and only then", async () => {
    const { t, me } = await mailingTo(sink.smtpPort);
    try {
      await createTask(t, me, { title: "Quiet one", remind_at: "2026-11-21T10:01:00.000Z" });
      t.clock.advance(60_000);
      await runJobs(t);
      expect((await bell(t, me)).unread).toBe(1);
      expect(await mailTo(me.user.email)).toEqual([]);

      await settings(t, me, { email_reminders: true });
      const task = await createTask(t, me, {
        title: "Renew the passport",
        description: "Photos are in the drawer",
        due_date: "2026-11-21T17:00:00.000Z",
        remind_at: "2026-11-21T10:02:00.000Z",
      });
      t.clock.advance(60_000);
      await runJobs(t);
      const mails = await mailTo(me.user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        from: "no-reply@example.com",
        subject: "Reminder: Renew the passport (due Sat 21 Nov, 17:00)",
      });
      expect(mails[0]?.text).toContain("Photos are in the drawer");
      expect(mails[0]?.text).toContain(`https://tasks.example.com/tasks?task=${task.id}`);
      expect(mails[0]?.text).toContain("https://tasks.example.com/settings");
      await runJobs(t);
      expect(await mailTo(me.user.email)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it("is tried again later when the mail server cannot be reached, the bell unaffected", async () => {
    const { t, me } = await mailingTo(await closedPort());
    try {
      await settings(t, me, { email_reminders: true });
      await createTask(t, me, { title: "Unlucky", remind_at: "2026-11-21T10:01:00.000Z" });
      t.clock.advance(60_000);
      await runJobs(t);
      expect((await bell(t, me)).unread).toBe(1);
      const job = await t.deps.db
        .selectFrom("jobs")
        .selectAll()
        .where("kind", "=", "reminder_email")
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: "queued", attempts: 1, run_at: "2026-11-21T10:01:30.000Z" });
      expect(job.last_error).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
