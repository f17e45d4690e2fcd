import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiTokenCreated } from "@contract/integrations";
import { apiRoutes } from "@contract/routes";
import type { TaskJson } from "@contract/tasks";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

// Monday 15 July 2030, 08:00 in Berlin.
const NOW = "2030-07-15T06:00:00.000Z";

const READ_TOOLS = ["extract_tasks", "find_tasks", "get_overview", "get_stats", "list_projects", "plan_day"];
const WRITE_TOOLS = [
  "accept_plan",
  "add_tasks",
  "cancel_tasks",
  "complete_tasks",
  "reschedule_tasks",
  "update_tasks",
];

interface ToolTask {
  id: string;
  title: string;
  description: string | null;
  status: string;
  priority: string;
  tags: string[];
  project: string | null;
  due_date: string | null;
  due: string | null;
  recurrence: string | null;
  repeats: string | null;
}

interface ToolResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
}

describe("the MCP endpoint, driven by the SDK's own client", () => {
  let t: TestApp;
  let url: URL;
  let owner: SignedUp;
  let stranger: SignedUp;
  let writeToken: string;
  let readToken: string;
  const clients: Client[] = [];

  async function newToken(scope: "read" | "write"): Promise<string> {
    const response = await t.app.inject({
      method: "POST",
      url: apiRoutes.createApiToken.path,
      headers: bearer(owner.token),
      payload: { name: `assistant ${scope}`, scope },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ApiTokenCreated>().token;
  }

  async function connect(token: string): Promise<Client> {
    const client = new Client({ name: "tasklane-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
    return (await client.callTool({ name, arguments: args })) as ToolResult;
  }

  /** A successful call's structured answer; a failed one fails the test with its message. */
  async function ok<T>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
    const result = await call(client, name, args);
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    expect(result.content[0]?.type).toBe("text");
    return result.structuredContent as T;
  }

  async function ownTasks(): Promise<TaskJson[]> {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/tasks",
      headers: bearer(owner.token),
    });
    return response.json<TaskJson[]>();
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(NOW);
    owner = await signUp(t);
    stranger = await signUp(t);
    const zone = await t.app.inject({
      method: "POST",
      url: apiRoutes.timezone.path,
      headers: bearer(owner.token),
      payload: { timezone: "Europe/Berlin" },
    });
    expect(zone.statusCode, zone.body).toBe(200);
    writeToken = await newToken("write");
    readToken = await newToken("read");
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`);
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await t.close();
  });

  it("answers 401 without a personal API token, even with the app's own session", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
    };
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    for (const extra of [{}, bearer(owner.token), bearer("tl_pat_not-a-real-token")]) {
      const response = await fetch(url, {
        method: "POST",
        headers: { ...headers, ...extra },
        body: JSON.stringify(initialize),
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toBeTruthy();
    }
    await expect(connect("tl_pat_not-a-real-token")).rejects.toThrow();
  });

  it("initializes and lists every workflow tool for a read and write token, each described with an input schema", async () => {
    const client = await connect(writeToken);
    expect(client.getServerVersion()?.name).toBe("tasklane");
    expect(client.getInstructions()).toContain("cancel_tasks");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.annotations?.readOnlyHint).toBe(READ_TOOLS.includes(tool.name));
      expect(tool.annotations?.destructiveHint).toBe(false);
    }
    const add = tools.find((tool) => tool.name === "add_tasks");
    expect(add?.inputSchema.required).toEqual(["tasks"]);
  });

  it("lists only the read tools for a read-only token, and refuses it the write tools", async () => {
    const client = await connect(readToken);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(READ_TOOLS);
    const before = (await ownTasks()).length;
    const refused = await call(client, "add_tasks", { tasks: [{ text: "Sneaky task" }] });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toContain("add_tasks");
    expect((await ownTasks()).length).toBe(before);
    await ok(client, "find_tasks");
  });

  describe("with a read and write token", () => {
    let client: Client;
    let dentist: ToolTask;
    let plants: ToolTask;
    let report: ToolTask;

    beforeAll(async () => {
      client = await connect(writeToken);
    });

    it("adds tasks from quick-add text, saying each due date back with its weekday in the user's zone", async () => {
      const result = await call(client, "add_tasks", {
        tasks: [
          { text: "Call the dentist tomorrow at 3pm +Health !high" },
          { text: "Water the plants every monday #home" },
          { text: "Write the report friday", project: "Work" },
        ],
      });
      expect(result.isError, result.content[0]?.text).toBeFalsy();
      [dentist, plants, report] = (result.structuredContent as { tasks: ToolTask[] }).tasks as [
        ToolTask,
        ToolTask,
        ToolTask,
      ];
      expect(dentist).toMatchObject({
        title: "Call the dentist",
        priority: "high",
        project: "Health",
        due_date: "2030-07-16T13:00:00.000Z",
        due: "Tuesday, 16 July 2030 at 15:00 (Europe/Berlin)",
      });
      expect(plants).toMatchObject({
        title: "Water the plants",
        tags: ["home"],
        recurrence: "FREQ=WEEKLY;BYDAY=MO",
        repeats: "every week on Monday",
        due: "Monday, 15 July 2030, all day",
      });
      expect(report).toMatchObject({ project: "Work", due: "Friday, 19 July 2030, all day" });
      expect(result.content[0]?.text).toContain("Tuesday, 16 July 2030 at 15:00");
      expect(result.content[0]?.text).toContain(dentist.id);

      const saved = await ownTasks();
      expect(saved.map((task) => task.title)).toEqual(
        expect.arrayContaining(["Call the dentist", "Water the plants", "Write the report"]),
      );
    });

    it("finds tasks by words, project, status and due dates", async () => {
      const byWords = await ok<{ tasks: ToolTask[]; total: number }>(client, "find_tasks", {
        query: "dentist",
      });
      expect(byWords.tasks.map((task) => task.id)).toEqual([dentist.id]);
      const byProject = await ok<{ tasks: ToolTask[] }>(client, "find_tasks", { project: "work" });
      expect(byProject.tasks.map((task) => task.id)).toEqual([report.id]);
      const thisWeek = await ok<{ tasks: ToolTask[] }>(client, "find_tasks", {
        due_after: "2030-07-16",
        due_before: "2030-07-18",
      });
      expect(thisWeek.tasks.map((task) => task.id)).toEqual([dentist.id]);
      const limited = await ok<{ tasks: ToolTask[]; total: number }>(client, "find_tasks", { limit: 1 });
      expect(limited).toMatchObject({ total: 3 });
      expect(limited.tasks).toHaveLength(1);
      const unknown = await call(client, "find_tasks", { project: "Nowhere" });
      expect(unknown.isError).toBe(true);
      expect(unknown.content[0]?.text).toContain("Nowhere");
    });

    it("updates only the fields named", async () => {
      await ok(client, "update_tasks", { updates: [{ id: dentist.id, description: "Ask about the crown" }] });
      const { tasks } = await ok<{ tasks: ToolTask[] }>(client, "update_tasks", {
        updates: [{ id: dentist.id, title: "Call the dentist's office" }],
      });
      expect(tasks[0]).toMatchObject({
        title: "Call the dentist's office",
        description: "Ask about the crown",
        priority: "high",
        project: "Health",
        due_date: dentist.due_date,
      });
      const empty = await call(client, "update_tasks", { updates: [{ id: dentist.id }] });
      expect(empty.isError).toBe(true);
    });

    it("reschedules in words, keeping a timed task's time of day and a repeating task's rule", async () => {
      const { tasks } = await ok<{ tasks: ToolTask[] }>(client, "reschedule_tasks", {
        ids: [dentist.id, plants.id],
        when: "next monday",
      });
      const [movedDentist, movedPlants] = tasks as [ToolTask, ToolTask];
      expect(movedDentist.due).toBe("Monday, 22 July 2030 at 15:00 (Europe/Berlin)");
      expect(movedPlants).toMatchObject({
        due: "Monday, 22 July 2030, all day",
        recurrence: "FREQ=WEEKLY;BYDAY=MO",
      });
      const unread = await call(client, "reschedule_tasks", { ids: [dentist.id], when: "whenever" });
      expect(unread.isError).toBe(true);
      expect(unread.content[0]?.text).toContain("Could not read a date");
    });

    it("says another user's task ids are not found, and changes nothing of theirs", async () => {
      const theirs = await t.app.inject({
        method: "POST",
        url: "/api/v1/tasks",
        headers: bearer(stranger.token),
        payload: { title: "Their task" },
      });
      const theirId = theirs.json<TaskJson>().id;
      for (const [name, args] of [
        ["complete_tasks", { ids: [theirId] }],
        ["cancel_tasks", { ids: [dentist.id, theirId] }],
        ["update_tasks", { updates: [{ id: theirId, title: "Mine now" }] }],
        ["reschedule_tasks", { ids: [theirId], when: "tomorrow" }],
      ] as const) {
        const result = await call(client, name, args);
        expect(result.isError, name).toBe(true);
        expect(result.content[0]?.text, name).toBe(`Task not found: ${theirId}`);
      }
      const still = await t.app.inject({
        method: "GET",
        url: `/api/v1/tasks/${theirId}`,
        headers: bearer(stranger.token),
      });
      expect(still.json<TaskJson>()).toMatchObject({ title: "Their task", status: "pending" });
      expect((await ownTasks()).find((task) => task.id === dentist.id)?.status).toBe("pending");
    });

    it("completes tasks (a repeating one gets its next occurrence) and cancels without deleting", async () => {
      const completed = await ok<{ tasks: ToolTask[] }>(client, "complete_tasks", { ids: [plants.id] });
      expect(completed.tasks[0]?.status).toBe("completed");
      const cancelled = await ok<{ tasks: ToolTask[] }>(client, "cancel_tasks", { ids: [report.id] });
      expect(cancelled.tasks[0]?.status).toBe("cancelled");
      const tasks = await ownTasks();
      expect(tasks.find((task) => task.id === report.id)?.status).toBe("cancelled");
      const next = tasks.filter((task) => task.title === "Water the plants" && task.status === "pending");
      // The changes left the same history as the REST API's (all at the test's one instant).
      const exported = await t.app.inject({
        method: "GET",
        url: "/api/v1/export?format=json",
        headers: bearer(owner.token),
      });
      const history = exported
        .json<{ tasks: Array<{ id: string; events: Array<{ kind: string; to: string | null }> }> }>()
        .tasks.find((task) => task.id === plants.id)?.events;
      expect(history?.map((event) => `${event.kind} ${event.to}`).sort()).toEqual([
        "created pending",
        "rescheduled 2030-07-22T21:59:59.000Z",
        "status_changed completed",
      ]);
      expect(next.map((task) => task.due_date)).toEqual(["2030-07-29T21:59:59.000Z"]);
    });

    it("lists projects and gives an overview of overdue, today, upcoming and the day's plan", async () => {
      const { projects } = await ok<{ projects: Array<{ name: string; open_count: number }> }>(
        client,
        "list_projects",
      );
      expect(projects.map((project) => project.name)).toEqual(["Inbox", "Health", "Work"]);
      await ok(client, "add_tasks", {
        tasks: [{ text: "Pay the rent yesterday" }, { text: "Buy milk today" }],
      });
      const overview = await ok<Record<string, ToolTask[] | number | string>>(client, "get_overview");
      expect((overview.overdue as ToolTask[]).map((task) => task.title)).toEqual(["Pay the rent"]);
      expect((overview.today as ToolTask[]).map((task) => task.title)).toEqual(["Buy milk"]);
      // The plants' next occurrence (29 July) is beyond the next 7 days.
      expect((overview.upcoming as ToolTask[]).map((task) => task.title)).toEqual([
        "Call the dentist's office",
      ]);
      expect(overview.plan).toEqual([]);
    });

    it("proposes a day plan that changes nothing, and accepts it on request", async () => {
      const proposal = await ok<{
        date: string;
        blocks: Array<{ task_id: string; title: string; start: string }>;
      }>(client, "plan_day");
      expect(proposal.date).toBe("2030-07-15");
      expect(proposal.blocks.length).toBeGreaterThan(0);
      expect((await ownTasks()).every((task) => task.scheduled_start === null)).toBe(true);

      const accepted = await ok<{ scheduled: Array<{ task_id: string }> }>(client, "accept_plan", {
        blocks: proposal.blocks.slice(0, 1),
      });
      expect(accepted.scheduled.map((block) => block.task_id)).toEqual([proposal.blocks[0]?.task_id]);
      const planned = (await ownTasks()).filter((task) => task.scheduled_start !== null);
      expect(planned.map((task) => task.id)).toEqual([proposal.blocks[0]?.task_id]);
      const overview = await ok<{ plan: ToolTask[] }>(client, "get_overview");
      expect(overview.plan.map((task) => task.id)).toEqual([proposal.blocks[0]?.task_id]);
    });

    it("extracts tasks from text without saving them", async () => {
      const before = (await ownTasks()).length;
      const { tasks } = await ok<{ tasks: Array<{ title: string }> }>(client, "extract_tasks", {
        text: "Notes\n- [ ] Book the venue\n- [ ] Send the invitations",
        method: "pattern",
      });
      expect(tasks.map((task) => task.title)).toEqual(["Book the venue", "Send the invitations"]);
      expect((await ownTasks()).length).toBe(before);
    });

    it("reports statistics over a range", async () => {
      const stats = await ok<{
        counts: { total: number; completed: number; cancelled: number };
        completed: number;
      }>(client, "get_stats", { range: "week" });
      expect(stats.counts).toMatchObject({ total: 6, completed: 1, cancelled: 1 });
      expect(stats.completed).toBe(1);
    });
  });
});
