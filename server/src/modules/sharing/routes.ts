import { apiRoutes, idParamsSchema, projectIdParamsSchema, taskIdParamsSchema } from "@contract/routes";
import { memberParamsSchema } from "@contract/sharing";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import {
  acceptInvitation,
  addMember,
  changeMemberRole,
  createComment,
  declineInvitation,
  deleteComment,
  listComments,
  listInvitations,
  listMembers,
  projectActivity,
  removeMember,
  updateComment,
} from "./service";

const security = [{ bearerAuth: [] }];
const tags = ["sharing"];

/**
 * Shared projects: members and invitations, comments on tasks and a project's activity. Who may
 * do what is the tasks' unit of work's and its read twin's to decide, never a route's.
 */
export const sharingModule: ModulePlugin = async (app, { deps }) => {
  const { db, clock } = deps;
  app.addHook("onRequest", authenticate(deps));
  const routes = apiRoutes;

  app.get(
    routeIn(app, routes.listMembers.path),
    {
      schema: {
        summary: routes.listMembers.summary,
        tags,
        security,
        params: projectIdParamsSchema,
        response: { 200: routes.listMembers.response },
      },
    },
    async (request) => listMembers(db, currentUser(request).id, request.params.id),
  );
  app.post(
    routeIn(app, routes.addMember.path),
    {
      schema: {
        summary: routes.addMember.summary,
        tags,
        security,
        description:
          "`user`: the username or e-mail of an existing account; `role`: viewer (reads tasks and comments), " +
          "editor (also creates, edits, completes, moves and comments) or admin (also manages members and the " +
          "project). The invitee finds it in `GET /api/v1/invitations` and the bell (and by e-mail when e-mailed " +
          "reminders are on).",
        params: projectIdParamsSchema,
        body: routes.addMember.body,
        response: { 201: routes.addMember.response },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addMember(db, clock, currentUser(request).id, request.params.id, request.body)),
  );
  app.put(
    routeIn(app, routes.updateMember.path),
    {
      schema: {
        summary: routes.updateMember.summary,
        tags,
        security,
        params: memberParamsSchema,
        body: routes.updateMember.body,
        response: { 200: routes.updateMember.response },
      },
    },
    async (request) =>
      changeMemberRole(
        db,
        currentUser(request).id,
        request.params.id,
        request.params.user_id,
        request.body.role,
      ),
  );
  app.delete(
    routeIn(app, routes.removeMember.path),
    { schema: { summary: routes.removeMember.summary, tags, security, params: memberParamsSchema } },
    async (request, reply) => {
      await removeMember(db, clock, currentUser(request).id, request.params.id, request.params.user_id);
      return reply.status(204).send();
    },
  );
  app.get(
    routeIn(app, routes.projectActivity.path),
    {
      schema: {
        summary: routes.projectActivity.summary,
        tags,
        security,
        params: projectIdParamsSchema,
        response: { 200: routes.projectActivity.response },
      },
    },
    async (request) => projectActivity(db, currentUser(request).id, request.params.id),
  );
  app.get(
    routeIn(app, routes.listInvitations.path),
    {
      schema: {
        summary: routes.listInvitations.summary,
        tags,
        security,
        response: { 200: routes.listInvitations.response },
      },
    },
    async (request) => listInvitations(db, currentUser(request).id),
  );
  app.post(
    routeIn(app, routes.acceptInvitation.path),
    {
      schema: {
        summary: routes.acceptInvitation.summary,
        tags,
        security,
        params: idParamsSchema,
        response: { 200: routes.acceptInvitation.response },
      },
    },
    async (request) => acceptInvitation(db, clock, currentUser(request).id, request.params.id),
  );
  app.post(
    routeIn(app, routes.declineInvitation.path),
    { schema: { summary: routes.declineInvitation.summary, tags, security, params: idParamsSchema } },
    async (request, reply) => {
      await declineInvitation(db, currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    routeIn(app, routes.listComments.path),
    {
      schema: {
        summary: routes.listComments.summary,
        tags,
        security,
        params: taskIdParamsSchema,
        response: { 200: routes.listComments.response },
      },
    },
    async (request) => listComments(db, currentUser(request).id, request.params.id),
  );
  app.post(
    routeIn(app, routes.createComment.path),
    {
      schema: {
        summary: routes.createComment.summary,
        tags,
        security,
        params: taskIdParamsSchema,
        body: routes.createComment.body,
        response: { 201: routes.createComment.response },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createComment(db, clock, currentUser(request).id, request.params.id, request.body.body)),
  );
  app.put(
    routeIn(app, routes.updateComment.path),
    {
      schema: {
        summary: routes.updateComment.summary,
        tags,
        security,
        params: idParamsSchema,
        body: routes.updateComment.body,
        response: { 200: routes.updateComment.response },
      },
    },
    async (request) =>
      updateComment(db, clock, currentUser(request).id, request.params.id, request.body.body),
  );
  app.delete(
    routeIn(app, routes.deleteComment.path),
    { schema: { summary: routes.deleteComment.summary, tags, security, params: idParamsSchema } },
    async (request, reply) => {
      await deleteComment(db, currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
};
