import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, pathFor } from "@contract/routes";
import { invitationListSchema, type ShareRole } from "@contract/sharing";
import { createTestApp, type TestApp } from "../helpers";
import { newApiUser, type ApiUser } from "../projects/api-user";

const vtodo = (uid: string, summary: string) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//test//EN",
    "BEGIN:VTODO",
    `UID:${uid}`,
    "DTSTAMP:20261121T100000Z",
    `SUMMARY:${summary}`,
    "END:VTODO",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

/** A shared project is a task list in each member's CalDAV apps, as their role allows. */
describe("CalDAV of a shared project", () => {
  let t: TestApp;
  let owner: ApiUser;
  let editor: ApiUser;
  let viewer: ApiUser;
  let outsider: ApiUser;
  let sharedId: string;
  let privateId: string;
  let taskId: string;

  async function join(member: ApiUser, role: ShareRole) {
    const invited = await owner.call("POST", pathFor(apiRoutes.addMember.path, { id: sharedId }), {
      user: member.user.username,
      role,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [invitation] = invitationListSchema.parse(
      (await member.call("GET", apiRoutes.listInvitations.path)).json(),
    );
    await member.call("POST", pathFor(apiRoutes.acceptInvitation.path, { id: invitation!.id }));
  }

  /** A CalDAV request as `user`, with an app password of theirs. */
  async function davAs(user: ApiUser) {
    const made = await user.call("POST", apiRoutes.createAppPassword.path, { name: "Phone" });
    const password = made.json<{ password: string }>().password;
    const authorization = `Basic ${Buffer.from(`${user.user.username}:${password}`).toString("base64")}`;
    const home = `/dav/calendars/${user.user.username}/`;
    return (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
      t.clock.advance(1000);
      return t.app.inject({
        method: method as "GET",
        url: `${home}${path}`,
        headers: { authorization, "content-type": "application/xml; charset=utf-8", ...headers },
        ...(body === undefined ? {} : { payload: body }),
      });
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newApiUser(t);
    editor = await newApiUser(t);
    viewer = await newApiUser(t);
    outsider = await newApiUser(t);
    sharedId = (await owner.createProject("Household")).id;
    privateId = (await owner.createProject("Diary")).id;
    taskId = (await owner.create({ title: "Water plants", project_id: sharedId })).id;
    await join(editor, "editor");
    await join(viewer, "viewer");
  });
  afterAll(async () => t.close());

  it("lists the shared project, never the owner's private ones, and serves its tasks", async () => {
    const dav = await davAs(viewer);
    const listing = await dav(
      "PROPFIND",
      "",
      '<propfind xmlns="DAV:"><prop><displayname/></prop></propfind>',
      {
        depth: "1",
      },
    );
    expect(listing.body).toContain("<d:displayname>Household</d:displayname>");
    expect(listing.body).not.toContain(privateId);
    const get = await dav("GET", `${sharedId}/${taskId}.ics`);
    expect(get.statusCode, get.body).toBe(200);
    expect(get.body).toContain("SUMMARY:Water plants");
  });

  it("lets an editor put a task in it, and refuses a viewer (403) and an outsider (404)", async () => {
    const put = await (
      await davAs(editor)
    )("PUT", `${sharedId}/bins.ics`, vtodo("bins-1", "Take out the bins"), {
      "content-type": "text/calendar",
    });
    expect(put.statusCode, put.body).toBe(201);
    expect((await owner.list({ project_id: sharedId })).map((task) => task.title)).toContain(
      "Take out the bins",
    );
    const refused = await (
      await davAs(viewer)
    )("PUT", `${sharedId}/x.ics`, vtodo("x-1", "Nope"), { "content-type": "text/calendar" });
    expect(refused.statusCode).toBe(403);
    const outside = await (await davAs(outsider))("PROPFIND", `${sharedId}/`, undefined, { depth: "0" });
    expect(outside.statusCode).toBe(404);
  });
});
