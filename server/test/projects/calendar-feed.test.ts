import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarFeedSchema } from "@contract/calendar";
import { apiRoutes } from "@contract/routes";
import { createTestApp, type TestApp } from "../helpers";
import { newApiUser, type ApiUser } from "./api-user";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: "https://tasks.example.com" } });
  t.clock.set("2026-11-21T10:00:00.000Z");
});
afterAll(async () => t.close());

async function feedPath(user: ApiUser): Promise<string> {
  const response = await user.call("GET", apiRoutes.calendarFeed.path);
  return new URL(calendarFeedSchema.parse(response.json()).url).pathname;
}

function summaries(ics: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar
    .getAllSubcomponents("vevent")
    .map((event) => String(event.getFirstPropertyValue("summary")))
    .sort();
}

describe("the calendar feed of one project", () => {
  it("holds only that project's tasks with ?project=<id>, and every task without it", async () => {
    const ada = await newApiUser(t);
    const home = await ada.createProject("Home");
    const due = "2026-11-25T08:00:00.000Z";
    const paint = await ada.create({ title: "Paint", project_id: home.id, due_date: due });
    await ada.create({ title: "Sand", parent_id: paint.id, due_date: due });
    await ada.create({ title: "Dentist", due_date: due });
    const path = await feedPath(ada);

    const all = await t.app.inject({ method: "GET", url: path });
    expect(summaries(all.body)).toEqual(["Dentist", "Paint", "Sand"]);
    const one = await t.app.inject({ method: "GET", url: path, query: { project: home.id } });
    expect(one.statusCode).toBe(200);
    expect(summaries(one.body)).toEqual(["Paint", "Sand"]);
  });

  it("answers 404 for a project that is not the feed owner's", async () => {
    const ada = await newApiUser(t);
    const bob = await newApiUser(t);
    const bobs = await bob.createProject("Bob's");
    const path = await feedPath(ada);
    expect((await t.app.inject({ method: "GET", url: path, query: { project: bobs.id } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: "GET", url: path, query: { project: "nope" } })).statusCode).toBe(
      404,
    );
  });
});
