import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  WEBHOOK_EVENTS,
  type EventTicket,
  type LiveTaskEvent,
  type WebhookEvent,
} from "@contract/integrations";
import { apiRoutes } from "@contract/routes";
import type { TaskJson } from "@contract/tasks";
import { runDueJobs } from "../../src/jobs/runner";
import { jobKinds } from "../../src/services";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";
import { openEventStream, type EventStream } from "../live-updates/event-stream";
import { multipartFile } from "../transfer/multipart";
import { startReceiver } from "../webhooks/receiver";

const INBOUND_SECRET = "writes-announced-inbound-secret-0123456789";
const quiet = { warn: () => undefined, error: () => undefined };

const liveTypeOf = (event: WebhookEvent): LiveTaskEvent["type"] =>
  event === "task.created" ? "created" : event === "task.deleted" ? "deleted" : "updated";

/**
 * Every way a task changes reaches the user's webhooks and live-update streams, and moves the
 * task data on (a new ETag for the list), whoever makes the change.
 */
describe("every task write is announced and versioned", () => {
  let t: TestApp;
  let user: SignedUp;
  let baseUrl: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let stream: EventStream;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({
      env: { WEBHOOK_ALLOW_PRIVATE: "true", INBOUND_WEBHOOK_SECRET: INBOUND_SECRET },
    });
    user = await signUp(t);
    baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const hook = await api("POST", "/api/v1/webhooks", { url: receiver.url, events: [...WEBHOOK_EVENTS] });
    expect(hook.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(async () => {
    receiver.received.length = 0;
    const ticket = (await api("POST", "/api/v1/events/ticket")).json<EventTicket>().ticket;
    stream = await openEventStream(baseUrl, ticket);
  });
  afterEach(() => stream.close());

  function api(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
    return t.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
  }

  async function createTask(payload: object): Promise<TaskJson> {
    const response = await api("POST", apiRoutes.createTask.path, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TaskJson>();
  }

  async function tasksTitled(title: string): Promise<TaskJson[]> {
    return (await api("GET", "/api/v1/tasks")).json<TaskJson[]>().filter((task) => task.title === title);
  }

  const listTag = async () => String((await api("GET", "/api/v1/tasks")).headers.etag);

  /**
   * Runs `change`, then expects each event it names delivered to the webhook once and streamed
   * live, and the list's ETag moved on.
   */
  async function expectAnnounced(change: () => Promise<Array<[WebhookEvent, string]>>): Promise<void> {
    const tagBefore = await listTag();
    const expected = await change();
    await runDueJobs(t.deps, jobKinds, "test-worker", quiet);
    const delivered = receiver.received.map(
      (delivery) => JSON.parse(delivery.body) as { type: string; data: { id: string } },
    );
    for (const [event, id] of expected) {
      const matching = delivered.filter((payload) => payload.type === event && payload.data.id === id);
      expect(matching, `${event} of ${id} in ${JSON.stringify(delivered)}`).toHaveLength(1);
      await stream.waitFor((live) => live.type === liveTypeOf(event) && live.id === id);
    }
    expect(await listTag()).not.toBe(tagBefore);
  }

  it("a REST create, update and delete", async () => {
    let task!: TaskJson;
    await expectAnnounced(async () => {
      task = await createTask({ title: "Water the plants" });
      return [["task.created", task.id]];
    });
    await expectAnnounced(async () => {
      expect((await api("PUT", `/api/v1/tasks/${task.id}`, { title: "Water all plants" })).statusCode).toBe(
        200,
      );
      return [["task.updated", task.id]];
    });
    await expectAnnounced(async () => {
      expect((await api("DELETE", `/api/v1/tasks/${task.id}`)).statusCode).toBe(204);
      return [["task.deleted", task.id]];
    });
  });

  it("a delete of several tasks, their restore from the trash, and a batch update", async () => {
    const [a, b] = [await createTask({ title: "Sort the mail" }), await createTask({ title: "File it" })];
    await expectAnnounced(async () => {
      expect((await api("POST", apiRoutes.trashTasks.path, { ids: [a.id, b.id] })).statusCode).toBe(200);
      return [
        ["task.deleted", a.id],
        ["task.deleted", b.id],
      ];
    });
    receiver.received.length = 0;
    stream.events.length = 0;
    await expectAnnounced(async () => {
      expect((await api("POST", apiRoutes.restoreTasks.path, { ids: [a.id, b.id] })).statusCode).toBe(200);
      return [
        ["task.created", a.id],
        ["task.created", b.id],
      ];
    });
    await expectAnnounced(async () => {
      const updates = [a, b].map((task) => ({ id: task.id, changes: { priority: "high" } }));
      expect((await api("POST", apiRoutes.batchUpdateTasks.path, { updates })).statusCode).toBe(200);
      return [
        ["task.updated", a.id],
        ["task.updated", b.id],
      ];
    });
  });

  it("a plan accepted, and undone", async () => {
    const task = await createTask({ title: "Write the report" });
    let undoToken = "";
    await expectAnnounced(async () => {
      const accepted = await api("POST", apiRoutes.acceptPlan.path, {
        date: "2026-11-23",
        blocks: [{ task_id: task.id, start: "2026-11-23T14:00:00Z", end: "2026-11-23T15:00:00Z" }],
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      undoToken = accepted.json<{ undo_token: string }>().undo_token;
      return [["task.updated", task.id]];
    });
    receiver.received.length = 0;
    stream.events.length = 0;
    await expectAnnounced(async () => {
      const undone = await api("POST", apiRoutes.undoPlan.path, { undo_token: undoToken });
      expect(undone.json()).toEqual({ restored: 1 });
      return [["task.updated", task.id]];
    });
  });

  it("a parent completed with complete_subtasks", async () => {
    const parent = await createTask({ title: "Move house" });
    const child = await createTask({ title: "Pack the books", parent_id: parent.id });
    await expectAnnounced(async () => {
      const response = await api("PUT", `/api/v1/tasks/${parent.id}`, {
        status: "completed",
        complete_subtasks: true,
      });
      expect(response.statusCode).toBe(200);
      return [
        ["task.completed", parent.id],
        ["task.completed", child.id],
      ];
    });
  });

  it("a repeating task completed, and the next occurrence it creates", async () => {
    const task = await createTask({
      title: "Weekly review",
      due_date: "2026-11-23T09:00:00.000Z",
      recurrence: "FREQ=WEEKLY",
    });
    await expectAnnounced(async () => {
      await api("PUT", `/api/v1/tasks/${task.id}`, { status: "completed" });
      const next = (await tasksTitled("Weekly review")).find((entry) => entry.id !== task.id)!;
      return [
        ["task.updated", task.id],
        ["task.completed", task.id],
        ["task.created", next.id],
      ];
    });
  });

  it("a project deleted, its tasks moved to the Inbox", async () => {
    const project = (await api("POST", "/api/v1/projects", { name: "Garden shed" })).json<{ id: string }>();
    const task = await createTask({ title: "Oil the hinges", project_id: project.id });
    await expectAnnounced(async () => {
      expect((await api("DELETE", `/api/v1/projects/${project.id}`)).statusCode).toBe(200);
      return [["task.updated", task.id]];
    });
  });

  it("a JSON import", async () => {
    await expectAnnounced(async () => {
      const file = JSON.stringify({
        format: "tasklane",
        version: 1,
        exported_at: "2026-11-21T10:00:00.000Z",
        tasks: [{ title: "Renew the passport" }],
      });
      const { payload, headers } = multipartFile(file, "export.json");
      const imported = await t.app.inject({
        method: "POST",
        url: apiRoutes.importTasks.path,
        headers: { ...bearer(user.token), ...headers },
        payload,
      });
      expect(imported.json()).toMatchObject({ created: 1 });
      const [task] = await tasksTitled("Renew the passport");
      return [["task.created", task!.id]];
    });
  });

  it("an inbound e-mail", async () => {
    await expectAnnounced(async () => {
      const raw = readFileSync(
        path.join(import.meta.dirname, "..", "fixtures", "mail", "plain.eml"),
        "latin1",
      )
        .replaceAll("{{FROM}}", user.user.email)
        .replaceAll("{{TO}}", `${user.user.username}@tasklane.localhost`)
        .replaceAll("{{ID}}", "writes-announced-1");
      const mailed = await t.app.inject({
        method: "POST",
        url: "/inbound/email",
        headers: { "content-type": "message/rfc822", authorization: `Bearer ${INBOUND_SECRET}` },
        payload: Buffer.from(raw, "latin1"),
      });
      expect(mailed.json()).toMatchObject({ status: "created", tasks_created: 2 });
      const [milk] = await tasksTitled("Buy oat milk");
      const [cleaning] = await tasksTitled("Pick up the dry cleaning");
      return [
        ["task.created", milk!.id],
        ["task.created", cleaning!.id],
      ];
    });
  });

  it("a CalDAV PUT, creating and then replacing a task", async () => {
    const password = (await api("POST", "/api/v1/app-passwords", { name: "Phone" })).json<{
      password: string;
    }>().password;
    const projects = (await api("GET", "/api/v1/projects")).json<Array<{ id: string; is_inbox: boolean }>>();
    const inboxId = projects.find((project) => project.is_inbox)!.id;
    const put = (summary: string) =>
      t.app.inject({
        method: "PUT",
        url: `/dav/calendars/${user.user.username}/${inboxId}/dentist.ics`,
        headers: {
          authorization: `Basic ${Buffer.from(`${user.user.username}:${password}`).toString("base64")}`,
          "content-type": "text/calendar; charset=utf-8",
        },
        payload: [
          "BEGIN:VCALENDAR",
          "VERSION:2.0",
          "PRODID:-//test//EN",
          "BEGIN:VTODO",
          "UID:dentist-1",
          "DTSTAMP:20261121T100000Z",
          `SUMMARY:${summary}`,
          "END:VTODO",
          "END:VCALENDAR",
          "",
        ].join("\r\n"),
      });
    let task!: TaskJson;
    await expectAnnounced(async () => {
      expect((await put("Book the dentist")).statusCode).toBe(201);
      task = (await tasksTitled("Book the dentist"))[0]!;
      return [["task.created", task.id]];
    });
    await expectAnnounced(async () => {
      expect((await put("Book the dentist for June")).statusCode).toBe(204);
      return [["task.updated", task.id]];
    });
  });
});
