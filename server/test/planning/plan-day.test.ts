import { describe, expect, it } from "vitest";
import { PLAN_GAP_MINUTES } from "@contract/planning";
import type { TaskPriority } from "@contract/tasks";
import {
  planDay,
  type BusyTime,
  type PlanDayInput,
  type PlanTask,
} from "../../src/modules/planning/plan-day";

const MINUTE = 60_000;
const GAP = PLAN_GAP_MINUTES * MINUTE;

let sequence = 0;
function task(overrides: Partial<PlanTask> = {}): PlanTask {
  sequence += 1;
  return {
    id: `t${String(sequence).padStart(4, "0")}`,
    title: `Task ${sequence}`,
    priority: "medium",
    due_date: null,
    duration_minutes: null,
    scheduled_start: null,
    created_at: "2026-10-01T00:00:00.000Z",
    ...overrides,
  };
}

const event = (title: string, start: string, end: string): BusyTime => ({
  title,
  startMs: Date.parse(start),
  endMs: Date.parse(end),
});

/** Monday 2 November 2026 in New York, the day after clocks went back (EST, UTC−5), at 07:00. */
const base: PlanDayInput = {
  date: "2026-11-02",
  timeZone: "America/New_York",
  now: new Date("2026-11-02T12:00:00.000Z"),
  workingHours: { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
  capacityMinutes: 360,
  defaultDurationMinutes: 30,
  tasks: [],
  busy: [],
  aiRanking: [],
};

/** The rules every proposal keeps, whatever the input. */
function expectSound(input: PlanDayInput, workStart: string, workEnd: string) {
  const proposal = planDay(input);
  const blocks = proposal.blocks.map((block) => ({
    ...block,
    startMs: Date.parse(block.start),
    endMs: Date.parse(block.end),
  }));
  let minutes = 0;
  for (const block of blocks) {
    minutes += (block.endMs - block.startMs) / MINUTE;
    // Inside the working hours.
    expect(block.startMs).toBeGreaterThanOrEqual(Date.parse(workStart));
    expect(block.endMs).toBeLessThanOrEqual(Date.parse(workEnd));
    // Never on an event, and 10 minutes from it.
    for (const busy of input.busy) {
      expect(
        block.endMs + GAP <= busy.startMs || block.startMs >= busy.endMs + GAP,
        `${block.task_id} vs ${busy.title}`,
      ).toBe(true);
    }
  }
  const sorted = [...blocks].sort((a, b) => a.startMs - b.startMs);
  for (let index = 1; index < sorted.length; index += 1) {
    const previous = sorted[index - 1];
    const current = sorted[index];
    if (previous && current) expect(current.startMs - previous.endMs).toBeGreaterThanOrEqual(GAP);
  }
  expect(minutes).toBeLessThanOrEqual(input.capacityMinutes);
  expect(new Set(proposal.blocks.map((block) => block.task_id)).size).toBe(proposal.blocks.length);
  return proposal;
}

/** A small seeded generator, so a failing case can be run again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe("the proposal keeps its rules", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])(
    "never overlaps an event, never leaves working hours, respects capacity (random day %i)",
    (seed) => {
      const next = random(seed);
      const priorities: TaskPriority[] = ["low", "medium", "high", "urgent"];
      const tasks = Array.from({ length: 5 + Math.floor(next() * 60) }, () =>
        task({
          priority: priorities[Math.floor(next() * 4)],
          duration_minutes: next() < 0.3 ? null : 5 + Math.floor(next() * 24) * 5,
          due_date:
            next() < 0.3
              ? null
              : new Date(
                  Date.parse("2026-10-30T00:00:00Z") + Math.floor(next() * 10 * 24) * 3_600_000,
                ).toISOString(),
        }),
      );
      const busy = Array.from({ length: Math.floor(next() * 8) }, (_, index) => {
        const start = Date.parse("2026-11-02T12:00:00Z") + Math.floor(next() * 12 * 12) * 5 * MINUTE;
        const end = start + (1 + Math.floor(next() * 18)) * 5 * MINUTE;
        return { title: `Event ${index}`, startMs: start, endMs: end };
      });
      const input = { ...base, tasks, busy, capacityMinutes: 60 + Math.floor(next() * 8) * 60 };
      const proposal = expectSound(input, "2026-11-02T14:00:00Z", "2026-11-02T22:00:00Z");
      // Wanted tasks that did not fit are listed, and their time is what is overcommitted.
      const placed = new Set(proposal.blocks.map((block) => block.task_id));
      for (const left of proposal.unscheduled) expect(placed.has(left.task_id)).toBe(false);
    },
  );

  it("is the same for the same inputs, in whatever order the tasks come", () => {
    const tasks = Array.from({ length: 40 }, (_, index) =>
      task({ priority: index % 3 === 0 ? "high" : "medium", duration_minutes: 15 + (index % 4) * 15 }),
    );
    const busy = [event("Team sync", "2026-11-02T15:00:00Z", "2026-11-02T16:00:00Z")];
    const first = planDay({ ...base, tasks, busy });
    expect(planDay({ ...base, tasks, busy })).toEqual(first);
    expect(planDay({ ...base, tasks: [...tasks].reverse(), busy })).toEqual(first);
    expect(first.blocks.length).toBeGreaterThan(5);
  });
});

describe("across a change of clocks", () => {
  it("New York's 1 November (25 hours, EST from 02:00): 09:00–17:00 is 14:00Z–22:00Z", () => {
    const input = {
      ...base,
      date: "2026-11-01",
      now: new Date("2026-10-31T12:00:00.000Z"),
      workingHours: { days: [1, 2, 3, 4, 5, 6, 7], start: "09:00", end: "17:00" },
      tasks: Array.from({ length: 30 }, () => task({ duration_minutes: 45 })),
      busy: [event("Brunch", "2026-11-01T15:00:00Z", "2026-11-01T16:30:00Z")],
      capacityMinutes: 1440,
    };
    const proposal = expectSound(input, "2026-11-01T14:00:00Z", "2026-11-01T22:00:00Z");
    expect(proposal.blocks.map((block) => block.start)).toEqual([
      "2026-11-01T14:00:00.000Z",
      "2026-11-01T16:40:00.000Z",
      "2026-11-01T17:35:00.000Z",
      "2026-11-01T18:30:00.000Z",
      "2026-11-01T19:25:00.000Z",
      "2026-11-01T20:20:00.000Z",
      "2026-11-01T21:15:00.000Z",
    ]);
    expect(proposal.blocks.at(-1)?.end).toBe("2026-11-01T22:00:00.000Z");
  });

  it("Berlin's 29 March (23 hours, CEST from 02:00): 09:00–17:00 is 07:00Z–15:00Z, the day before 08:00Z–16:00Z", () => {
    const working = { days: [1, 2, 3, 4, 5, 6, 7], start: "09:00", end: "17:00" };
    const tasks = Array.from({ length: 30 }, () => task({ duration_minutes: 45 }));
    const standup = (day: string, utcHour: string) =>
      event("Stand-up", `2026-03-${day}T${utcHour}:00:00Z`, `2026-03-${day}T${utcHour}:15:00Z`);
    const sunday = expectSound(
      {
        ...base,
        date: "2026-03-29",
        timeZone: "Europe/Berlin",
        now: new Date("2026-03-20T00:00:00Z"),
        workingHours: working,
        tasks,
        busy: [standup("29", "07")],
        capacityMinutes: 1440,
      },
      "2026-03-29T07:00:00Z",
      "2026-03-29T15:00:00Z",
    );
    // The stand-up takes 09:00–09:15 local; the first block starts ten minutes after it.
    expect(sunday.blocks[0]?.start).toBe("2026-03-29T07:25:00.000Z");
    const saturday = expectSound(
      {
        ...base,
        date: "2026-03-28",
        timeZone: "Europe/Berlin",
        now: new Date("2026-03-20T00:00:00Z"),
        workingHours: working,
        tasks,
        busy: [standup("28", "08")],
        capacityMinutes: 1440,
      },
      "2026-03-28T08:00:00Z",
      "2026-03-28T16:00:00Z",
    );
    expect(saturday.blocks[0]?.start).toBe("2026-03-28T08:25:00.000Z");
  });
});

describe("what goes first, and why", () => {
  it("puts yesterday's unfinished tasks first, then overdue, due today, due tomorrow, then by priority", () => {
    const later = task({ title: "Someday", priority: "urgent" });
    const tomorrow = task({ title: "Tomorrow", due_date: "2026-11-03T20:00:00.000Z" });
    const today = task({ title: "Today", due_date: "2026-11-02T20:00:00.000Z" });
    const overdue = task({ title: "Late", due_date: "2026-10-28T20:00:00.000Z", priority: "low" });
    const leftOver = task({
      title: "Left over",
      scheduled_start: "2026-11-01T15:00:00.000Z",
      priority: "low",
    });
    const proposal = planDay({ ...base, tasks: [later, tomorrow, today, overdue, leftOver] });
    expect(proposal.blocks.map((block) => block.task_id)).toEqual([
      leftOver.id,
      overdue.id,
      today.id,
      tomorrow.id,
      later.id,
    ]);
    expect(proposal.blocks.map((block) => block.reason)).toEqual([
      "left over from yesterday, 30 min, the earliest free morning slot",
      "overdue since Wed 28 Oct, 30 min, the earliest free morning slot",
      "due today, 30 min, the earliest free morning slot",
      "due tomorrow, 30 min, the earliest free morning slot",
      "urgent, 30 min, the earliest free morning slot",
    ]);
    expect(proposal.blocks.map((block) => block.start)).toEqual([
      "2026-11-02T14:00:00.000Z",
      "2026-11-02T14:40:00.000Z",
      "2026-11-02T15:20:00.000Z",
      "2026-11-02T16:00:00.000Z",
      "2026-11-02T16:40:00.000Z",
    ]);
  });

  it("says so when a block takes the only free morning slot", () => {
    const report = task({
      title: "Board report",
      due_date: "2026-11-03T22:00:00.000Z",
      duration_minutes: 90,
    });
    const busy = [
      event("Check-in", "2026-11-02T14:00:00Z", "2026-11-02T14:20:00Z"),
      event("Interview", "2026-11-02T16:10:00Z", "2026-11-02T17:00:00Z"),
    ];
    const proposal = planDay({ ...base, tasks: [report], busy });
    expect(proposal.blocks).toEqual([
      {
        task_id: report.id,
        start: "2026-11-02T14:30:00.000Z",
        end: "2026-11-02T16:00:00.000Z",
        reason: "due tomorrow, 90 min, the only free morning slot",
      },
    ]);
  });

  it("breaks ties of priority by today's AI plan", () => {
    const a = task();
    const b = task();
    const proposal = planDay({ ...base, tasks: [a, b], aiRanking: [b.id, a.id] });
    expect(proposal.blocks.map((block) => [block.task_id, block.reason])).toEqual([
      [b.id, "#1 in today's AI plan, 30 min, the earliest free morning slot"],
      [a.id, "#2 in today's AI plan, 30 min, the earliest free morning slot"],
    ]);
  });

  it("leaves tasks planned on the day where they are, and those planned for later days out", () => {
    const planned = task({ scheduled_start: "2026-11-02T14:00:00.000Z", duration_minutes: 60 });
    const nextWeek = task({
      scheduled_start: "2026-11-09T14:00:00.000Z",
      due_date: "2026-11-02T20:00:00.000Z",
    });
    const other = task({ due_date: "2026-11-02T20:00:00.000Z" });
    const proposal = planDay({ ...base, tasks: [planned, nextWeek, other] });
    expect(proposal.blocks).toEqual([
      {
        task_id: planned.id,
        start: "2026-11-02T14:00:00.000Z",
        end: "2026-11-02T15:00:00.000Z",
        reason: "already planned for 09:00, 60 min",
      },
      {
        task_id: other.id,
        start: "2026-11-02T15:10:00.000Z",
        end: "2026-11-02T15:40:00.000Z",
        reason: "due today, 30 min, the earliest free morning slot",
      },
    ]);
  });

  it("on today, starts after now, on the five minutes", () => {
    const proposal = planDay({
      ...base,
      now: new Date("2026-11-02T18:07:00.000Z"),
      tasks: [task({ due_date: "2026-11-02T22:00:00.000Z" })],
    });
    expect(proposal.blocks[0]?.start).toBe("2026-11-02T18:10:00.000Z");
  });
});

describe("an overcommitted day", () => {
  it("fits what the capacity allows and lists the rest wanted today with why", () => {
    const tasks = [1, 2, 3].map(() => task({ due_date: "2026-11-02T21:00:00.000Z", duration_minutes: 60 }));
    const someday = task({ duration_minutes: 60 });
    const proposal = planDay({ ...base, tasks: [...tasks, someday], capacityMinutes: 120 });
    expect(proposal.blocks.map((block) => block.task_id)).toEqual([tasks[0]?.id, tasks[1]?.id]);
    expect(proposal.unscheduled).toEqual([
      { task_id: tasks[2]?.id, reason: "due today, 60 min: over the 2 h of task work wanted in a day" },
    ]);
    expect(proposal.overcommitted_minutes).toBe(60);
  });

  it("counts what the free time cannot hold", () => {
    const busy = [event("Offsite", "2026-11-02T14:00:00Z", "2026-11-02T21:10:00Z")];
    const tasks = [
      task({ due_date: "2026-11-02T21:00:00.000Z", duration_minutes: 90 }),
      task({ due_date: "2026-11-01T21:00:00.000Z", duration_minutes: 50 }),
    ];
    const proposal = planDay({ ...base, tasks, busy });
    expect(proposal.blocks).toEqual([]);
    expect(proposal.unscheduled.map((left) => left.reason)).toEqual([
      "overdue since Sun 1 Nov, 50 min: no free time that long left in the working hours",
      "due today, 90 min: no free time that long left in the working hours",
    ]);
    expect(proposal.overcommitted_minutes).toBe(140);
  });

  it("plans nothing on a day off, and says why for what was due", () => {
    const due = task({ due_date: "2026-11-07T20:00:00.000Z" });
    const proposal = planDay({ ...base, date: "2026-11-07", tasks: [due, task()] });
    expect(proposal).toEqual({
      blocks: [],
      unscheduled: [{ task_id: due.id, reason: "due Sat 7 Nov, 30 min: not a working day" }],
      overcommitted_minutes: 30,
    });
  });
});
