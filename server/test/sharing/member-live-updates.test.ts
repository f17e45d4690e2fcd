import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventTicket } from "@contract/integrations";
import { apiRoutes, pathFor } from "@contract/routes";
import { invitationListSchema, type LiveSharingEvent } from "@contract/sharing";
import { createTestApp, type TestApp } from "../helpers";
import { openEventStream, type EventStream } from "../live-updates/event-stream";
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

  async function streamOf(user: ApiUser): Promise<EventStream> {
    const ticket = (await user.call("POST", apiRoutes.eventTicket.path)).json<EventTicket>().ticket;
    return openEventStream(baseUrl, ticket);
  }

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

  it("tells every member of a comment made, edited and deleted, and nobody else", async () => {
    const task = await owner.create({ title: "Book ferry", project_id: sharedId });
    const outsider = await newApiUser(t);
    const streams = await Promise.all([owner, member, outsider].map((user) => streamOf(user)));
    const [ownerStream, memberStream, outsiderStream] = streams;
    try {
      const commentsUrl = pathFor(apiRoutes.listComments.path, { id: task.id });
      const made = await member.call("POST", commentsUrl, { body: "Booked for Friday" });
      expect(made.statusCode, made.body).toBe(201);
      const isComment = (event: LiveSharingEvent) =>
        event.type === "comments" && event.task_id === task.id && event.project_id === sharedId;
      await ownerStream!.waitForSharing(isComment);
      await memberStream!.waitForSharing(isComment);
      const commentUrl = pathFor(apiRoutes.updateComment.path, { id: made.json<{ id: string }>().id });
      expect((await member.call("PUT", commentUrl, { body: "Booked for Saturday" })).statusCode).toBe(200);
      expect((await member.call("DELETE", commentUrl)).statusCode).toBe(204);
      await waitUntil(() => ownerStream!.sharing.filter(isComment).length === 3);
      expect(outsiderStream!.sharing).toEqual([]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("tells the members, and the member concerned, of an invitation, its answer, a new role and a removal", async () => {
    const newcomer = await newApiUser(t);
    const streams = await Promise.all([owner, member, newcomer].map((user) => streamOf(user)));
    const [ownerStream, memberStream, newcomerStream] = streams;
    const isMembers = (event: LiveSharingEvent) =>
      event.type === "members" && event.project_id === sharedId && event.task_id === null;
    const seen = (stream: EventStream | undefined, count: number) =>
      waitUntil(() => (stream?.sharing.filter(isMembers).length ?? 0) >= count);
    try {
      const memberUrl = pathFor(apiRoutes.updateMember.path, { id: sharedId, user_id: newcomer.user.id });
      await owner.call("POST", pathFor(apiRoutes.addMember.path, { id: sharedId }), {
        user: newcomer.user.username,
        role: "viewer",
      });
      await Promise.all([seen(ownerStream, 1), seen(memberStream, 1), seen(newcomerStream, 1)]);
      const [invitation] = invitationListSchema.parse(
        (await newcomer.call("GET", apiRoutes.listInvitations.path)).json(),
      );
      await newcomer.call("POST", pathFor(apiRoutes.acceptInvitation.path, { id: invitation!.id }));
      await Promise.all([seen(ownerStream, 2), seen(memberStream, 2), seen(newcomerStream, 2)]);
      expect((await owner.call("PUT", memberUrl, { role: "editor" })).statusCode).toBe(200);
      await Promise.all([seen(memberStream, 3), seen(newcomerStream, 3)]);
      expect((await owner.call("DELETE", memberUrl)).statusCode).toBe(204);
      // The member removed hears of it, so their screens drop the project.
      await Promise.all([seen(memberStream, 4), seen(newcomerStream, 4)]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

/** Polls `condition` every 20 ms until it holds (fails after 5 s). */
async function waitUntil(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 5_000) throw new Error("The condition did not hold within 5 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
