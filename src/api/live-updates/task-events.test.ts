import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { queryKeys } from "../query-keys";
import { refreshAfterSharingChange } from "./task-events";

/** A query client holding a value under each key; `stale` tells which were marked stale since. */
function clientWith(keys: ReadonlyArray<readonly unknown[]>) {
  const client = createQueryClient();
  for (const key of keys) client.setQueryData(key, "cached");
  const stale = () =>
    keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));
  return { client, stale };
}

const comments = queryKeys.sharing.comments("task-1");
const otherComments = queryKeys.sharing.comments("task-2");
const activity = queryKeys.sharing.activity("p-1");
const members = queryKeys.sharing.members("p-1");
const projects = queryKeys.projects.list();
const bell = queryKeys.notifications.list();

describe("refreshAfterSharingChange", () => {
  it("reads a task's comments and its project's activity again after a comment", async () => {
    const { client, stale } = clientWith([comments, otherComments, activity, members]);
    await refreshAfterSharingChange(
      client,
      JSON.stringify({ type: "comments", project_id: "p-1", task_id: "task-1" }),
    );
    expect(stale()).toEqual([JSON.stringify(comments), JSON.stringify(activity)]);
  });

  it("reads the members, the bell and the projects again after a change of members", async () => {
    const { client, stale } = clientWith([members, bell, projects, otherComments]);
    await refreshAfterSharingChange(
      client,
      JSON.stringify({ type: "members", project_id: "p-1", task_id: null }),
    );
    expect(stale()).toEqual([members, bell, projects].map((key) => JSON.stringify(key)));
  });

  it("ignores what is not such an event", async () => {
    const { client, stale } = clientWith([comments, members]);
    await refreshAfterSharingChange(client, "not json");
    await refreshAfterSharingChange(client, JSON.stringify({ type: "other", project_id: "p-1" }));
    expect(stale()).toEqual([]);
  });
});
