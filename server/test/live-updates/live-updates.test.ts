import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventTicket } from "@contract/integrations";
import type { TaskJson } from "@contract/tasks";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";
import { openEventStream } from "./event-stream";

const INBOUND_SECRET = "live-updates-inbound-secret-0123456789";

describe("live updates", () => {
  let t: TestApp;
  let user: SignedUp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { INBOUND_WEBHOOK_SECRET: INBOUND_SECRET } });
    user = await signUp(t);
    baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => t.close());

  async function ticketFor(token: string): Promise<string> {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/events/ticket",
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<EventTicket>().ticket;
  }

  it("needs a signed-in user for a ticket", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/v1/events/ticket" });
    expect(response.statusCode).toBe(401);
  });

  it("streams the user's creates, updates and deletes as `event: task`", async () => {
    const stream = await openEventStream(baseUrl, await ticketFor(user.token));
    try {
      expect(stream.response.statusCode).toBe(200);
      expect(stream.response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      const created = (
        await t.app.inject({
          method: "POST",
          url: "/api/v1/tasks",
          headers: bearer(user.token),
          payload: { title: "Live" },
        })
      ).json<TaskJson>();
      await stream.waitFor((event) => event.type === "created" && event.id === created.id);
      await t.app.inject({
        method: "PUT",
        url: `/api/v1/tasks/${created.id}`,
        headers: bearer(user.token),
        payload: { status: "completed" },
      });
      await stream.waitFor((event) => event.type === "updated" && event.id === created.id);
      await t.app.inject({
        method: "DELETE",
        url: `/api/v1/tasks/${created.id}`,
        headers: bearer(user.token),
      });
      await stream.waitFor((event) => event.type === "deleted" && event.id === created.id);
      expect(stream.events).toEqual([
        { type: "created", id: created.id },
        { type: "updated", id: created.id },
        { type: "deleted", id: created.id },
      ]);
    } finally {
      stream.close();
    }
  });

  it("announces the next occurrence a completed repeating task creates", async () => {
    const stream = await openEventStream(baseUrl, await ticketFor(user.token));
    try {
      const task = (
        await t.app.inject({
          method: "POST",
          url: "/api/v1/tasks",
          headers: bearer(user.token),
          payload: {
            title: "Weekly review",
            due_date: "2026-11-23T09:00:00.000Z",
            recurrence: "FREQ=WEEKLY",
          },
        })
      ).json<TaskJson>();
      await t.app.inject({
        method: "PUT",
        url: `/api/v1/tasks/${task.id}`,
        headers: bearer(user.token),
        payload: { status: "completed" },
      });
      const next = await stream.waitFor((event) => event.type === "created" && event.id !== task.id);
      const list = (
        await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(user.token) })
      ).json<TaskJson[]>();
      expect(list.find((entry) => entry.id === next.id)).toMatchObject({
        title: "Weekly review",
        status: "pending",
      });
    } finally {
      stream.close();
    }
  });

  it("announces the tasks a deleted project moves to the Inbox as updated", async () => {
    const project = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/projects",
        headers: bearer(user.token),
        payload: { name: "Garden shed" },
      })
    ).json<{ id: string }>();
    const task = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/tasks",
        headers: bearer(user.token),
        payload: { title: "Oil the hinges", project_id: project.id },
      })
    ).json<TaskJson>();
    const stream = await openEventStream(baseUrl, await ticketFor(user.token));
    try {
      const deleted = await t.app.inject({
        method: "DELETE",
        url: `/api/v1/projects/${project.id}`,
        headers: bearer(user.token),
      });
      expect(deleted.statusCode).toBe(200);
      await stream.waitFor((event) => event.type === "updated" && event.id === task.id);
    } finally {
      stream.close();
    }
  });

  it("announces the tasks an inbound e-mail creates", async () => {
    const stream = await openEventStream(baseUrl, await ticketFor(user.token));
    try {
      const raw = readFileSync(
        path.join(import.meta.dirname, "..", "fixtures", "mail", "plain.eml"),
        "latin1",
      )
        .replaceAll("{{FROM}}", user.user.email)
        .replaceAll("{{TO}}", `${user.user.username}@tasklane.localhost`)
        .replaceAll("{{ID}}", `live-${randomUUID()}`);
      const mailed = await t.app.inject({
        method: "POST",
        url: "/inbound/email",
        headers: { "content-type": "message/rfc822", authorization: `Bearer ${INBOUND_SECRET}` },
        payload: Buffer.from(raw, "latin1"),
      });
      expect(mailed.json()).toMatchObject({ status: "created", tasks_created: 2 });
      const tasks = (
        await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(user.token) })
      ).json<TaskJson[]>();
      for (const title of ["Buy oat milk", "Pick up the dry cleaning"]) {
        const task = tasks.find((entry) => entry.title === title)!;
        await stream.waitFor((event) => event.type === "created" && event.id === task.id);
      }
    } finally {
      stream.close();
    }
  });

  it("sends nothing of another user's changes", async () => {
    const stranger = await signUp(t);
    const stream = await openEventStream(baseUrl, await ticketFor(user.token));
    try {
      await t.app.inject({
        method: "POST",
        url: "/api/v1/tasks",
        headers: bearer(stranger.token),
        payload: { title: "Theirs" },
      });
      const mine = (
        await t.app.inject({
          method: "POST",
          url: "/api/v1/tasks",
          headers: bearer(user.token),
          payload: { title: "Mine" },
        })
      ).json<TaskJson>();
      await stream.waitFor((event) => event.id === mine.id);
      expect(stream.events).toEqual([{ type: "created", id: mine.id }]);
    } finally {
      stream.close();
    }
  });

  it("takes a ticket once, and not after 60 seconds", async () => {
    const ticket = await ticketFor(user.token);
    const first = await openEventStream(baseUrl, ticket);
    first.close();
    const again = await t.app.inject({ method: "GET", url: `/api/v1/events?ticket=${ticket}` });
    expect(again.statusCode).toBe(401);
    expect(again.json<{ message: string }>().message).toMatch(/ticket/);

    const late = await ticketFor(user.token);
    t.clock.advance(60_001);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/events?ticket=${late}` })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: "GET", url: "/api/v1/events?ticket=made-up" })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: "GET", url: "/api/v1/events" })).statusCode).toBe(400);
  });
});
