import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsSchema } from "@contract/analytics";
import { planProposalSchema } from "@contract/planning";
import { apiRoutes } from "@contract/routes";
import { taskStatsSchema, type TaskStats } from "@contract/tasks";
import { createTestApp, type TestApp } from "../helpers";
import { newApiUser, type ApiUser } from "../projects/api-user";
import { share } from "./share";

/**
 * The daily plan, the statistics and analytics count the tasks that are each one's to do: a
 * member's own and the shared projects' tasks assigned to them; the owner's own but those assigned
 * to a member. Tasks assigned to nobody in a shared project are the owner's.
 */
describe("what a member's and an owner's figures count", () => {
  let t: TestApp;
  let owner: ApiUser;
  let editor: ApiUser;
  let viewer: ApiUser;
  let outsider: ApiUser;
  let projectId: string;
  const ids: Record<string, string> = {};

  async function stats(user: ApiUser): Promise<TaskStats> {
    const response = await user.call("GET", apiRoutes.taskStats.path);
    expect(response.statusCode, response.body).toBe(200);
    return taskStatsSchema.parse(response.json());
  }

  /** The ids of the tasks the calendar's proposed plan placed or left unscheduled. */
  async function planned(user: ApiUser): Promise<Set<string>> {
    const response = await user.call("POST", apiRoutes.proposePlan.path, { date: "2030-06-17" });
    expect(response.statusCode, response.body).toBe(200);
    const plan = planProposalSchema.parse(response.json());
    return new Set([...plan.blocks, ...plan.unscheduled].map((entry) => entry.task_id));
  }

  async function analytics(user: ApiUser) {
    const response = await user.call("GET", `${apiRoutes.analytics.path}?days=7`);
    expect(response.statusCode, response.body).toBe(200);
    const figures = analyticsSchema.parse(response.json());
    return {
      completed: figures.completed_per_day.reduce((sum, day) => sum + day.count, 0),
      inProject: figures.by_project.find((entry) => entry.project_id === projectId)?.completed ?? 0,
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    // Monday 17 June 2030, 08:00 UTC.
    t.clock.set("2030-06-17T08:00:00.000Z");
    owner = await newApiUser(t);
    editor = await newApiUser(t);
    viewer = await newApiUser(t);
    outsider = await newApiUser(t);
    projectId = (await owner.createProject("Household")).id;
    await share(owner, editor, projectId, "editor");
    await share(owner, viewer, projectId, "viewer");
    const add = async (title: string, assignee: ApiUser | null, project: string | undefined = projectId) => {
      ids[title] = (
        await owner.create({
          title,
          duration_minutes: 30,
          ...(project ? { project_id: project } : {}),
          ...(assignee ? { assignee_id: assignee.user.id } : {}),
        })
      ).id;
    };
    await add("Editor's", editor);
    await add("Viewer's", viewer);
    await add("Nobody's", null);
    await add("Owner's", owner);
    await add("Diary", null, undefined);
    ids["Editor's own"] = (await editor.create({ title: "Editor's own", duration_minutes: 30 })).id;
  });
  afterAll(async () => t.close());

  it("plans each one's own tasks: an editor's assigned ones, not the rest of the shared list", async () => {
    const editorPlan = await planned(editor);
    expect(editorPlan.has(ids["Editor's"]!)).toBe(true);
    expect(editorPlan.has(ids["Editor's own"]!)).toBe(true);
    for (const title of ["Viewer's", "Nobody's", "Owner's", "Diary"])
      expect(editorPlan.has(ids[title]!)).toBe(false);
    // A viewer cannot schedule a task: theirs counts in their figures, not in their plans.
    const viewerPlan = await planned(viewer);
    expect(viewerPlan.has(ids["Viewer's"]!)).toBe(false);
    expect(viewerPlan.has(ids["Nobody's"]!)).toBe(false);
    const ownerPlan = await planned(owner);
    for (const title of ["Nobody's", "Owner's", "Diary"]) expect(ownerPlan.has(ids[title]!)).toBe(true);
    for (const title of ["Editor's", "Viewer's", "Editor's own"])
      expect(ownerPlan.has(ids[title]!)).toBe(false);
    const outsiderPlan = await planned(outsider);
    for (const id of Object.values(ids)) expect(outsiderPlan.has(id)).toBe(false);
  });

  it("lets an editor accept a plan with a shared task assigned to them, and undo it", async () => {
    const response = await editor.call("POST", apiRoutes.acceptPlan.path, {
      date: "2030-06-17",
      blocks: [
        { task_id: ids["Editor's"]!, start: "2030-06-17T09:00:00.000Z", end: "2030-06-17T09:30:00.000Z" },
        { task_id: ids["Editor's own"]!, start: "2030-06-17T10:00:00.000Z", end: "2030-06-17T10:30:00.000Z" },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await owner.task(ids["Editor's"]!)).scheduled_start).toBe("2030-06-17T09:00:00.000Z");
    const refused = await viewer.call("POST", apiRoutes.acceptPlan.path, {
      date: "2030-06-17",
      blocks: [
        { task_id: ids["Viewer's"]!, start: "2030-06-17T09:00:00.000Z", end: "2030-06-17T09:30:00.000Z" },
      ],
    });
    expect(refused.statusCode).toBe(403);
    const { undo_token } = response.json<{ undo_token: string }>();
    const undone = await editor.call("POST", apiRoutes.undoPlan.path, { undo_token });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ restored: 2 });
    expect((await owner.task(ids["Editor's"]!)).scheduled_start).toBeNull();
    expect((await editor.call("POST", apiRoutes.undoPlan.path, { undo_token })).statusCode).toBe(404);
  });

  it("counts a member's assigned tasks in their statistics and takes them out of the owner's", async () => {
    const before = {
      owner: await stats(owner),
      editor: await stats(editor),
      outsider: await stats(outsider),
    };
    await editor.update(ids["Editor's"]!, { status: "completed" });
    await owner.update(ids["Nobody's"]!, { status: "completed" });
    const after = { owner: await stats(owner), editor: await stats(editor), outsider: await stats(outsider) };
    expect(after.editor.completed - before.editor.completed).toBe(1);
    expect(after.editor.pending - before.editor.pending).toBe(-1);
    expect(after.owner.completed - before.owner.completed).toBe(1);
    expect(after.owner.total).toBe(before.owner.total);
    expect(after.outsider).toEqual(before.outsider);
    // The owner's total: their own five tasks but the two assigned to members, and their first task.
    expect(after.owner.total - (await stats(outsider)).total).toBe(3);
  });

  it("counts completions in analytics for whom the task was assigned to", async () => {
    t.clock.set("2030-06-17T12:00:00.000Z");
    const editorFigures = await analytics(editor);
    expect(editorFigures.inProject).toBe(1);
    const ownerFigures = await analytics(owner);
    // The owner's completion of the unassigned task, not the editor's of theirs.
    expect(ownerFigures.inProject).toBe(1);
    expect((await analytics(viewer)).inProject).toBe(0);
    expect((await analytics(outsider)).inProject).toBe(0);
  });
});
