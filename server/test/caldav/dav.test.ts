import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskJson } from "@contract/tasks";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

/** The protocol as a client meets it, request by request. */
describe("CalDAV at /dav/", () => {
  let t: TestApp;
  let owner: SignedUp;
  let other: SignedUp;
  let auth: { authorization: string };
  let inboxId: string;
  let workId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t);
    other = await signUp(t);
    const password = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/app-passwords",
        headers: bearer(owner.token),
        payload: { name: "Phone" },
      })
    ).json<{ password: string }>().password;
    auth = { authorization: `Basic ${Buffer.from(`${owner.user.username}:${password}`).toString("base64")}` };
    const projects = (
      await t.app.inject({ method: "GET", url: "/api/v1/projects", headers: bearer(owner.token) })
    ).json<Array<{ id: string; is_inbox: boolean }>>();
    inboxId = projects.find((project) => project.is_inbox)!.id;
    workId = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/projects",
        headers: bearer(owner.token),
        payload: { name: "Work" },
      })
    ).json<{ id: string }>().id;
  });
  afterAll(async () => t.close());

  const home = () => `/dav/calendars/${owner.user.username}/`;
  const collection = (id: string) => `${home()}${id}/`;

  const dav = (method: string, url: string, body?: string, headers: Record<string, string> = {}) => {
    // Each request a moment later, as a client's requests come.
    t.clock.advance(1000);
    return t.app.inject({
      method: method as "GET",
      url,
      headers: { ...auth, "content-type": "application/xml; charset=utf-8", ...headers },
      ...(body === undefined ? {} : { payload: body }),
    });
  };

  const vtodo = (uid: string, summary: string, extra: string[] = []) =>
    [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//test//EN",
      "BEGIN:VTODO",
      `UID:${uid}`,
      "DTSTAMP:20261121T100000Z",
      `SUMMARY:${summary}`,
      ...extra,
      "END:VTODO",
      "END:VCALENDAR",
      "",
    ].join("\r\n");

  const syncReport = (token: string) =>
    `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

  const tokenOf = (body: string) => /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(body)?.[1] ?? "";

  it("redirects /.well-known/caldav to /dav/, PROPFIND with any body too, and says what it speaks on OPTIONS", async () => {
    const redirect = await t.app.inject({ method: "PROPFIND", url: "/.well-known/caldav" });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe("/dav/");
    // What Apple Reminders and DAVx⁵ send given only the server's name: an XML body of any type.
    const body =
      '<?xml version="1.0"?><propfind xmlns="DAV:"><prop><current-user-principal/></prop></propfind>';
    for (const type of [
      "application/xml",
      "text/xml; charset=utf-8",
      "application/octet-stream",
      undefined,
    ]) {
      const propfind = await t.app.inject({
        method: "PROPFIND",
        url: "/.well-known/caldav",
        headers: { depth: "0", ...(type ? { "content-type": type } : {}) },
        payload: body,
      });
      expect(propfind.statusCode, `${type}: ${propfind.body}`).toBe(301);
      expect(propfind.headers.location).toBe("/dav/");
    }
    const options = await t.app.inject({ method: "OPTIONS", url: "/dav/" });
    expect(options.statusCode).toBe(200);
    expect(options.headers.dav).toBe("1, 3, calendar-access");
    expect(options.headers.allow).toContain("REPORT");
  });

  it("leads from the root to the principal, the home and one VTODO collection per project", async () => {
    const root = await dav(
      "PROPFIND",
      "/dav/",
      '<propfind xmlns="DAV:"><prop><current-user-principal/></prop></propfind>',
      { depth: "0" },
    );
    expect(root.statusCode).toBe(207);
    expect(root.body).toContain(`<d:href>/dav/principals/${owner.user.username}/</d:href>`);

    const principal = await dav(
      "PROPFIND",
      `/dav/principals/${owner.user.username}/`,
      '<A:propfind xmlns:A="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><A:prop><C:calendar-home-set/><A:unknown-thing/></A:prop></A:propfind>',
      { depth: "0" },
    );
    expect(principal.body).toContain(`<c:calendar-home-set><d:href>${home()}</d:href></c:calendar-home-set>`);
    expect(principal.body).toMatch(/<d:unknown-thing\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found/);

    const listing = await dav(
      "PROPFIND",
      home(),
      '<propfind xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/"><prop><resourcetype/><displayname/><C:supported-calendar-component-set/><CS:getctag/><sync-token/></prop></propfind>',
      { depth: "1" },
    );
    expect(listing.body).toContain(`<d:href>${collection(inboxId)}</d:href>`);
    expect(listing.body).toContain(`<d:href>${collection(workId)}</d:href>`);
    expect(listing.body).toContain("<d:displayname>Work</d:displayname>");
    expect(listing.body).toContain('<c:comp name="VTODO"/>');
    expect(listing.body).toContain("<cs:getctag>");
  });

  it("leaves an archived project out of the lists and brings it back when it is reopened", async () => {
    const archive = (archived: boolean) =>
      t.app.inject({
        method: "PUT",
        url: `/api/v1/projects/${workId}`,
        headers: bearer(owner.token),
        payload: { archived },
      });
    const listed = async () => {
      const listing = await dav(
        "PROPFIND",
        home(),
        '<propfind xmlns="DAV:"><prop><displayname/></prop></propfind>',
        {
          depth: "1",
        },
      );
      return listing.body.includes(`<d:href>${collection(workId)}</d:href>`);
    };
    const settings = async () =>
      (await t.app.inject({ method: "GET", url: "/api/v1/caldav", headers: bearer(owner.token) }))
        .json<{ collections: Array<{ id: string }> }>()
        .collections.map((item) => item.id);

    expect((await archive(true)).statusCode).toBe(200);
    expect(await listed()).toBe(false);
    expect((await dav("PROPFIND", collection(workId), undefined, { depth: "0" })).statusCode).toBe(404);
    expect(await settings()).toEqual([inboxId]);

    expect((await archive(false)).statusCode).toBe(200);
    expect(await listed()).toBe(true);
    expect(await settings()).toEqual([inboxId, workId]);
  });

  it("answers 404 for another user's paths and an unknown collection", async () => {
    expect(
      (await dav("PROPFIND", `/dav/calendars/${other.user.username}/`, undefined, { depth: "0" })).statusCode,
    ).toBe(404);
    expect((await dav("PROPFIND", `${home()}no-such-project/`, undefined, { depth: "0" })).statusCode).toBe(
      404,
    );
  });

  it("creates a task in the project of the collection it is put in, and gives it back with an ETag", async () => {
    const put = await dav("PUT", `${collection(workId)}report.ics`, vtodo("report-1", "Write the report"), {
      "content-type": "text/calendar",
      "if-none-match": "*",
    });
    expect(put.statusCode).toBe(201);
    const tasks = (
      await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(owner.token) })
    ).json<TaskJson[]>();
    expect(tasks.find((task) => task.title === "Write the report")?.project_id).toBe(workId);

    const get = await dav("GET", `${collection(workId)}report.ics`);
    expect(get.statusCode).toBe(200);
    expect(get.headers["content-type"]).toContain("text/calendar");
    expect(get.headers.etag).toMatch(/^".+"$/);
    expect(get.body).toContain("UID:report-1");
    // Not in the Inbox's collection.
    expect((await dav("GET", `${collection(inboxId)}report.ics`)).statusCode).toBe(404);
  });

  it("refuses what is not a task: an event, broken iCalendar, broken XML", async () => {
    const event = vtodo("event-1", "Party").replaceAll("VTODO", "VEVENT");
    const refused = await dav("PUT", `${collection(inboxId)}event.ics`, event, {
      "content-type": "text/calendar",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/VTODO/);
    expect((await dav("PUT", `${collection(inboxId)}x.ics`, "BEGIN:nonsense")).statusCode).toBe(400);
    expect((await dav("PROPFIND", home(), "<propfind xmlns='DAV:'><prop>", { depth: "0" })).statusCode).toBe(
      400,
    );
    const long = vtodo("long-1", "x".repeat(501));
    const tooLong = await dav("PUT", `${collection(inboxId)}long.ics`, long, {
      "content-type": "text/calendar",
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toMatch(/title/i);
  });

  it("reports a task moved to another project as gone from the old collection and new in the other", async () => {
    const before = await dav("REPORT", collection(workId), syncReport(""));
    const workToken = tokenOf(before.body);
    const inboxToken = tokenOf((await dav("REPORT", collection(inboxId), syncReport(""))).body);
    const task = (await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(owner.token) }))
      .json<TaskJson[]>()
      .find((item) => item.title === "Write the report")!;
    await t.app.inject({
      method: "PUT",
      url: `/api/v1/tasks/${task.id}`,
      headers: bearer(owner.token),
      payload: { project_id: inboxId },
    });

    const work = await dav("REPORT", collection(workId), syncReport(workToken));
    expect(work.statusCode).toBe(207);
    expect(work.body.match(/<d:response>/g)).toHaveLength(1);
    expect(work.body).toContain(
      `<d:href>${collection(workId)}report.ics</d:href><d:status>HTTP/1.1 404 Not Found`,
    );
    const inbox = await dav("REPORT", collection(inboxId), syncReport(inboxToken));
    expect(inbox.body.match(/<d:response>/g)).toHaveLength(1);
    expect(inbox.body).toContain(`<d:href>${collection(inboxId)}report.ics</d:href><d:propstat>`);
    expect(tokenOf(inbox.body)).not.toBe(inboxToken);
  });

  it("files a subtask sent before its parent under the parent once that arrives", async () => {
    const child = await dav(
      "PUT",
      `${collection(inboxId)}child.ics`,
      vtodo("child-1", "Buy balloons", ["RELATED-TO;RELTYPE=PARENT:party-1"]),
      { "content-type": "text/calendar" },
    );
    expect(child.statusCode).toBe(201);
    // Kept as written meanwhile, so the client's copy keeps its relation.
    expect((await dav("GET", `${collection(inboxId)}child.ics`)).body).toContain(
      "RELATED-TO;RELTYPE=PARENT:party-1",
    );
    await dav("PUT", `${collection(inboxId)}party.ics`, vtodo("party-1", "Plan the party"), {
      "content-type": "text/calendar",
    });
    const tasks = (
      await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(owner.token) })
    ).json<TaskJson[]>();
    const party = tasks.find((task) => task.title === "Plan the party")!;
    expect(tasks.find((task) => task.title === "Buy balloons")?.parent_id).toBe(party.id);
    const body = (await dav("GET", `${collection(inboxId)}child.ics`)).body;
    expect(body.match(/RELATED-TO/g)).toHaveLength(1);
    expect(body).toContain("RELATED-TO;RELTYPE=PARENT:party-1");
  });

  it("counts a change of what Tasklane has no field for as a change, and refuses a UID in use", async () => {
    const url = `${collection(inboxId)}notes.ics`;
    await dav("PUT", url, vtodo("notes-1", "Read notes", ["X-CLIENT-COLOR:red"]), {
      "content-type": "text/calendar",
    });
    const token = tokenOf((await dav("REPORT", collection(inboxId), syncReport(""))).body);
    const changed = await dav("PUT", url, vtodo("notes-1", "Read notes", ["X-CLIENT-COLOR:blue"]), {
      "content-type": "text/calendar",
    });
    expect(changed.statusCode).toBe(204);
    const report = await dav("REPORT", collection(inboxId), syncReport(token));
    expect(report.body.match(/<d:response>/g)).toHaveLength(1);
    expect(report.body).toContain(`<d:href>${url}</d:href><d:propstat>`);
    expect((await dav("GET", url)).body).toContain("X-CLIENT-COLOR:blue");

    const taken = await dav("PUT", `${collection(inboxId)}other.ics`, vtodo("notes-1", "Copy"), {
      "content-type": "text/calendar",
    });
    expect(taken.statusCode).toBe(409);
  });

  it("refuses a sync token it did not give", async () => {
    const response = await dav("REPORT", collection(inboxId), syncReport("http://elsewhere/token/1"));
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain("valid-sync-token");
  });

  it("deletes with a matching If-Match only", async () => {
    const url = `${collection(inboxId)}report.ics`;
    expect((await dav("DELETE", url, undefined, { "if-match": '"stale"' })).statusCode).toBe(412);
    const etag = (await dav("GET", url)).headers.etag as string;
    expect((await dav("DELETE", url, undefined, { "if-match": etag })).statusCode).toBe(204);
    expect((await dav("GET", url)).statusCode).toBe(404);
  });
});
