import { createHash } from "node:crypto";
import { ZodError, type ZodType } from "zod";
import {
  createTaskRequestSchema,
  updateTaskRequestSchema,
  type CreateTaskInput,
  type TaskJson,
  type UpdateTaskInput,
} from "@contract/tasks";
import type { CaldavAccount } from "@contract/caldav";
import type { Db } from "../../db/database";
import type { TaskIcalRow, UserRow } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { Conflict, Validation } from "../../lib/domain-errors";
import { userTimeZone } from "../../lib/time-zone";
import {
  createTask,
  deleteTask,
  getTask,
  getTasksByIds,
  listTasks,
  markTaskChanged,
  taskDataVersion,
  updateTask,
  withTaskWriteAs,
} from "../tasks/service";
import { listProjects } from "../projects/service";
import {
  deleteDeadIcalWithUid,
  selectChangesSince,
  selectIcalByTaskId,
  selectIcalByUid,
  selectIcalOfTasks,
  selectIcalWithRelations,
  selectLiveIcalByHref,
  upsertIcal,
} from "./repository";
import { parseVtodo, renderVtodo, VtodoError, type ParsedVtodo } from "./vtodo";

/** The signed-in user of a CalDAV request. */
export type DavUser = Pick<UserRow, "id" | "username" | "timezone">;

export interface DavCollection {
  id: string;
  name: string;
}

/** A task as a CalDAV resource: its name in the collection, its iCalendar text and ETag. */
export interface DavResource {
  name: string;
  taskId: string;
  body: string;
  etag: string;
}

/** A conditional request (If-Match, If-None-Match) whose condition does not hold: 412. */
export class PreconditionFailed extends Error {}

/** The address of a user's task lists, below the public address. */
export function davPaths(username: string) {
  const user = encodeURIComponent(username);
  return {
    principal: `/dav/principals/${user}/`,
    home: `/dav/calendars/${user}/`,
    collection: (id: string) => `/dav/calendars/${user}/${encodeURIComponent(id)}/`,
  };
}

/**
 * The user's projects, the Inbox first: one collection each. An archived project is put away, so
 * it leaves the apps too (and comes back when it is reopened).
 */
export async function davCollections(db: Db, clock: Clock, user: DavUser): Promise<DavCollection[]> {
  return (await listProjects(db, clock, user.id)).flatMap((project) =>
    project.archived ? [] : [{ id: project.id, name: project.name }],
  );
}

export async function findCollection(
  db: Db,
  clock: Clock,
  user: DavUser,
  id: string,
): Promise<DavCollection | undefined> {
  return (await davCollections(db, clock, user)).find((collection) => collection.id === id);
}

/** GET /api/v1/caldav: what Settings shows a user to connect a client with. */
export async function caldavAccount(
  db: Db,
  clock: Clock,
  publicUrl: string,
  user: DavUser,
): Promise<CaldavAccount> {
  const base = publicUrl.replace(/\/+$/, "");
  const paths = davPaths(user.username);
  return {
    username: user.username,
    discovery_url: `${base}/dav/`,
    collections: (await davCollections(db, clock, user)).map((collection) => ({
      id: collection.id,
      name: collection.name,
      url: `${base}${paths.collection(collection.id)}`,
    })),
  };
}

function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

const defaultName = (taskId: string) => `${taskId}.ics`;

function resourceOf(
  task: TaskJson,
  ical: TaskIcalRow | undefined,
  parentUid: string | null,
  user: DavUser,
): DavResource {
  const body = renderVtodo({
    task,
    uid: ical?.uid ?? task.id,
    parentUid,
    extra: ical?.extra ?? null,
    timeZone: userTimeZone(user),
  });
  return { name: ical?.href ?? defaultName(task.id), taskId: task.id, body, etag: etagOf(body) };
}

async function tasksOfCollection(db: Db, user: DavUser, collection: string): Promise<TaskJson[]> {
  return listTasks(db, user.id, { project_id: collection });
}

/** The tasks as resources: each with its stored UID and name, and its parent's UID. */
async function resourcesOf(db: Db, user: DavUser, tasks: readonly TaskJson[]): Promise<DavResource[]> {
  const parentIds = tasks.flatMap((task) => task.parent_id ?? []);
  const icals = await selectIcalOfTasks(db, user.id, [...tasks.map((task) => task.id), ...parentIds]);
  const uidOf = (id: string) => icals.get(id)?.uid ?? id;
  return tasks.map((task) =>
    resourceOf(task, icals.get(task.id), task.parent_id ? uidOf(task.parent_id) : null, user),
  );
}

/** The id of the user's live task with this UID: one a client named, or a task's own id. */
async function taskIdOfUid(db: Db, user: DavUser, uid: string): Promise<string | undefined> {
  const stored = await selectIcalByUid(db, user.id, uid);
  const id = stored?.task_id ?? uid;
  return (await getTasksByIds(db, user.id, [id])).has(id) ? id : undefined;
}

/** Every task of a collection as a resource. */
export async function listResources(db: Db, user: DavUser, collection: string): Promise<DavResource[]> {
  return resourcesOf(db, user, await tasksOfCollection(db, user, collection));
}

/** The task stored under this name in the collection: a name a client chose, or `<task id>.ics`. */
async function taskIdAt(
  db: Db,
  user: DavUser,
  collection: string,
  name: string,
): Promise<string | undefined> {
  const stored = await selectLiveIcalByHref(db, user.id, name);
  let taskId = stored?.task_id;
  if (!taskId && name.endsWith(".ics")) {
    const id = name.slice(0, -".ics".length);
    const ical = await selectIcalByTaskId(db, id);
    // A task a client stored under a name of its own is not also at its default name.
    if (!ical || ical.href === name) taskId = id;
  }
  if (!taskId) return undefined;
  const task = (await getTasksByIds(db, user.id, [taskId])).get(taskId);
  return task && task.project_id === collection ? task.id : undefined;
}

export async function getResource(
  db: Db,
  user: DavUser,
  collection: string,
  name: string,
): Promise<DavResource | undefined> {
  const taskId = await taskIdAt(db, user, collection, name);
  if (!taskId) return undefined;
  const [resource] = await resourcesOf(db, user, [await getTask(db, user.id, taskId)]);
  return resource;
}

export interface Preconditions {
  ifMatch?: string;
  ifNoneMatch?: string;
}

/** If-Match and If-None-Match against the resource as it is now (undefined: none there). */
function checkPreconditions(current: DavResource | undefined, { ifMatch, ifNoneMatch }: Preconditions): void {
  const listed = (header: string) => header.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (ifMatch !== undefined) {
    const tags = listed(ifMatch);
    if (!current || !(tags.includes("*") || tags.includes(current.etag))) {
      throw new PreconditionFailed("The task changed since it was read (If-Match does not match its ETag)");
    }
  }
  if (ifNoneMatch !== undefined && current) {
    const tags = listed(ifNoneMatch);
    if (tags.includes("*") || tags.includes(current.etag)) {
      throw new PreconditionFailed("A task is already stored under this name (If-None-Match)");
    }
  }
}

/** A zod failure as the 400 the REST API gives: the field and what is wrong with it. */
function validated<T>(schema: ZodType<T>, value: unknown): T {
  try {
    return schema.parse(value);
  } catch (error) {
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      throw new Validation(issue ? `${issue.path.join(".") || "task"}: ${issue.message}` : "Invalid task");
    }
    throw error;
  }
}

/**
 * PUT of a task resource: creates the task in the collection or replaces the one stored under
 * the name, through the tasks service (its validation, recurrence and reminders apply), and keeps
 * what the client sent that Tasklane has no field for. true when it created one.
 */
export async function putResource(
  db: Db,
  clock: Clock,
  user: DavUser,
  collection: string,
  name: string,
  body: string,
  preconditions: Preconditions,
): Promise<{ created: boolean; etag?: string }> {
  let parsed: ParsedVtodo;
  try {
    parsed = parseVtodo(body, userTimeZone(user));
  } catch (error) {
    if (error instanceof VtodoError) throw new Validation(error.message);
    throw error;
  }
  const { uid, fields } = parsed;
  // One task write from the start, of the collection's owner (a shared project's member may
  // write too): it reads the task it replaces, and is announced once.
  const result = await withTaskWriteAs(
    db,
    user.id,
    clock,
    { projectId: collection },
    "edit",
    async ({ trx }) => {
      const current = await getResource(trx, user, collection, name);
      checkPreconditions(current, preconditions);
      const { parentId, extra } = await parentOf(trx, user, collection, parsed);
      await deleteDeadIcalWithUid(trx, user.id, uid);
      const owner = await selectIcalByUid(trx, user.id, uid);
      if (owner && owner.task_id !== current?.taskId) {
        throw new Conflict("Another task in this account already has this UID");
      }
      if (current) {
        const before = await selectIcalByTaskId(trx, current.taskId);
        const previous = await getTask(trx, user.id, current.taskId);
        const input = validated<UpdateTaskInput>(updateTaskRequestSchema, { ...fields, parent_id: parentId });
        const updated = await updateTask(trx, clock, user.id, current.taskId, input);
        await upsertIcal(trx, { task_id: current.taskId, user_id: user.id, uid, href: name, extra });
        const icalChanged = (before?.extra ?? null) !== extra || (before?.uid ?? current.taskId) !== uid;
        // Only what Tasklane has no field for changed: the task still counts as changed, for syncs.
        if (icalChanged && updated.updated_at === previous.updated_at) {
          await markTaskChanged(trx, clock, user.id, current.taskId);
        }
        return { created: false, taskId: current.taskId };
      }
      const input = validated<CreateTaskInput>(createTaskRequestSchema, {
        ...fields,
        project_id: collection,
        ...(parentId ? { parent_id: parentId } : {}),
      });
      const task = await createTask(trx, clock, user.id, input);
      await upsertIcal(trx, { task_id: task.id, user_id: user.id, uid, href: name, extra });
      await adoptWaitingSubtasks(trx, clock, user, task, uid);
      return { created: true, taskId: task.id };
    },
  );
  const stored = await getResource(db, user, collection, name);
  return {
    created: result.created,
    etag: stored && sameTask(stored, parsed, user) ? stored.etag : undefined,
  };
}

/**
 * The parent a VTODO names (RELATED-TO;RELTYPE=PARENT) among the collection's tasks. A parent
 * Tasklane does not hold there (not synced yet, or in another list) is kept as the client wrote
 * it, among the properties given back, and the task is top level meanwhile.
 */
async function parentOf(
  db: Db,
  user: DavUser,
  collection: string,
  parsed: ParsedVtodo,
): Promise<{ parentId: string | null; extra: string | null }> {
  if (!parsed.parentUid) return { parentId: null, extra: parsed.extra };
  const parentId = await taskIdOfUid(db, user, parsed.parentUid);
  const parent = parentId ? (await getTasksByIds(db, user.id, [parentId])).get(parentId) : undefined;
  if (parent && parent.project_id === collection) return { parentId: parent.id, extra: parsed.extra };
  const kept: unknown[] = parsed.extra ? (JSON.parse(parsed.extra) as unknown[]) : [];
  kept.push(["related-to", { reltype: "PARENT" }, "text", parsed.parentUid]);
  return { parentId: null, extra: JSON.stringify(kept) };
}

const isParentRelation = (item: unknown, uid: string): boolean =>
  Array.isArray(item) &&
  item[0] === "related-to" &&
  item[3] === uid &&
  String((item[1] as { reltype?: unknown } | undefined)?.reltype ?? "PARENT").toUpperCase() === "PARENT";

/**
 * Subtasks a client sent before their parent (a sync uploads in no particular order) wait with
 * the relation kept as written (parentOf); when the parent arrives in their list, they move
 * under it.
 */
async function adoptWaitingSubtasks(db: Db, clock: Clock, user: DavUser, parent: TaskJson, uid: string) {
  for (const waiting of await selectIcalWithRelations(db, user.id)) {
    const kept = JSON.parse(waiting.extra ?? "[]") as unknown[];
    if (!kept.some((item) => isParentRelation(item, uid))) continue;
    const child = (await getTasksByIds(db, user.id, [waiting.task_id])).get(waiting.task_id);
    if (!child || child.project_id !== parent.project_id || child.id === parent.id) continue;
    try {
      await updateTask(db, clock, user.id, child.id, { parent_id: parent.id });
    } catch (error) {
      // Too deep under this parent: it stays top level, its relation kept as the client wrote it.
      if (error instanceof Validation) continue;
      throw error;
    }
    const rest = kept.filter((item) => !isParentRelation(item, uid));
    await upsertIcal(db, { ...waiting, extra: rest.length > 0 ? JSON.stringify(rest) : null });
  }
}

/**
 * Whether the stored task reads back as what the client sent, formatting aside (the order of
 * lines, a relative alarm written as its time). Only then may a PUT answer with the ETag: else
 * the client must read the task again to learn what Tasklane made of it (a due date moved onto
 * its rule, a title it had to give).
 */
function sameTask(stored: DavResource, sent: ParsedVtodo, user: DavUser): boolean {
  const read = parseVtodo(stored.body, userTimeZone(user));
  return (
    read.uid === sent.uid &&
    read.parentUid === sent.parentUid &&
    read.extra === sent.extra &&
    JSON.stringify(read.fields) === JSON.stringify(sent.fields)
  );
}

/** DELETE of a task resource, through the tasks service. false when nothing is stored there. */
export async function deleteResource(
  db: Db,
  clock: Clock,
  user: DavUser,
  collection: string,
  name: string,
  preconditions: Preconditions,
): Promise<boolean> {
  return withTaskWriteAs(db, user.id, clock, { projectId: collection }, "edit", async ({ trx }) => {
    const current = await getResource(trx, user, collection, name);
    checkPreconditions(current, preconditions);
    if (!current) return false;
    await deleteTask(trx, clock, user.id, current.taskId);
    return true;
  });
}

/** The sync token of a version: a URI, as sync-collection wants. */
export function syncTokenOf(publicUrl: string, version: number): string {
  return `${publicUrl.replace(/\/+$/, "")}/dav/sync/${version}`;
}

/** The version a sync token names; undefined for one this server did not give. */
export function versionOfSyncToken(token: string): number | undefined {
  const match = /\/dav\/sync\/(\d{1,15})$/.exec(token.trim());
  return match ? Number(match[1]) : undefined;
}

export async function currentVersion(db: Db, user: DavUser): Promise<number> {
  return taskDataVersion(db, user.id);
}

/**
 * sync-collection: what changed in a collection since the version of a token (all of it for
 * none), as resources still there and names now gone, and the version it is current to.
 */
export async function changesSince(
  db: Db,
  user: DavUser,
  collection: string,
  since: number | undefined,
): Promise<{ version: number; changed: DavResource[]; removed: string[] }> {
  const version = await currentVersion(db, user);
  if (since === undefined)
    return { version, changed: await listResources(db, user, collection), removed: [] };
  const changes = await selectChangesSince(db, user.id, collection, since);
  const present = changes.filter((change) => change.deleted === 0).map((change) => change.task_id);
  const tasks = (await listTasks(db, user.id, {})).filter((task) => present.includes(task.id));
  const changed = await resourcesOf(db, user, tasks);
  const removed = changes
    .filter((change) => change.deleted !== 0 || !tasks.some((task) => task.id === change.task_id))
    .map((change) => change.href ?? defaultName(change.task_id));
  return { version, changed, removed };
}
