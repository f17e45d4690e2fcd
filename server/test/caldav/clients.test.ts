import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { DAVClient, type DAVCalendar } from "tsdav";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskJson } from "@contract/tasks";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

/**
 * Real CalDAV clients against the real server on a port: Debian's vdirsyncer (syncing the
 * collection to a folder) with todoman (editing that folder as a person would), and the tsdav
 * library. CI installs vdirsyncer and todoman (.ci/run); where they are missing these tests fail,
 * they never skip.
 */

const run = promisify(execFile);

/** A request the server answered, with the body of its answer (decompressed). */
interface SeenRequest {
  method: string;
  url: string;
  status: number;
  answer: string;
}

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === "gzip") return gunzipSync(body).toString("utf8");
  if (encoding === "deflate") return inflateSync(body).toString("utf8");
  if (encoding === "br") return brotliDecompressSync(body).toString("utf8");
  return body.toString("utf8");
}

/** Keeps each answer's body as the server writes it, without touching the request stream. */
function recordAnswers(request: IncomingMessage, response: ServerResponse, seen: SeenRequest[]): void {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown) => {
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  response.write = ((...args: unknown[]) => {
    keep(args[0]);
    return write(...args);
  }) as typeof response.write;
  response.end = ((...args: unknown[]) => {
    if (typeof args[0] !== "function") keep(args[0]);
    const encoding = response.getHeader("content-encoding");
    seen.push({
      method: request.method ?? "",
      url: request.url ?? "",
      status: response.statusCode,
      answer: decoded(Buffer.concat(chunks), typeof encoding === "string" ? encoding : undefined),
    });
    return end(...args);
  }) as typeof response.end;
}

// Each step starts a Python program: generous on a busy machine.
describe("CalDAV with real clients", { timeout: 180_000 }, () => {
  let t: TestApp;
  let owner: SignedUp;
  let base: string;
  let password: string;
  let collectionUrl: string;
  let dir: string;
  const seen: SeenRequest[] = [];

  beforeAll(async () => {
    // The real clock: each write is a moment of its own, as it is for clients syncing with a server.
    t = await createTestApp({
      clock: {
        // eslint-disable-next-line no-restricted-syntax -- real clients sync against the real time
        now: () => new Date(),
        set: () => {},
        advance: () => {},
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // Every answer the clients get, to assert on what a sync transfers.
    t.app.server.on("request", (request: IncomingMessage, response: ServerResponse) =>
      recordAnswers(request, response, seen),
    );
    owner = await signUp(t);
    password = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/app-passwords",
        headers: bearer(owner.token),
        payload: { name: "vdirsyncer" },
      })
    ).json<{ password: string }>().password;
    const account = (
      await t.app.inject({ method: "GET", url: "/api/v1/caldav", headers: bearer(owner.token) })
    ).json<{ collections: Array<{ url: string }> }>();
    // The address Settings shows, on this test's port.
    collectionUrl = account.collections[0]!.url.replace(t.deps.config.publicUrl.replace(/\/$/, ""), base);

    dir = await mkdtemp(join(tmpdir(), "tasklane-caldav-"));
    await mkdir(join(dir, "calendars", "tasklane"), { recursive: true });
    await mkdir(join(dir, "status"));
    await writeFile(
      join(dir, "vdirsyncer.conf"),
      [
        "[general]",
        `status_path = "${join(dir, "status")}/"`,
        "",
        "[pair tasks]",
        'a = "local"',
        'b = "server"',
        "collections = null",
        "",
        "[storage local]",
        'type = "filesystem"',
        `path = "${join(dir, "calendars", "tasklane")}/"`,
        'fileext = ".ics"',
        "",
        "[storage server]",
        'type = "caldav"',
        `url = "${collectionUrl}"`,
        `username = "${owner.user.username}"`,
        `password = "${password}"`,
        "",
      ].join("\n"),
    );
    await writeFile(
      join(dir, "todoman.py"),
      [
        `path = "${join(dir, "calendars")}/*"`,
        'date_format = "%Y-%m-%d"',
        'time_format = "%H:%M"',
        'default_list = "tasklane"',
        `cache_path = "${join(dir, "todoman-cache.sqlite3")}"`,
        "",
      ].join("\n"),
    );
    await vdirsyncer("discover");
  });

  afterAll(async () => {
    await t.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function vdirsyncer(...args: string[]): Promise<string> {
    const { stdout, stderr } = await run("vdirsyncer", ["-c", join(dir, "vdirsyncer.conf"), ...args], {
      env: { ...process.env, LC_ALL: "C.UTF-8", LANG: "C.UTF-8" },
    });
    return stdout + stderr;
  }

  async function todoman(...args: string[]): Promise<string> {
    const { stdout } = await run("todoman", ["--config", join(dir, "todoman.py"), ...args], {
      env: { ...process.env, LC_ALL: "C.UTF-8", LANG: "C.UTF-8" },
    });
    return stdout;
  }

  interface LocalTodo {
    id: number;
    summary: string;
    completed: boolean;
    due: number | null;
    priority: number;
  }

  async function localTodos(): Promise<LocalTodo[]> {
    return JSON.parse(await todoman("--porcelain", "list", "--status", "ANY")) as LocalTodo[];
  }

  async function localTodo(summary: string): Promise<LocalTodo> {
    const todo = (await localTodos()).find((item) => item.summary === summary);
    if (!todo) throw new Error(`No local task "${summary}"`);
    return todo;
  }

  async function serverTasks(): Promise<TaskJson[]> {
    return (await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(owner.token) })).json<
      TaskJson[]
    >();
  }

  async function serverTask(title: string): Promise<TaskJson> {
    const task = (await serverTasks()).find((item) => item.title === title);
    if (!task) throw new Error(`No task "${title}" on the server`);
    return task;
  }

  async function localFiles(): Promise<string[]> {
    const folder = join(dir, "calendars", "tasklane");
    const names = (await readdir(folder)).filter((name) => name.endsWith(".ics"));
    return Promise.all(names.map((name) => readFile(join(folder, name), "utf8")));
  }

  it("syncs a task made in todoman to Tasklane, and edits, completion and deletion both ways", async () => {
    // A task that stays, so that deleting the others never empties the folder (which vdirsyncer
    // refuses to sync without --force-delete).
    await t.app.inject({
      method: "POST",
      url: "/api/v1/tasks",
      headers: bearer(owner.token),
      payload: { title: "Keep the list" },
    });
    await todoman("new", "--list", "tasklane", "--due", "2026-12-01", "--priority", "high", "Buy milk");
    await vdirsyncer("sync");
    const created = await serverTask("Buy milk");
    expect(created.priority).toBe("high");
    expect(created.status).toBe("pending");
    // A date without a time is an all-day due date where the user lives (UTC for this account).
    expect(created.due_date).toBe("2026-12-01T23:59:59.000Z");

    // Edited in Tasklane: todoman sees it after a sync.
    await t.app.inject({
      method: "PUT",
      url: `/api/v1/tasks/${created.id}`,
      headers: bearer(owner.token),
      payload: { title: "Buy oat milk", tags: ["shopping"] },
    });
    await vdirsyncer("sync");
    const local = await localTodo("Buy oat milk");
    expect((await localFiles()).some((file) => /CATEGORIES:shopping/.test(file))).toBe(true);

    // Edited in todoman: Tasklane sees it.
    await todoman("edit", String(local.id), "--priority", "low");
    await vdirsyncer("sync");
    expect((await serverTask("Buy oat milk")).priority).toBe("low");

    // Completed in todoman.
    await todoman("done", String(local.id));
    await vdirsyncer("sync");
    const completed = await serverTask("Buy oat milk");
    expect(completed.status).toBe("completed");
    expect(completed.completed_at).not.toBeNull();

    // Deleted in todoman: gone from Tasklane.
    await todoman("delete", "--yes", String(local.id));
    await vdirsyncer("sync");
    expect((await serverTasks()).some((task) => task.title === "Buy oat milk")).toBe(false);

    // Made and then deleted in Tasklane: todoman sees both.
    const made = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/tasks",
        headers: bearer(owner.token),
        payload: { title: "Call the plumber", due_date: "2026-12-03T09:00:00.000Z" },
      })
    ).json<TaskJson>();
    await vdirsyncer("sync");
    expect((await localTodo("Call the plumber")).completed).toBe(false);
    await t.app.inject({ method: "DELETE", url: `/api/v1/tasks/${made.id}`, headers: bearer(owner.token) });
    await vdirsyncer("sync");
    expect((await localTodos()).some((todo) => todo.summary === "Call the plumber")).toBe(false);
  });

  it("completes a repeating task in todoman: Tasklane keeps one next occurrence, the client's", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/v1/tasks",
      headers: bearer(owner.token),
      payload: { title: "Water the plants", due_date: "2026-12-07T09:00:00.000Z", recurrence: "FREQ=WEEKLY" },
    });
    await vdirsyncer("sync");
    expect((await localFiles()).some((file) => /RRULE:FREQ=WEEKLY/.test(file))).toBe(true);

    await todoman("done", String((await localTodo("Water the plants")).id));
    await vdirsyncer("sync");
    const plants = (await serverTasks()).filter((task) => task.title === "Water the plants");
    expect(plants).toHaveLength(2);
    const done = plants.find((task) => task.status === "completed");
    const next = plants.find((task) => task.status === "pending");
    expect(done?.recurrence).toBeNull();
    expect(next?.recurrence).toBe("FREQ=WEEKLY");
    expect(next?.due_date).toBe("2026-12-14T09:00:00.000Z");

    // Both come back to the folder unchanged: nothing more to sync.
    await vdirsyncer("sync");
    expect((await localTodos()).filter((todo) => todo.summary === "Water the plants")).toHaveLength(2);
  });

  it("syncs subtasks both ways as RELATED-TO;RELTYPE=PARENT", async () => {
    const parent = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/tasks",
        headers: bearer(owner.token),
        payload: { title: "Plan the party" },
      })
    ).json<TaskJson>();
    await t.app.inject({
      method: "POST",
      url: "/api/v1/tasks",
      headers: bearer(owner.token),
      payload: { title: "Send invitations", parent_id: parent.id },
    });
    await vdirsyncer("sync");
    const invitations = (await localFiles()).find((file) => file.includes("SUMMARY:Send invitations"));
    expect(invitations).toMatch(new RegExp(`RELATED-TO;RELTYPE=PARENT:${parent.id}`));

    // A subtask written in the folder (todoman has no option for it): Tasklane files it under its parent.
    await writeFile(
      join(dir, "calendars", "tasklane", "cake.ics"),
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//test//EN",
        "BEGIN:VTODO",
        "UID:cake-1",
        "DTSTAMP:20261121T100000Z",
        "SUMMARY:Order the cake",
        `RELATED-TO;RELTYPE=PARENT:${parent.id}`,
        "END:VTODO",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );
    await vdirsyncer("sync");
    expect((await serverTask("Order the cake")).parent_id).toBe(parent.id);

    // Deleting the parent in Tasklane deletes its subtasks, and the folder follows.
    await t.app.inject({ method: "DELETE", url: `/api/v1/tasks/${parent.id}`, headers: bearer(owner.token) });
    await vdirsyncer("sync");
    const left = (await localTodos()).map((todo) => todo.summary);
    expect(left).not.toContain("Plan the party");
    expect(left).not.toContain("Send invitations");
    expect(left).not.toContain("Order the cake");
  });

  it("an incremental sync after one change in Tasklane downloads that one task only", async () => {
    for (const title of ["Pack lunch", "Book flights", "Renew passport"]) {
      await t.app.inject({
        method: "POST",
        url: "/api/v1/tasks",
        headers: bearer(owner.token),
        payload: { title },
      });
    }
    await vdirsyncer("sync");
    await vdirsyncer("sync");
    const flights = await serverTask("Book flights");
    await t.app.inject({
      method: "PUT",
      url: `/api/v1/tasks/${flights.id}`,
      headers: bearer(owner.token),
      payload: { description: "Window seat" },
    });

    const from = seen.length;
    await vdirsyncer("sync");
    const answers = seen.slice(from);
    // A task's text travels in a GET's answer or as calendar-data in a REPORT's.
    const transferred = answers.flatMap((answer) =>
      answer.method === "GET"
        ? [answer.answer]
        : [...answer.answer.matchAll(/<c:calendar-data>([^<]*)<\/c:calendar-data>/g)].map(
            (match) => match[1],
          ),
    );
    expect(transferred).toHaveLength(1);
    expect(transferred[0]).toContain("SUMMARY:Book flights");
    expect(answers.some((answer) => answer.method === "PUT" || answer.method === "DELETE")).toBe(false);
    expect((await localFiles()).some((file) => /DESCRIPTION:Window seat/.test(file))).toBe(true);
  });

  describe("tsdav", () => {
    let client: DAVClient;
    let calendar: DAVCalendar;
    const todoFilter = [
      {
        "comp-filter": {
          _attributes: { name: "VCALENDAR" },
          "comp-filter": { _attributes: { name: "VTODO" } },
        },
      },
    ];

    beforeAll(async () => {
      client = new DAVClient({
        serverUrl: base,
        credentials: { username: owner.user.email, password },
        authMethod: "Basic",
        defaultAccountType: "caldav",
      });
      // Discovery from the server's address alone: /.well-known/caldav, the principal, the home.
      await client.login();
      const calendars = await client.fetchCalendars();
      const found = calendars.find((item) => item.url === collectionUrl);
      if (!found)
        throw new Error(`tsdav did not discover ${collectionUrl}: ${calendars.map((c) => c.url).join(", ")}`);
      calendar = found;
    });

    const vtodo = (uid: string, lines: string[]) =>
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//tsdav test//EN",
        "BEGIN:VTODO",
        `UID:${uid}`,
        "DTSTAMP:20261121T100000Z",
        ...lines,
        "END:VTODO",
        "END:VCALENDAR",
        "",
      ].join("\r\n");

    it("discovers the task list as a VTODO collection", () => {
      expect(calendar.components).toEqual(["VTODO"]);
      expect(calendar.displayName).toBeTruthy();
    });

    it("creates a task with its reminder and keeps properties Tasklane has no field for", async () => {
      const created = await client.createCalendarObject({
        calendar,
        filename: "dentist.ics",
        iCalString: vtodo("dentist-1", [
          "SUMMARY:Book the dentist",
          "DUE:20261210T150000Z",
          "STATUS:IN-PROCESS",
          "X-TASKS-ORG-ORDER:7",
          "BEGIN:VALARM",
          "ACTION:DISPLAY",
          "TRIGGER;RELATED=END:-PT30M",
          "END:VALARM",
        ]),
      });
      expect(created.status).toBe(201);
      const task = await serverTask("Book the dentist");
      expect(task.status).toBe("in_progress");
      expect(task.remind_at).toBe("2026-12-10T14:30:00.000Z");

      const [object] = await client.fetchCalendarObjects({
        calendar,
        objectUrls: [`${collectionUrl}dentist.ics`],
      });
      expect(object?.data).toContain("UID:dentist-1");
      expect(object?.data).toContain("X-TASKS-ORG-ORDER:7");
      expect(object?.data).toContain("TRIGGER;VALUE=DATE-TIME:20261210T143000Z");
    });

    it("answers a stale If-Match with 412, and takes the change made again on the fresh copy", async () => {
      const [object] = await client.fetchCalendarObjects({
        calendar,
        objectUrls: [`${collectionUrl}dentist.ics`],
      });
      if (!object) throw new Error("dentist.ics is missing");
      // Someone changes the task in Tasklane meanwhile.
      const task = await serverTask("Book the dentist");
      await t.app.inject({
        method: "PUT",
        url: `/api/v1/tasks/${task.id}`,
        headers: bearer(owner.token),
        payload: { priority: "urgent" },
      });

      const stale = await client.updateCalendarObject({
        calendarObject: {
          ...object,
          data: object.data.replace("SUMMARY:Book the dentist", "SUMMARY:Book the dentist (late)"),
        },
      });
      expect(stale.status).toBe(412);
      expect((await serverTask("Book the dentist")).priority).toBe("urgent");

      const [fresh] = await client.fetchCalendarObjects({
        calendar,
        objectUrls: [`${collectionUrl}dentist.ics`],
      });
      if (!fresh) throw new Error("dentist.ics is missing");
      expect(fresh.data).toContain("PRIORITY:1");
      const resolved = await client.updateCalendarObject({
        calendarObject: {
          ...fresh,
          data: fresh.data.replace("SUMMARY:Book the dentist", "SUMMARY:Book the dentist today"),
        },
      });
      expect(resolved.status).toBe(204);
      const after = await serverTask("Book the dentist today");
      expect(after.priority).toBe("urgent");
    });

    it("refuses to create over an existing task with If-None-Match: *", async () => {
      const response = await client.createCalendarObject({
        calendar,
        filename: "dentist.ics",
        iCalString: vtodo("dentist-2", ["SUMMARY:Another"]),
      });
      expect(response.status).toBe(412);
    });

    it("sync-collection reports the one change since the last token, deletions included", async () => {
      const first = await client.syncCollection({
        url: collectionUrl,
        props: { "d:getetag": {} },
        syncLevel: 1,
        syncToken: "",
      });
      expect(first.length).toBe((await serverTasks()).length);
      const token = await currentSyncToken();

      const task = await serverTask("Pack lunch");
      await t.app.inject({ method: "DELETE", url: `/api/v1/tasks/${task.id}`, headers: bearer(owner.token) });
      const afterDelete = await client.syncCollection({
        url: collectionUrl,
        props: { "d:getetag": {} },
        syncLevel: 1,
        syncToken: token,
      });
      expect(afterDelete).toHaveLength(1);
      expect(afterDelete[0]?.href).toContain(`${task.id}.ics`);
      expect(afterDelete[0]?.status).toBe(404);

      const next = await currentSyncToken();
      await t.app.inject({
        method: "PUT",
        url: `/api/v1/tasks/${(await serverTask("Renew passport")).id}`,
        headers: bearer(owner.token),
        payload: { status: "in_progress" },
      });
      const afterEdit = await client.syncCollection({
        url: collectionUrl,
        props: { "d:getetag": {} },
        syncLevel: 1,
        syncToken: next,
      });
      expect(afterEdit).toHaveLength(1);
      expect(afterEdit[0]?.href).toContain(".ics");
      expect(afterEdit[0]?.props?.getetag).toBeTruthy();
    });

    async function currentSyncToken(): Promise<string> {
      const [collection] = await client.propfind({
        url: collectionUrl,
        props: { "d:sync-token": {} },
        depth: "0",
      });
      const token = collection?.props?.syncToken as string | undefined;
      if (!token) throw new Error("The collection has no sync-token");
      return token;
    }

    it("lists tasks with calendar-query and deletes one", async () => {
      const objects = await client.fetchCalendarObjects({ calendar, filters: todoFilter });
      expect(objects.length).toBe((await serverTasks()).length);
      const dentist = objects.find((object) => object.url.endsWith("/dentist.ics"));
      if (!dentist) throw new Error("dentist.ics is missing");
      const deleted = await client.deleteCalendarObject({ calendarObject: dentist });
      expect(deleted.status).toBe(204);
      expect((await serverTasks()).some((task) => task.title.startsWith("Book the dentist"))).toBe(false);
    });
  });
});
