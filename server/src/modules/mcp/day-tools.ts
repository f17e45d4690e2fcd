import { formatInTimeZone } from "date-fns-tz";
import { z } from "zod";
import { addDays, type AnalyticsRange } from "@contract/analytics";
import { planAcceptRequestSchema, planProposeRequestSchema } from "@contract/planning";
import { isoNow } from "../../lib/clock";
import { localDate } from "../daily/service";
import { getAnalytics } from "../analytics/service";
import { extractTasks } from "../extract/service";
import { acceptPlan, proposePlan } from "../planning/service";
import { listProjects } from "../projects/service";
import { getTasksByIds, listOpenTasks, taskStats } from "../tasks/service";
import {
  dayInWords,
  dueInWords,
  parsedWith,
  projectDirectory,
  startOfLocalDay,
  taskCount,
  taskLine,
  toolTask,
  workflowTool,
  type ToolContext,
} from "./tool-kit";

/** Each list of the overview shows at most this many tasks (and says how many there are). */
const OVERVIEW_LIST_MAX = 25;
const UPCOMING_DAYS = 7;

const STATS_RANGES = { week: 7, month: 30, quarter: 90, year: 365 } as const satisfies Record<
  string,
  AnalyticsRange
>;

const dayToPlan = planProposeRequestSchema.shape.date
  .optional()
  .describe("The day, YYYY-MM-DD in the user's time zone (default: today)");

function today(context: ToolContext): string {
  return localDate(context.timeZone, context.deps.clock.now());
}

const listProjectsTool = workflowTool({
  name: "list_projects",
  title: "List projects",
  access: "read",
  description:
    "The user's projects: the Inbox (where a task without a project goes) first, then by name, each with " +
    "its id and how many open tasks it holds. Archived projects are marked.",
  input: {},
  async run(context) {
    const projects = await listProjects(context.deps.db, context.deps.clock, context.user.id);
    const lines = projects.map(
      (project) =>
        `- ${project.name} · id ${project.id} · ${project.open_count} open${project.archived ? " · archived" : ""}`,
    );
    return { text: [`${projects.length} projects:`, ...lines].join("\n"), data: { projects } };
  },
});

const getOverview = workflowTool({
  name: "get_overview",
  title: "Get an overview",
  access: "read",
  description:
    "Where the user stands now: open tasks that are overdue, due today, and due in the next " +
    `${UPCOMING_DAYS} days, and the day's plan (tasks scheduled today, with start and end). Use it to ` +
    'answer "what\'s on my plate?" before suggesting changes.',
  input: {},
  async run(context) {
    const { db, clock } = context.deps;
    const now = isoNow(clock);
    const day = today(context);
    const tomorrow = startOfLocalDay(addDays(day, 1), context.timeZone);
    const horizon = startOfLocalDay(addDays(day, 1 + UPCOMING_DAYS), context.timeZone);
    const todayStart = startOfLocalDay(day, context.timeZone);
    const [open, directory] = await Promise.all([
      listOpenTasks(db, context.user.id),
      projectDirectory(context),
    ]);
    const shown = (due: (date: string) => boolean) =>
      open.filter((task) => task.due_date !== null && due(task.due_date));
    const lists = {
      overdue: shown((due) => due < now),
      today: shown((due) => due >= now && due < tomorrow),
      upcoming: shown((due) => due >= tomorrow && due < horizon),
      plan: open
        .filter(
          (task) =>
            task.scheduled_start && task.scheduled_start >= todayStart && task.scheduled_start < tomorrow,
        )
        .sort((a, b) => (a.scheduled_start! < b.scheduled_start! ? -1 : 1)),
    };
    const data: Record<string, unknown> = { date: day, time_zone: context.timeZone };
    const text = [`Today is ${dayInWords(day)} (${context.timeZone}).`];
    for (const [name, tasks] of Object.entries(lists)) {
      const listed = tasks
        .slice(0, OVERVIEW_LIST_MAX)
        .map((task) => toolTask(task, directory.names, context.timeZone));
      data[name] = listed;
      data[`${name}_count`] = tasks.length;
      text.push(`${name[0]!.toUpperCase()}${name.slice(1)}: ${tasks.length}`, ...listed.map(taskLine));
    }
    return { text: text.join("\n"), data };
  },
});

const extractTasksTool = workflowTool({
  name: "extract_tasks",
  title: "Extract tasks from text",
  access: "read",
  description:
    "Propose tasks found in any text (an e-mail, meeting notes, a message), with due dates read in the " +
    "user's time zone. Saves nothing: show the proposals to the user, then save the ones they want with " +
    'add_tasks. method "ai" (default) reads free prose and counts as one of the user\'s monthly AI uses; ' +
    '"pattern" is free and reads only checklists and explicit markers ("- [ ] …", "TODO:").',
  input: {
    text: z.string().min(1).describe("The text to read"),
    method: z.enum(["ai", "pattern"]).optional().describe("ai (default) or pattern"),
  },
  async run(context, args) {
    const now = context.deps.clock.now();
    const strategy = args.method === "pattern" ? "pattern" : "llm";
    const found = await extractTasks(
      context.deps,
      context.user,
      { content: args.text, strategy },
      now,
      context.log,
    );
    const tasks = found.map((task) => ({
      title: task.title,
      description: task.description,
      priority: task.priority,
      tags: task.tags,
      due_date: task.due_date,
      due: task.due_date ? dueInWords(task.due_date, context.timeZone) : null,
      recurrence: task.recurrence,
    }));
    const lines = tasks.map(
      (task) => `- "${task.title}"${task.due ? ` · due ${task.due}` : ""} · ${task.priority} priority`,
    );
    const heading =
      tasks.length === 0
        ? "No tasks found in the text."
        : `${taskCount(tasks.length, "proposed task")} (not saved):`;
    return { text: [heading, ...lines].join("\n"), data: { tasks } };
  },
});

/** Each block with its task's title, and its times as the user's clock shows them. */
async function describedBlocks<Block extends { task_id: string; start: string; end: string }>(
  context: ToolContext,
  blocks: readonly Block[],
) {
  const tasks = await getTasksByIds(
    context.deps.db,
    context.user.id,
    blocks.map((block) => block.task_id),
  );
  const clock = (iso: string) => formatInTimeZone(new Date(iso), context.timeZone, "HH:mm");
  return blocks.map((block) => ({
    ...block,
    title: tasks.get(block.task_id)?.title ?? "",
    time: `${clock(block.start)}–${clock(block.end)}`,
  }));
}

const planDay = workflowTool({
  name: "plan_day",
  title: "Plan a day",
  access: "read",
  description:
    "Propose a schedule for one day: the user's open tasks fitted into the free time of their working " +
    "hours (around their calendar's busy events), most pressing first, each block with a reason. Changes " +
    "nothing: show it to the user, and call accept_plan to put it in their calendar.",
  input: { date: dayToPlan },
  async run(context, args) {
    const date = args.date ?? today(context);
    const plan = await proposePlan(context.deps, context.user.id, date);
    const tasks = await getTasksByIds(
      context.deps.db,
      context.user.id,
      plan.unscheduled.map((item) => item.task_id),
    );
    const blocks = await describedBlocks(context, plan.blocks);
    const unscheduled = plan.unscheduled.map((item) => ({
      ...item,
      title: tasks.get(item.task_id)?.title ?? "",
    }));
    const text = [
      `Proposed plan for ${dayInWords(date)} (not applied yet):`,
      ...blocks.map((block) => `- ${block.time} "${block.title}" (${block.reason})`),
      ...(unscheduled.length > 0
        ? ["Not fitted:", ...unscheduled.map((item) => `- "${item.title}" (${item.reason})`)]
        : []),
    ];
    if (plan.overcommitted_minutes > 0) text.push(`Overcommitted by ${plan.overcommitted_minutes} minutes.`);
    return {
      text: text.join("\n"),
      data: { date, blocks, unscheduled, overcommitted_minutes: plan.overcommitted_minutes },
    };
  },
});

const acceptPlanTool = workflowTool({
  name: "accept_plan",
  title: "Accept a day plan",
  access: "write",
  description:
    "Apply a day plan: each block's task is scheduled to start then and last that long (due dates do not " +
    "change). Pass the blocks plan_day returned (the user may have dropped some); without blocks, the " +
    "day is planned afresh and applied as proposed. All or nothing.",
  input: {
    date: dayToPlan,
    blocks: planAcceptRequestSchema.shape.blocks
      .optional()
      .describe("The blocks to apply: task_id, start and end (ISO timestamps) of each"),
  },
  async run(context, args) {
    const date = args.date ?? today(context);
    const blocks = args.blocks ?? (await proposePlan(context.deps, context.user.id, date)).blocks;
    const request = parsedWith(
      planAcceptRequestSchema,
      { date, blocks: blocks.map(({ task_id, start, end }) => ({ task_id, start, end })) },
      "plan",
    );
    if (request.blocks.length === 0) {
      return { text: "Nothing to schedule on that day.", data: { date, scheduled: [] } };
    }
    await acceptPlan(context.deps, context.user.id, request);
    const scheduled = await describedBlocks(context, request.blocks);
    const text = [
      `Scheduled on ${dayInWords(date)}:`,
      ...scheduled.map((block) => `- ${block.time} "${block.title}"`),
    ];
    return { text: text.join("\n"), data: { date, scheduled } };
  },
});

const getStats = workflowTool({
  name: "get_stats",
  title: "Get statistics",
  access: "read",
  description:
    "How the user is doing: counts of all tasks by status and overdue, and over the range (default the " +
    "last month): tasks completed and created, the share done on time, the median days to complete, the " +
    "completion streak, and completions by priority, tag and project.",
  input: {
    range: z
      .enum(["week", "month", "quarter", "year"])
      .optional()
      .describe("The last 7, 30, 90 or 365 days (default month)"),
  },
  async run(context, args) {
    const { deps, user } = context;
    const days = STATS_RANGES[args.range ?? "month"];
    const [counts, analytics, directory] = await Promise.all([
      taskStats(deps.db, deps.clock, user.id),
      getAnalytics(deps, user, days),
      projectDirectory(context),
    ]);
    const sum = (series: ReadonlyArray<{ count: number }>) =>
      series.reduce((total, entry) => total + entry.count, 0);
    const data = {
      range: { days, from: analytics.from, to: analytics.to },
      counts,
      completed: sum(analytics.completed_per_day),
      created: sum(analytics.created_per_day),
      on_time_rate: analytics.on_time_rate,
      median_days_to_complete: analytics.median_days_to_complete,
      streak: analytics.streak,
      by_priority: analytics.by_priority,
      by_tag: analytics.by_tag,
      by_project: analytics.by_project.map((entry) => ({
        ...entry,
        project: entry.project_id ? (directory.names.get(entry.project_id) ?? null) : null,
      })),
    };
    const text = [
      `All tasks: ${counts.total} (${counts.pending} pending, ${counts.in_progress} in progress, ${counts.completed} completed, ${counts.cancelled} cancelled); ${counts.overdue} overdue.`,
      `${analytics.from} to ${analytics.to}: ${data.completed} completed, ${data.created} created` +
        (data.on_time_rate === null ? "." : `, ${data.on_time_rate}% on time.`),
    ];
    return { text: text.join("\n"), data };
  },
});

export const dayTools = [listProjectsTool, getOverview, extractTasksTool, planDay, acceptPlanTool, getStats];
