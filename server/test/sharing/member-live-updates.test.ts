import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventTicket } from "@contract/integrations";
import { apiRoutes, pathFor } from "@contract/routes";
import { invitationListSchema } from "@contract/sharing";
import { createTestApp, type TestApp } from "../helpers";
import { openEventStream } from "../live-updates/event-stream";
import { newApiUser, type ApiUser } from "../projects/api-user";

/** A project shared with a member reaches the member's live-update stream; the owner's others do not. */
describe("live updates of a shared project", () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: ApiUser;
  let member: ApiUser;
  let sharedId: string;
  let privateId: string;

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    owner = await newApiUser(t);
    member = await newApiUser(t);
    sharedId = (await owner.createProject("Trip")).id;
    privateId = (await owner.createProject("Diary")).id;
    const invited = await owner.call("POST", pathFor(apiRoutes.addMember.path, { id: sharedId }), {
      user: member.user.username,
      role: "editor",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [invitation] = invitationListSchema.parse(
      (await member.call("GET", apiRoutes.listInvitations.path)).json(),
    );
    await member.call("POST", pathFor(apiRoutes.acceptInvitation.path, { id: invitation!.id }));
  });
  afterAll(async () => t.close());

  it("tells the member of the owner's changes there, of a move out as a deletion, and of nothing private", async () => {
    const ticket = (await member.call("POST", apiRoutes.eventTicket.path)).json<EventTicket>().ticket;
    const stream = await openEventStream(baseUrl, ticket);
    try {
      const secret = await owner.create({ title: "Secret", project_id: privateId });
      const shared = await owner.create({ title: "Book train", project_id: sharedId });
      await stream.waitFor((event) => event.type === "created" && event.id === shared.id);
      await owner.update(shared.id, { project_id: privateId });
      await stream.waitFor((event) => event.type === "deleted" && event.id === shared.id);
      expect(stream.events.some((event) => event.id === secret.id)).toBe(false);
    } finally {
      stream.close();
    }
  });

  it("tells the owner of a member's change", async () => {
    const ticket = (await owner.call("POST", apiRoutes.eventTicket.path)).json<EventTicket>().ticket;
    const stream = await openEventStream(baseUrl, ticket);
    try {
      const created = await member.create({ title: "Pack", project_id: sharedId });
      await stream.waitFor((event) => event.type === "created" && event.id === created.id);
    } finally {
      stream.close();
    }
  });
});
