import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { z } from "zod";
import type { ApiTokenScope } from "@contract/integrations";
import { DomainError } from "../../lib/domain-errors";
import { VERSION } from "../../version";
import { dayTools } from "./day-tools";
import { taskTools } from "./task-tools";
import type { ToolContext, WorkflowTool } from "./tool-kit";

const TOOLS: ReadonlyArray<WorkflowTool<z.ZodRawShape>> = [...taskTools, ...dayTools];

const INSTRUCTIONS = [
  "Tasklane is the user's task manager. Dates are read and said in the user's time zone.",
  "Look tasks up with find_tasks or get_overview before changing them: the other task tools take ids.",
  "After add_tasks or reschedule_tasks, tell the user each due date as the tool says it (with the",
  "weekday) so they can catch a wrong day. Nothing is ever deleted: cancel_tasks instead.",
  "A read-only token offers the read tools only.",
].join(" ");

/** A failure as the agent reads it: a rule's own words, never the details of a bug. */
async function answered(tool: WorkflowTool<z.ZodRawShape>, context: ToolContext, args: unknown) {
  try {
    const { text, data } = await tool.run(context, args as z.output<z.ZodObject<z.ZodRawShape>>);
    return { content: [{ type: "text" as const, text }], structuredContent: data };
  } catch (error) {
    if (error instanceof DomainError) throw new Error(error.message);
    context.log.error({ err: error, tool: tool.name }, "MCP tool failed");
    throw new Error("Something went wrong on our side. Please try again.");
  }
}

/**
 * The MCP server one request talks to: the workflow tools the token's scope allows, working on
 * its owner's data. Built per request (the endpoint keeps no sessions), so nothing of one user
 * or token outlives the call.
 */
export function mcpServerFor(context: ToolContext, scope: ApiTokenScope): McpServer {
  const server = new McpServer({ name: "tasklane", version: VERSION }, { instructions: INSTRUCTIONS });
  for (const tool of TOOLS) {
    if (tool.access === "write" && scope !== "write") continue;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        annotations: {
          title: tool.title,
          readOnlyHint: tool.access === "read",
          // No tool deletes or overwrites what it was not asked to: cancelling keeps the task.
          destructiveHint: false,
          openWorldHint: false,
        },
      },
      (args: unknown) => answered(tool, context, args),
    );
  }
  return server;
}
