import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import { parseTaskResponseSchema, type ParseTaskResponse } from "@contract/quick-add";
import { createTestApp, type TestApp } from "../helpers";
import { newApiUser, type ApiUser } from "../projects/api-user";

let t: TestApp;
let ada: ApiUser;
let projects: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ada = await newApiUser(t);
  projects = {
    home: (await ada.createProject("Home renovation")).id,
    work: (await ada.createProject("Work")).id,
    inbox: (await ada.inbox()).id,
  };
});
afterAll(async () => t.close());

async function parse(user: ApiUser, text: string): Promise<ParseTaskResponse> {
  const response = await user.call("POST", apiRoutes.parseTask.path, { text });
  expect(response.statusCode, response.body).toBe(200);
  return parseTaskResponseSchema.strict().parse(response.json());
}

describe("quick add: +Project", () => {
  it("answers a known project's id, ignoring case, and leaves the title and the tags alone", async () => {
    const text = "Email Bob +WORK #urgent tomorrow";
    const result = await parse(ada, text);
    expect(result).toMatchObject({ title: "Email Bob", project_id: projects.work, project_name: null });
    expect(result.tags).toEqual(["urgent"]);
    expect(result.due_date).not.toBeNull();
    const span = result.spans.find((part) => part.kind === "project");
    expect(span && text.slice(span.start, span.end)).toBe("+WORK");
  });

  it("reads hyphens and underscores as spaces, and a name of several words", async () => {
    for (const text of [
      "Buy paint +home-renovation",
      "Buy paint +Home_Renovation",
      "Buy paint +home renovation",
    ]) {
      const result = await parse(ada, text);
      expect(result, text).toMatchObject({
        title: "Buy paint",
        project_id: projects.home,
        project_name: null,
      });
    }
  });

  it("answers an unknown name as project_name with project_id null, out of the title", async () => {
    const result = await parse(ada, "Book flights +Holiday !high");
    expect(result).toMatchObject({
      title: "Book flights",
      project_id: null,
      project_name: "Holiday",
      priority: "high",
    });
  });

  it("answers no project for a line without +Name, nor for a plus inside a word or alone", async () => {
    for (const text of ["Call the bank", "C++ homework", "1 + 1 tutoring", "ada+work@example.com"]) {
      const result = await parse(ada, text);
      expect(result, text).toMatchObject({ project_id: null, project_name: null });
      expect(result.spans.some((span) => span.kind === "project")).toBe(false);
    }
  });

  it("matches only the user's own projects", async () => {
    const bob = await newApiUser(t);
    expect(await parse(bob, "Report +Work")).toMatchObject({ project_id: null, project_name: "Work" });
  });

  it("creates the task where the answer says when posted with it", async () => {
    const result = await parse(ada, "Sand the floor +home-renovation");
    const task = await ada.create({ title: result.title, project_id: result.project_id ?? undefined });
    expect(task.project_id).toBe(projects.home);
  });
});
