import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planAcceptResponseSchema, planProposalSchema, type PlanProposal } from "@contract/planning";
import { apiRoutes } from "@contract/routes";
import { taskJsonSchema, type CreateTaskRequest, type TaskJson } from "@contract/tasks";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";
import { fixture } from "../calendars/ics-server";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Monday 2 November 2026, 07:00 in New York, the day after clocks went back.
  t.clock.set("2026-11-02T12:00:00.000Z");
});
afterAll(async () => t.close());

async function newUser(timezone = "America/New_York") {
  const { token } = await signUp(t);
  const headers = bearer(token);
  await t.app.inject({ method: "POST", url: apiRoutes.timezone.path, headers, payload: { timezone } });
  const post = (url: string, payload: object) => t.app.inject({ method: "POST", url, headers, payload });
  return {
    headers,
    post,
    async create(body: CreateTaskRequest): Promise<TaskJson> {
      const response = await post(apiRoutes.createTask.path, body);
      expect(response.statusCode, response.body).toBe(201);
      return taskJsonSchema.parse(response.json());
    },
    async tasks(): Promise<TaskJson[]> {
      const response = await t.app.inject({ method: "GET", url: apiRoutes.listTasks.path, headers });
      return (response.json() as TaskJson[]).sort((a, b) => a.title.localeCompare(b.title));
    },
    async propose(date: string): Promise<PlanProposal> {
      const response = await post(apiRoutes.proposePlan.path, { date });
      expect(response.statusCode, response.body).toBe(200);
      return planProposalSchema.strict().parse(response.json());
    },
    async events(from: string, to: string) {
      const response = await t.app.inject({
        method: "GET",
        url: apiRoutes.calendarEvents.path,
        headers,
        query: { from, to },
      });
      return response.json() as { start: string; end: string; title: string }[];
    },
    async upload(name: string) {
      const response = await t.app.inject({
        method: "POST",
        url: apiRoutes.importCalendar.path,
        headers: { ...headers, "content-type": "text/calendar" },
        payload: fixture(name),
      });
      expect(response.statusCode, response.body).toBe(201);
    },
  };
}

describe("POST /api/v1/plan/propose", () => {
  it("fits tasks around the user's real calendar, inside working hours, and changes nothing", async () => {
    const alice = await newUser();
    await alice.upload("weekly-meeting-new-york.ics");
    for (let index = 0; index < 12; index += 1) {
      await alice.create({
        title: `Task ${String(index).padStart(2, "0")}`,
        duration_minutes: 30 + (index % 3) * 30,
        due_date: index < 4 ? "2026-11-02T21:00:00.000Z" : null,
      });
    }
    const before = await alice.tasks();
    const proposal = await alice.propose("2026-11-02");
    expect(proposal.blocks.length).toBeGreaterThan(3);

    // Monday 09:00–17:00 EST is 14:00Z–22:00Z; the meeting (15:00Z) and the dentist (19:00Z)
    // are busy, the free lunch is not.
    const busy = (await alice.events("2026-11-02T05:00:00Z", "2026-11-03T05:00:00Z")).filter(
      (event) => !event.title.includes("free"),
    );
    expect(busy.map((event) => event.title)).toEqual(["Team sync", "Dentist"]);
    let minutes = 0;
    for (const block of proposal.blocks) {
      const start = Date.parse(block.start);
      const end = Date.parse(block.end);
      minutes += (end - start) / 60_000;
      expect(start).toBeGreaterThanOrEqual(Date.parse("2026-11-02T14:00:00Z"));
      expect(end).toBeLessThanOrEqual(Date.parse("2026-11-02T22:00:00Z"));
      for (const event of busy) {
        expect(end + 600_000 <= Date.parse(event.start) || start >= Date.parse(event.end) + 600_000).toBe(
          true,
        );
      }
    }
    expect(minutes).toBeLessThanOrEqual(360);
    expect(proposal.blocks[0]).toMatchObject({
      start: "2026-11-02T14:00:00.000Z",
      reason: expect.stringMatching(/^due today, \d+ min, /),
    });
    expect(await alice.tasks()).toEqual(before);
    // The same inputs, the same proposal.
    expect(await alice.propose("2026-11-02")).toEqual(proposal);
  });

  it("follows the working hours and capacity in Settings", async () => {
    const alice = await newUser();
    await t.app.inject({
      method: "PUT",
      url: apiRoutes.settings.path,
      headers: alice.headers,
      payload: {
        working_hours: { days: [1, 2, 3, 4, 5], start: "13:00", end: "15:00" },
        daily_capacity_minutes: 60,
        default_duration_minutes: 45,
      },
    });
    const first = await alice.create({ title: "First", due_date: "2026-11-02T21:00:00.000Z" });
    const second = await alice.create({ title: "Second", due_date: "2026-11-02T22:00:00.000Z" });
    const proposal = await alice.propose("2026-11-02");
    expect(proposal).toEqual({
      blocks: [
        {
          task_id: first.id,
          start: "2026-11-02T18:00:00.000Z",
          end: "2026-11-02T18:45:00.000Z",
          reason: "due today, 45 min, the earliest free afternoon slot",
        },
      ],
      unscheduled: [
        { task_id: second.id, reason: "due today, 45 min: over the 1 h of task work wanted in a day" },
      ],
      overcommitted_minutes: 45,
    });
  });

  it.each([{ date: "2026-13-01" }, { date: "2026-02-30" }, { date: "tomorrow" }, {}])(
    "refuses %j with a 400",
    async (payload) => {
      const alice = await newUser();
      expect((await alice.post(apiRoutes.proposePlan.path, payload)).statusCode).toBe(400);
    },
  );
});

describe("accepting and undoing a plan", () => {
  it("sets the tasks' start and duration, and one undo puts them back", async () => {
    const alice = await newUser();
    const report = await alice.create({ title: "Report", duration_minutes: 90 });
    const call = await alice.create({ title: "Call", scheduled_start: "2026-11-05T15:00:00.000Z" });
    const untouched = await alice.create({ title: "Untouched" });
    const proposal = await alice.propose("2026-11-02");
    // The user moves one block and stretches it before accepting.
    const accepted = await alice.post(apiRoutes.acceptPlan.path, {
      date: "2026-11-02",
      blocks: [
        { task_id: report.id, start: "2026-11-02T14:00:00Z", end: "2026-11-02T16:00:00Z" },
        { task_id: call.id, start: "2026-11-02T16:30:00.000Z", end: "2026-11-02T16:45:00.000Z" },
      ],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { undo_token } = planAcceptResponseSchema.strict().parse(accepted.json());
    expect(proposal.blocks.map((block) => block.task_id).sort()).toEqual([report.id, untouched.id].sort());

    const planned = await alice.tasks();
    expect(planned.map((task) => [task.title, task.scheduled_start, task.duration_minutes])).toEqual([
      ["Call", "2026-11-02T16:30:00.000Z", 15],
      ["Report", "2026-11-02T14:00:00.000Z", 120],
      ["Untouched", null, null],
    ]);
    // Planned now: the next proposal leaves them where they are.
    const again = await alice.propose("2026-11-02");
    expect(again.blocks.filter((block) => block.task_id !== untouched.id)).toEqual([
      {
        task_id: report.id,
        start: "2026-11-02T14:00:00.000Z",
        end: "2026-11-02T16:00:00.000Z",
        reason: "already planned for 09:00, 120 min",
      },
      {
        task_id: call.id,
        start: "2026-11-02T16:30:00.000Z",
        end: "2026-11-02T16:45:00.000Z",
        reason: "already planned for 11:30, 15 min",
      },
    ]);

    const undone = await alice.post(apiRoutes.undoPlan.path, { undo_token });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ restored: 2 });
    expect(
      (await alice.tasks()).map((task) => [task.title, task.scheduled_start, task.duration_minutes]),
    ).toEqual([
      ["Call", "2026-11-05T15:00:00.000Z", null],
      ["Report", null, 90],
      ["Untouched", null, null],
    ]);
    // Once only.
    expect((await alice.post(apiRoutes.undoPlan.path, { undo_token })).statusCode).toBe(404);
  });

  it("keeps the undo in the database: another server instance can undo it", async () => {
    const alice = await newUser();
    const task = await alice.create({ title: "Anywhere" });
    const accepted = await alice.post(apiRoutes.acceptPlan.path, {
      date: "2026-11-02",
      blocks: [{ task_id: task.id, start: "2026-11-02T14:00:00Z", end: "2026-11-02T14:30:00Z" }],
    });
    const { undo_token } = planAcceptResponseSchema.parse(accepted.json());
    const other = await createTestApp({ db: t.deps.db, clock: t.clock });
    try {
      const undone = await other.app.inject({
        method: "POST",
        url: apiRoutes.undoPlan.path,
        headers: alice.headers,
        payload: { undo_token },
      });
      expect(undone.json()).toEqual({ restored: 1 });
    } finally {
      await other.close();
    }
  });

  it("an undo expires after a week", async () => {
    const alice = await newUser();
    const task = await alice.create({ title: "Old plan" });
    const accepted = await alice.post(apiRoutes.acceptPlan.path, {
      date: "2026-11-02",
      blocks: [{ task_id: task.id, start: "2026-11-02T14:00:00Z", end: "2026-11-02T14:30:00Z" }],
    });
    const { undo_token } = planAcceptResponseSchema.parse(accepted.json());
    t.clock.advance(7 * 24 * 60 * 60_000 + 1_000);
    try {
      expect((await alice.post(apiRoutes.undoPlan.path, { undo_token })).statusCode).toBe(404);
    } finally {
      t.clock.set("2026-11-02T12:00:00.000Z");
    }
  });

  it("changes nothing when a block names another user's task (404) or is malformed (400)", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const mine = await alice.create({ title: "Mine" });
    const theirs = await bob.create({ title: "Theirs" });
    const before = await alice.tasks();
    const refused = await alice.post(apiRoutes.acceptPlan.path, {
      date: "2026-11-02",
      blocks: [
        { task_id: mine.id, start: "2026-11-02T14:00:00Z", end: "2026-11-02T14:30:00Z" },
        { task_id: theirs.id, start: "2026-11-02T15:00:00Z", end: "2026-11-02T15:30:00Z" },
      ],
    });
    expect(refused.statusCode).toBe(404);
    expect(await alice.tasks()).toEqual(before);

    for (const blocks of [
      [{ task_id: mine.id, start: "2026-11-02T14:00:00Z", end: "2026-11-02T14:03:00Z" }],
      [{ task_id: mine.id, start: "2026-11-02T14:00:00Z", end: "2026-11-03T14:00:00Z" }],
      [{ task_id: mine.id, start: "2026-11-02T14:00:00Z", end: "2026-11-02T13:00:00Z" }],
      [
        { task_id: mine.id, start: "2026-11-02T14:00:00Z", end: "2026-11-02T14:30:00Z" },
        { task_id: mine.id, start: "2026-11-02T15:00:00Z", end: "2026-11-02T15:30:00Z" },
      ],
    ]) {
      const response = await alice.post(apiRoutes.acceptPlan.path, { date: "2026-11-02", blocks });
      expect(response.statusCode, JSON.stringify(blocks)).toBe(400);
    }
    expect(await alice.tasks()).toEqual(before);

    // Nor can another user use an undo token.
    const accepted = await alice.post(apiRoutes.acceptPlan.path, {
      date: "2026-11-02",
      blocks: [{ task_id: mine.id, start: "2026-11-02T14:00:00Z", end: "2026-11-02T14:30:00Z" }],
    });
    const { undo_token } = planAcceptResponseSchema.parse(accepted.json());
    expect((await bob.post(apiRoutes.undoPlan.path, { undo_token })).statusCode).toBe(404);
    expect((await alice.post(apiRoutes.undoPlan.path, { undo_token })).json()).toEqual({ restored: 1 });
  });
});
