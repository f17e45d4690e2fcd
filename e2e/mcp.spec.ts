import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, openFromSidebar, test } from "./support/signed-in";

/**
 * Settings makes a token for an AI assistant and shows, once, what to paste into the assistant;
 * an MCP client (the SDK's own, as Claude would be) connects with it and adds a task, which the
 * user then sees in the app.
 */
test("Connect an AI assistant: the token and configuration from Settings let an MCP client add a task", async ({
  page,
  account,
}) => {
  await openFromSidebar(page, "Settings");
  await expect(page.getByText("Connect an AI assistant", { exact: true })).toBeVisible();
  await page.getByLabel("The assistant may").selectOption("write");
  await page.getByRole("button", { name: "Create assistant token" }).click();

  const token = await page.getByRole("textbox", { name: "Token", exact: true }).inputValue();
  expect(token).toMatch(/^tl_pat_/);
  await page.getByRole("tab", { name: "Claude Code" }).click();
  const command = await page.getByRole("textbox", { name: "Claude Code configuration" }).inputValue();
  const url = /--transport http tasklane (\S+) /.exec(command)?.[1];
  expect(url).toBe(new URL("/mcp", page.url()).href);
  expect(command).toContain(`Authorization: Bearer ${token}`);

  const client = new Client({ name: "e2e-assistant", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url!), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  try {
    const result = await client.callTool({
      name: "add_tasks",
      arguments: { tasks: [{ text: "Renew the passport #errands !high" }] },
    });
    expect(result.isError).toBeFalsy();
  } finally {
    await client.close();
  }

  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("textbox", { name: "Token", exact: true })).toHaveCount(0);
  await expect(
    page.getByRole("list", { name: "Your API tokens" }).getByText("AI assistant (read and write)"),
  ).toBeVisible();

  await openFromSidebar(page, "Tasks");
  await expect(page.getByRole("heading", { name: "Renew the passport", exact: true })).toBeVisible();
  const saved = (await account.api.tasks()).find((task) => task.title === "Renew the passport");
  expect(saved).toMatchObject({ priority: "high", tags: ["errands"] });
});
