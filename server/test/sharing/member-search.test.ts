import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";
import { newApiUser, type ApiUser } from "../projects/api-user";
import { share } from "./share";

/**
 * A search covers the searcher's own tasks and those of the projects shared with them, nothing
 * else: on PostgreSQL each owner's matches are looked up apart (the trigram index by owner and
 * project), so the set must come out as the plain condition gives it, for text with a trigram
 * and without, with other filters, and page by page.
 */
describe("a member's search", () => {
  let t: TestApp;
  let owner: ApiUser;
  let member: ApiUser;
  const ids: Record<string, string> = {};

  async function titles(user: ApiUser, query: Record<string, string>): Promise<string[]> {
    return (await user.list(query)).map((task) => task.title).sort();
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newApiUser(t);
    member = await newApiUser(t);
    const outsider = await newApiUser(t);
    const household = (await owner.createProject("Household")).id;
    const privateId = (await owner.createProject("Private")).id;
    await share(owner, member, household, "viewer");
    const add = async (user: ApiUser, title: string, extra: Record<string, unknown> = {}) => {
      ids[title] = (await user.create({ title, priority: "medium", ...extra })).id;
    };
    await add(owner, "Pay the Invoice", { project_id: household });
    await add(owner, "Call the plumber", { project_id: household, description: "invoice attached" });
    await add(owner, "Taxes", { project_id: household, tags: ['say "invoice"'] });
    await add(owner, "Sweep", { project_id: household });
    await add(owner, "Private invoice", { project_id: privateId });
    await add(member, "Member's invoice");
    await add(member, "Member's chores", { tags: ["invoices"] });
    await add(outsider, "Outsider's invoice");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("finds the member's own matches and the shared project's, in any field", async () => {
    const expected = ["Call the plumber", "Member's chores", "Member's invoice", "Pay the Invoice", "Taxes"];
    expect(await titles(member, { search: "invoice" })).toEqual(expected);
    expect(await titles(member, { search: "INVOICE" })).toEqual(expected);
    // Without a trigram (two letters), compared task by task: the same rule.
    expect(await titles(member, { search: "vo" })).toEqual(expected);
    // The owner sees all of their own, shared or not, and nobody else's.
    expect(await titles(owner, { search: "invoice" })).toEqual([
      "Call the plumber",
      "Pay the Invoice",
      "Private invoice",
      "Taxes",
    ]);
  });

  it("matches a tag's text as written, quotes included, and inside one field only", async () => {
    expect(await titles(member, { search: '"invoice"' })).toEqual(["Taxes"]);
    expect(await titles(member, { search: "invoices" })).toEqual(["Member's chores"]);
    expect(await titles(member, { search: "plumber invoice" })).toEqual([]);
  });

  it("keeps the other filters and pages through the matches", async () => {
    await member.update(ids["Member's invoice"] as string, { status: "completed" });
    expect(await titles(member, { search: "invoice", status: "pending" })).toEqual([
      "Call the plumber",
      "Member's chores",
      "Pay the Invoice",
      "Taxes",
    ]);
    expect(await titles(member, { search: "invoice", tags: "invoices" })).toEqual(["Member's chores"]);
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const tasks = await member.list({
        search: "invoice",
        order: "completed_at",
        limit: "2",
        ...(after ? { after } : {}),
      });
      seen.push(...tasks.map((task) => task.title));
      const last = tasks.at(-1);
      if (tasks.length < 2 || !last) break;
      after = `${last.completed_at ?? ""},${last.id}`;
    }
    expect(seen[0]).toBe("Member's invoice");
    expect(seen.sort()).toEqual([
      "Call the plumber",
      "Member's chores",
      "Member's invoice",
      "Pay the Invoice",
      "Taxes",
    ]);
  });
});
