import { expect } from "vitest";
import { projectJsonSchema, type ProjectJson } from "@contract/projects";
import { apiRoutes, pathFor } from "@contract/routes";
import {
  taskJsonSchema,
  type CreateTaskRequest,
  type TaskJson,
  type UpdateTaskRequest,
} from "@contract/tasks";
import { bearer, signUp, type TestApp } from "../helpers";

export const TASKS = apiRoutes.listTasks.path;
export const PROJECTS = apiRoutes.listProjects.path;
export const taskUrl = (id: string) => pathFor(apiRoutes.getTask.path, { id });
export const projectUrl = (id: string) => pathFor(apiRoutes.updateProject.path, { id });

/** A signed-up user, and the calls of the projects and tasks API made with their token. */
export async function newApiUser(t: TestApp, options: { username?: string } = {}) {
  const signed = await signUp(t, options);
  const headers = bearer(signed.token);
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const user = {
    ...signed,
    headers,
    call,
    async projects(): Promise<ProjectJson[]> {
      const response = await call("GET", PROJECTS);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as unknown[]).map((project) => projectJsonSchema.strict().parse(project));
    },
    async inbox(): Promise<ProjectJson> {
      const inbox = (await user.projects()).find((project) => project.is_inbox);
      if (!inbox) throw new Error("The user has no Inbox");
      return inbox;
    },
    async createProject(name: string, color?: string): Promise<ProjectJson> {
      const response = await call("POST", PROJECTS, { name, ...(color ? { color } : {}) });
      expect(response.statusCode, response.body).toBe(201);
      return projectJsonSchema.strict().parse(response.json());
    },
    async create(body: CreateTaskRequest): Promise<TaskJson> {
      const response = await call("POST", TASKS, body);
      expect(response.statusCode, response.body).toBe(201);
      return taskJsonSchema.strict().parse(response.json());
    },
    async update(id: string, body: UpdateTaskRequest): Promise<TaskJson> {
      const response = await call("PUT", taskUrl(id), body);
      expect(response.statusCode, response.body).toBe(200);
      return taskJsonSchema.strict().parse(response.json());
    },
    async list(query: Record<string, string> = {}): Promise<TaskJson[]> {
      const response = await t.app.inject({ method: "GET", url: TASKS, headers, query });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as unknown[]).map((task) => taskJsonSchema.strict().parse(task));
    },
    async task(id: string): Promise<TaskJson> {
      const response = await call("GET", taskUrl(id));
      expect(response.statusCode, response.body).toBe(200);
      return taskJsonSchema.strict().parse(response.json());
    },
  };
  return user;
}
export type ApiUser = Awaited<ReturnType<typeof newApiUser>>;
