import { DATE_ORDERS, dateFormatOf } from "@contract/date-format";
import { createHash } from "node:crypto";
import type { z } from "zod";
import {
  TASK_MAX_DEPTH,
  createTaskRequestSchema,
  projectNameKey,
  type CreateTaskInput,
  type ExportDateStyle,
  type ExportFormat,
  type ImportError,
  type ImportResult,
  type ProjectJson,
} from "@contract/index";
import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { isoNow, type Clock } from "../../lib/clock";
import { recurrenceProblem } from "../../lib/recurrence";
import { userTimeZone } from "../../lib/time-zone";
import { getUserById } from "../auth/service";
import { findOrCreateProjects, listProjects } from "../projects/service";
import { createTasks, getTaskHistories, listTasks, withTaskWrite, type NewTaskInput } from "../tasks/service";
import { ISO_CSV_DATES, userCsvDates, type CsvDates } from "./csv-dates";
import { toCsv, toTasklaneJson, toTodoTxt, type ProjectNames } from "./export-formats";
import { readImportFile, type ImportedHistory, type ImportProject } from "./import-formats";
import { accountTasksOf, isAlreadyThere } from "./already-there";
import { claimFingerprints } from "./repository";

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
}

const EXPORT_TYPES: Record<ExportFormat, { extension: string; contentType: string }> = {
  json: { extension: "json", contentType: "application/json; charset=utf-8" },
  csv: { extension: "csv", contentType: "text/csv; charset=utf-8" },
  todotxt: { extension: "txt", contentType: "text/plain; charset=utf-8" },
};

/** The Inbox has no name in a file: a task without one goes to the Inbox of whoever imports it. */
function namesOf(projects: readonly ProjectJson[]): ProjectNames {
  return new Map(
    projects.flatMap((project) => (project.is_inbox ? [] : [[project.id, project.name] as const])),
  );
}

/** GET /api/v1/export: every task of the user, in list order. */
export async function exportTasks(
  db: Db,
  clock: Clock,
  user: Pick<UserRow, "id" | "timezone">,
  format: ExportFormat,
  dates: ExportDateStyle = "user",
): Promise<ExportFile> {
  const tasks = await listTasks(db, user.id, {});
  const projects = await listProjects(db, clock, user.id);
  const names = namesOf(projects);
  const now = clock.now();
  const body =
    format === "json"
      ? toTasklaneJson(
          tasks,
          projects,
          await getTaskHistories(
            db,
            user.id,
            tasks.map((task) => task.id),
          ),
          now.toISOString(),
        )
      : format === "csv"
        ? toCsv(tasks, names, dates === "iso" ? ISO_CSV_DATES : await csvDatesOf(db, user))
        : toTodoTxt(tasks, user.timezone, names);
  const type = EXPORT_TYPES[format];
  const stem = format === "todotxt" ? "todo" : "tasklane-tasks";
  return {
    filename: `${stem}-${now.toISOString().slice(0, 10)}.${type.extension}`,
    contentType: type.contentType,
    body,
  };
}

/**
 * The user's dates for a CSV: their date order and clock, in their zone. Until they choose an
 * order, days are written year first, which no import can misread (the import reads numeric
 * days in an order only once the user has chosen one).
 */
async function csvDatesOf(db: Db, user: Pick<UserRow, "id" | "timezone">): Promise<CsvDates> {
  const settings = (await getUserById(db, user.id)) ?? { date_order: null, clock: null };
  const chosen = DATE_ORDERS.find((order) => order === settings.date_order);
  return userCsvDates(user.timezone, { ...dateFormatOf(settings), date_order: chosen ?? "ymd" });
}

/** "title: Title is required": the field named once. */
function issueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The task is not valid";
  const field = issue.path.join(".");
  const named = !field || issue.message.toLowerCase().includes(field.replaceAll("_", " ").toLowerCase());
  return named ? issue.message : `${field}: ${issue.message}`;
}

/**
 * What makes two imported tasks the same: everything the user sees of them. Importing a file
 * again yields the same fingerprints, so nothing new is created.
 */
function fingerprintOf(task: CreateTaskInput, project: ImportProject | undefined): string {
  const identity = [
    task.title,
    task.description ?? null,
    task.status ?? "pending",
    task.priority,
    task.due_date ? new Date(task.due_date).toISOString() : null,
    task.tags,
    task.source ?? null,
    // Only a repeating task names its rule, so files imported before rules existed match still.
    ...(task.recurrence ? [task.recurrence] : []),
    // Likewise only a task in a project names it.
    ...(project ? [`project:${projectNameKey(project.name)}`] : []),
  ];
  return createHash("sha256").update(JSON.stringify(identity)).digest("hex");
}

interface Candidate {
  task: CreateTaskInput;
  project?: ImportProject;
  key?: string;
  parentKey?: string;
  exportedId?: string;
  history?: ImportedHistory;
  position?: number;
}

/** Subtasks in the order the file gives them (their exported position), the others after. */
const inFileOrder = (a: Candidate, b: Candidate) =>
  (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER);

/**
 * Each candidate's level in the file's tree and the parent it is created under: its own, when
 * that parent is created too; none (top level) when the parent was skipped, failed or loops back.
 * A chain deeper than tasks nest hangs its deepest tasks under the ancestor at the last level
 * but one, so nothing is refused for depth.
 */
function treeOf(candidates: readonly Candidate[]): Map<Candidate, { level: number; parent?: Candidate }> {
  const byKey = new Map(
    candidates.flatMap((candidate) => (candidate.key ? [[candidate.key, candidate]] : [])),
  );
  const places = new Map<Candidate, { level: number; parent?: Candidate }>();
  const placeOf = (candidate: Candidate, seen: Set<Candidate>): { level: number; parent?: Candidate } => {
    const known = places.get(candidate);
    if (known) return known;
    const parent = candidate.parentKey ? byKey.get(candidate.parentKey) : undefined;
    let place: { level: number; parent?: Candidate } = { level: 1 };
    if (parent && !seen.has(parent)) {
      seen.add(candidate);
      const above = placeOf(parent, seen);
      if (above.level < TASK_MAX_DEPTH) place = { level: above.level + 1, parent };
      else if (above.parent) place = { level: TASK_MAX_DEPTH, parent: above.parent };
    }
    places.set(candidate, place);
    return place;
  };
  for (const candidate of candidates) placeOf(candidate, new Set());
  return places;
}

/**
 * Creates the candidates level by level, each subtask under its parent's new id (and so in its
 * parent's project); a top-level one goes to its project, found by name or created.
 */
async function createCandidates(
  trx: Db,
  clock: Clock,
  userId: string,
  candidates: readonly Candidate[],
): Promise<number> {
  const tree = treeOf(candidates);
  const projects = await findOrCreateProjects(
    trx,
    clock,
    userId,
    candidates.flatMap((candidate) =>
      candidate.project && tree.get(candidate)?.level === 1 ? [candidate.project] : [],
    ),
  );
  const ids = new Map<Candidate, string>();
  let created = 0;
  for (let level = 1; level <= TASK_MAX_DEPTH; level += 1) {
    const batch = candidates.filter((candidate) => tree.get(candidate)?.level === level).sort(inFileOrder);
    const inputs = batch.map((candidate): NewTaskInput => {
      const parent = tree.get(candidate)?.parent;
      const parentId = parent ? ids.get(parent) : undefined;
      const task: NewTaskInput = candidate.history
        ? { ...candidate.task, history: candidate.history }
        : candidate.task;
      if (parentId) return { ...task, parent_id: parentId };
      const projectId = candidate.project ? projects.get(candidate.project.name) : undefined;
      return projectId ? { ...task, project_id: projectId } : task;
    });
    const tasks = await createTasks(trx, clock, userId, inputs);
    tasks.forEach((task, index) => {
      const candidate = batch[index];
      if (candidate) ids.set(candidate, task.id);
    });
    created += tasks.length;
  }
  return created;
}

/**
 * POST /api/v1/import: every valid line becomes a task, every bad one is reported and creates
 * nothing; a task already imported before, one the account already has (see already-there.ts),
 * or one twice in the file is skipped. All in one
 * transaction, so a failure creates nothing at all. Projects are found by name or created;
 * subtasks are created under their parents' new ids.
 */
export async function importTasks(
  db: Db,
  clock: Clock,
  user: Pick<UserRow, "id" | "timezone" | "date_order">,
  file: { text: string; filename: string | undefined },
): Promise<ImportResult> {
  const now = clock.now();
  const dateOrder = DATE_ORDERS.find((order) => order === user.date_order);
  const { rows } = readImportFile(file.text, {
    timeZone: user.timezone,
    ...(dateOrder ? { dateOrder } : {}),
    now,
    source: { type: "Document", origin: "import", ...(file.filename ? { filename: file.filename } : {}) },
    ...(file.filename ? { filename: file.filename } : {}),
  });
  const errors: ImportError[] = [];
  const candidates = new Map<string, Candidate>();
  /** A task twice in the file: its subtasks go under the one that is kept. */
  const keptKey = new Map<string, string>();
  let skipped = 0;
  for (const row of rows) {
    if ("error" in row) {
      errors.push({ line: row.line, message: row.error });
      continue;
    }
    const parsed = createTaskRequestSchema.safeParse(row.task);
    if (!parsed.success) {
      errors.push({ line: row.line, message: issueMessage(parsed.error) });
      continue;
    }
    const problem = recurrenceProblem(parsed.data.recurrence, parsed.data.due_date);
    if (problem) {
      errors.push({ line: row.line, message: problem });
      continue;
    }
    const fingerprint = fingerprintOf(parsed.data, row.project);
    const kept = candidates.get(fingerprint);
    if (kept) {
      skipped += 1;
      if (row.key && kept.key) keptKey.set(row.key, kept.key);
      continue;
    }
    candidates.set(fingerprint, {
      task: parsed.data,
      ...(row.project ? { project: row.project } : {}),
      ...(row.key ? { key: row.key } : {}),
      ...(row.exportedId ? { exportedId: row.exportedId } : {}),
      ...(row.parentKey ? { parentKey: keptKey.get(row.parentKey) ?? row.parentKey } : {}),
      ...(row.history ? { history: row.history } : {}),
      ...(row.position === undefined ? {} : { position: row.position }),
    });
  }
  const timeZone = userTimeZone(user);
  const created = await withTaskWrite(db, user.id, clock, async ({ trx }) => {
    const account = accountTasksOf(
      await listTasks(trx, user.id, {}),
      namesOf(await listProjects(trx, clock, user.id)),
      timeZone,
    );
    // A task the account already has is not claimed: once deleted, importing it again restores it.
    const absent = [...candidates].filter(
      ([, { task, project, exportedId }]) =>
        !isAlreadyThere(
          account,
          { exportedId, title: task.title, dueDate: task.due_date, projectName: project?.name },
          timeZone,
        ),
    );
    const claimed = await claimFingerprints(
      trx,
      user.id,
      absent.map(([fingerprint]) => fingerprint),
      isoNow(clock),
    );
    const fresh = absent
      .filter(([fingerprint]) => claimed.has(fingerprint))
      .map(([, candidate]) => candidate);
    return createCandidates(trx, clock, user.id, fresh);
  });
  return { created, skipped: skipped + candidates.size - created, errors };
}
