import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { FastifyRequest } from "fastify";
import type { ModulePlugin } from "../../app-types";
import { Unauthenticated } from "../../lib/domain-errors";
import { userTimeZone } from "../../lib/time-zone";
import { authenticate, currentUser } from "../auth";
import { mcpServerFor } from "./server";

const NOT_A_TOKEN =
  "The MCP endpoint takes a personal API token (tl_pat_…): create one in Settings, Connect an AI assistant";

/** The Fastify request as the web-standard Request the SDK's transport reads (its body already parsed). */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return new Request(`${request.protocol}://${request.host}${request.url}`, {
    method: request.method,
    headers,
  });
}

/**
 * The Model Context Protocol endpoint (Streamable HTTP, stateless: every POST carries its own
 * bearer token and gets a JSON answer), for AI assistants working with the user's tasks.
 */
export const mcpModule: ModulePlugin = async (app, { deps }) => {
  app.addHook("onRequest", authenticate(deps));
  app.addHook("onRequest", async (request) => {
    if (!request.auth?.apiToken) throw new Unauthenticated(NOT_A_TOKEN);
  });

  app.post(
    "/",
    {
      schema: { hide: true },
      // Which calls a token may make is decided per tool (a read-only token gets the read tools
      // only), not by the HTTP method: every MCP message is a POST.
      config: { readOnly: true },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const context = { deps, user, timeZone: userTimeZone(user), log: request.log };
      const server = mcpServerFor(context, request.auth!.apiToken!.scope);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      try {
        await server.connect(transport);
        const response = await transport.handleRequest(webRequest(request), { parsedBody: request.body });
        reply.status(response.status);
        response.headers.forEach((value, name) => void reply.header(name, value));
        return reply.send(await response.text());
      } finally {
        await server.close();
      }
    },
  );

  // No server-to-client stream and no sessions to end: the stateless transport answers 405.
  app.route({
    method: ["GET", "DELETE"],
    url: "/",
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply
        .status(405)
        .header("allow", "POST")
        .send({ message: "The MCP endpoint takes POST requests only" }),
  });
};
