import { apiRoutes } from "@contract/routes";
import { buildUser } from "@mocks/fixtures";
import { server } from "@mocks/server";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { ConnectAssistantCard } from "./connect-assistant-card";

const TOKEN = "tl_pat_QWxhZGRpbjpvcGVuIHNlc2FtZQ0123456789abcdefghij";

function serveTokens() {
  const created: unknown[] = [];
  server.use(
    http.post(apiRoutes.createApiToken.path, async ({ request }) => {
      const body = (await request.json()) as { name: string; scope: "read" | "write" };
      created.push(body);
      return HttpResponse.json(
        {
          id: "token-1",
          name: body.name,
          scope: body.scope,
          token: TOKEN,
          expires_at: "2031-07-15T06:00:00.000Z",
        },
        { status: 201 },
      );
    }),
  );
  return { created };
}

describe("Settings: Connect an AI assistant", () => {
  it("creates a read-only token by default and shows it once with each client's configuration", async () => {
    const { created } = serveTokens();
    const { user } = renderWithProviders(<ConnectAssistantCard />, { user: buildUser() });
    const url = `${window.location.origin}/mcp`;

    await user.click(screen.getByRole("button", { name: "Create assistant token" }));

    expect(await screen.findByDisplayValue(TOKEN)).toBeInTheDocument();
    expect(created).toEqual([{ name: "AI assistant (read only)", scope: "read", expires_in_days: 365 }]);
    const desktop = JSON.parse(
      (screen.getByLabelText("Claude Desktop configuration") as HTMLTextAreaElement).value,
    ) as { mcpServers: { tasklane: { args: string[]; env: Record<string, string> } } };
    expect(desktop.mcpServers.tasklane.args).toEqual(
      expect.arrayContaining(["mcp-remote", url, "--header", "Authorization:${TASKLANE_AUTH}"]),
    );
    expect(desktop.mcpServers.tasklane.env).toEqual({ TASKLANE_AUTH: `Bearer ${TOKEN}` });

    await user.click(screen.getByRole("tab", { name: "Claude Code" }));
    expect(screen.getByLabelText("Claude Code configuration")).toHaveValue(
      `claude mcp add --transport http tasklane ${url} --header "Authorization: Bearer ${TOKEN}"`,
    );
    await user.click(screen.getByRole("tab", { name: "Other clients" }));
    expect(
      JSON.parse((screen.getByLabelText("Other clients configuration") as HTMLTextAreaElement).value),
    ).toEqual({
      mcpServers: { tasklane: { type: "http", url, headers: { Authorization: `Bearer ${TOKEN}` } } },
    });

    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByDisplayValue(TOKEN)).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Other clients configuration")).not.toBeInTheDocument();
  });

  it("creates a read and write token when the user allows changes", async () => {
    const { created } = serveTokens();
    const { user } = renderWithProviders(<ConnectAssistantCard />, { user: buildUser() });
    await user.selectOptions(screen.getByLabelText("The assistant may"), "write");
    await user.click(screen.getByRole("button", { name: "Create assistant token" }));
    expect(await screen.findByDisplayValue(TOKEN)).toBeInTheDocument();
    expect(created).toEqual([
      { name: "AI assistant (read and write)", scope: "write", expires_in_days: 365 },
    ]);
  });
});
