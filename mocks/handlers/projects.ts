import { apiRoutes } from "@contract/routes";
import {
  createProjectRequestSchema,
  projectMessages,
  projectNameKey,
  updateProjectRequestSchema,
  type ProjectJson,
} from "@contract/projects";
import { http, HttpResponse } from "msw";
import type { z } from "zod";
import { isOpen, taskStore } from "./tasks";

/**
 * An in-memory fake of the projects API speaking the contract's shapes. One user, whose Inbox is
 * `project-inbox` (the id the task fixtures and the tasks fake use). Tests seed it with
 * `projectStore.reset([...])`; the Inbox is always there. Open counts come from the tasks fake.
 */
type StoredProject = Omit<ProjectJson, "open_count">;

export const INBOX_ID = "project-inbox";
/** The fake's projects are the signed-in user's own, shared with nobody. */
const owned = { role: "owner", owner: { id: "user-1", username: "ada" }, member_count: 0 } as const;
const inbox = (): StoredProject => ({
  id: INBOX_ID,
  name: "Inbox",
  color: "slate",
  is_inbox: true,
  archived: false,
  ...owned,
});

let projects: StoredProject[] = [inbox()];
let nextId = 1;

function withCount(project: StoredProject): ProjectJson {
  const open = taskStore.all().filter((task) => task.project_id === project.id && isOpen(task)).length;
  return { ...project, open_count: open };
}

export const projectStore = {
  /** The Inbox and these projects (default: the Inbox alone). */
  reset(seed: Array<Partial<StoredProject> & { id: string; name: string }> = []): void {
    projects = [
      inbox(),
      ...seed.map((project) => ({
        color: "blue" as const,
        is_inbox: false,
        archived: false,
        ...owned,
        ...project,
      })),
    ];
  },
  all(): ProjectJson[] {
    return projects.map(withCount);
  },
  find(id: string): ProjectJson | undefined {
    const project = projects.find((candidate) => candidate.id === id);
    return project && withCount(project);
  },
};

const messageResponse = (message: string, status: number) => HttpResponse.json({ message }, { status });
const unauthenticated = (request: Request) => !request.headers.get("Authorization")?.startsWith("Bearer ");

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  return issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

function nameTaken(name: string, except?: string): boolean {
  return projects.some(
    (project) => project.id !== except && projectNameKey(project.name) === projectNameKey(name),
  );
}

export const projectHandlers = [
  http.get(apiRoutes.listProjects.path, ({ request }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    return HttpResponse.json(projectStore.all());
  }),

  http.post(apiRoutes.createProject.path, async ({ request }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const parsed = createProjectRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return messageResponse(firstIssue(parsed.error), 400);
    if (nameTaken(parsed.data.name)) return messageResponse(projectMessages.duplicateName, 409);
    const project: StoredProject = {
      id: `fake-project-${nextId++}`,
      name: parsed.data.name,
      color: parsed.data.color,
      is_inbox: false,
      archived: false,
      ...owned,
    };
    projects.push(project);
    return HttpResponse.json(withCount(project), { status: 201 });
  }),

  http.put(apiRoutes.updateProject.path, async ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const index = projects.findIndex((project) => project.id === String(params.id));
    const current = projects[index];
    if (!current) return messageResponse(projectMessages.notFound, 404);
    const parsed = updateProjectRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return messageResponse(firstIssue(parsed.error), 400);
    const { name, color, archived } = parsed.data;
    if (current.is_inbox && archived) return messageResponse(projectMessages.inboxNotArchivable, 400);
    if (name !== undefined && nameTaken(name, current.id)) {
      return messageResponse(projectMessages.duplicateName, 409);
    }
    const updated = {
      ...current,
      ...(name !== undefined ? { name } : {}),
      ...(color !== undefined ? { color } : {}),
      ...(archived !== undefined ? { archived } : {}),
    };
    projects[index] = updated;
    return HttpResponse.json(withCount(updated));
  }),

  http.delete(apiRoutes.deleteProject.path, ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const project = projects.find((candidate) => candidate.id === String(params.id));
    if (!project) return messageResponse(projectMessages.notFound, 404);
    if (project.is_inbox) return messageResponse(projectMessages.inboxNotDeletable, 400);
    const withTasks = new URL(request.url).searchParams.get("with_tasks") === "true";
    const result = taskStore.takeProject(project.id, withTasks ? null : INBOX_ID);
    projects = projects.filter((candidate) => candidate !== project);
    return HttpResponse.json(withTasks ? { moved: 0, deleted: result } : { moved: result, deleted: 0 });
  }),
];
