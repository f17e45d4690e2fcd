import type { ApiToken, SignedInSession, Webhook } from "@contract/integrations";
import { apiRoutes } from "@contract/routes";
import { buildUser } from "@mocks/fixtures";
import { server } from "@mocks/server";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { IntegrationCards } from "./integration-cards";

const TOKEN = "tl_pat_QWxhZGRpbjpvcGVuIHNlc2FtZQ0123456789abcdefghij";
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

const THIS_SESSION: SignedInSession = {
  id: "session-1",
  created_at: "2026-11-20T08:00:00.000Z",
  expires_at: "2026-12-20T08:00:00.000Z",
  last_used_at: "2026-11-21T10:00:00.000Z",
  user_agent: "Firefox/140.0",
  ip: "203.0.113.1",
  current: true,
};

function serveIntegrations(
  initial: { tokens?: ApiToken[]; webhooks?: Webhook[]; otherSessions?: SignedInSession[] } = {},
) {
  let sessions = [THIS_SESSION, ...(initial.otherSessions ?? [])];
  let tokens = initial.tokens ?? [];
  let webhooks = initial.webhooks ?? [];
  const created: unknown[] = [];
  server.use(
    http.get(apiRoutes.listApiTokens.path, () => HttpResponse.json(tokens)),
    http.get(apiRoutes.credentials.path, () =>
      HttpResponse.json({ sessions, api_tokens: tokens, app_passwords: [] }),
    ),
    http.delete(apiRoutes.deleteSession.path, ({ params }) => {
      sessions = sessions.filter((session) => session.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(apiRoutes.deleteOtherSessions.path, () => {
      sessions = sessions.filter((session) => session.current);
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(apiRoutes.revokeAllApiTokens.path, () => {
      tokens = [];
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiRoutes.createApiToken.path, async ({ request }) => {
      const body = (await request.json()) as {
        name: string;
        scope: ApiToken["scope"];
        expires_in_days: number | null;
      };
      created.push(body);
      const token: ApiToken = {
        id: `token-${tokens.length + 1}`,
        name: body.name,
        scope: body.scope,
        created_at: "2026-11-21T10:00:00.000Z",
        expires_at: null,
        last_used_at: null,
      };
      tokens = [token, ...tokens];
      return HttpResponse.json({ ...token, token: TOKEN }, { status: 201 });
    }),
    http.delete(apiRoutes.deleteApiToken.path, ({ params }) => {
      tokens = tokens.filter((token) => token.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiRoutes.listWebhooks.path, () => HttpResponse.json(webhooks)),
    http.post(apiRoutes.createWebhook.path, async ({ request }) => {
      const body = (await request.json()) as { url: string; events: Webhook["events"] };
      created.push(body);
      if (body.url.includes("127.0.0.1")) {
        return HttpResponse.json(
          {
            message: "url: 127.0.0.1 is a private or local address (127.0.0.1); WEBHOOK_ALLOW_PRIVATE is off",
          },
          { status: 400 },
        );
      }
      const webhook: Webhook = {
        id: "hook-1",
        url: body.url,
        events: body.events,
        created_at: "2026-11-21T10:00:00.000Z",
        disabled_at: null,
        deliveries: [],
      };
      webhooks = [webhook, ...webhooks];
      return HttpResponse.json(
        { id: webhook.id, url: body.url, events: body.events, secret: SECRET },
        { status: 201 },
      );
    }),
    http.delete(apiRoutes.deleteWebhook.path, ({ params }) => {
      webhooks = webhooks.filter((webhook) => webhook.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { created };
}

describe("Settings: API tokens and webhooks", () => {
  it("shows empty lists, then a new token once with a copy button, then lists it without the token", async () => {
    const { created } = serveIntegrations();
    const { user } = renderWithProviders(<IntegrationCards />, { user: buildUser() });
    expect(await screen.findByText("No tokens yet.")).toBeInTheDocument();
    expect(await screen.findByText("No webhooks yet.")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Token name"), "Home Assistant");
    await user.selectOptions(screen.getByLabelText("Access"), "write");
    await user.selectOptions(screen.getByLabelText("Expires"), "never");
    await user.click(screen.getByRole("button", { name: "Create token" }));

    expect(await screen.findByDisplayValue(TOKEN)).toBeInTheDocument();
    expect(screen.getByText("It is shown only this once.")).toBeInTheDocument();
    expect(created).toEqual([{ name: "Home Assistant", scope: "write", expires_in_days: null }]);
    const list = await screen.findByRole("list", { name: "Your API tokens" });
    expect(within(list).getByText("Home Assistant")).toBeInTheDocument();
    expect(within(list).getByText("Read and write")).toBeInTheDocument();
    expect(within(list).getByText(/Never used/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByDisplayValue(TOKEN)).not.toBeInTheDocument();
  });

  it("asks for a name before creating a token", async () => {
    const { created } = serveIntegrations();
    const { user } = renderWithProviders(<IntegrationCards />, { user: buildUser() });
    await user.click(await screen.findByRole("button", { name: "Create token" }));
    expect(await screen.findByText("Give the token a name")).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it("revokes a token only after the confirmation", async () => {
    serveIntegrations({
      tokens: [
        {
          id: "token-9",
          name: "Old script",
          scope: "read",
          created_at: "2026-11-01T10:00:00.000Z",
          expires_at: null,
          last_used_at: "2026-11-20T10:00:00.000Z",
        },
      ],
    });
    const { user } = renderWithProviders(<IntegrationCards />, { user: buildUser() });
    await user.click(await screen.findByRole("button", { name: "Revoke Old script" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/stop working at once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    const tokens = screen.getByRole("list", { name: "Your API tokens" });
    expect(within(tokens).getByText("Old script")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Revoke Old script" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Revoke token" }));
    expect(await screen.findByText("No tokens yet.")).toBeInTheDocument();
  });

  it("adds a webhook, shows its signing secret once, and shows the server's refusal of a private address", async () => {
    const { created } = serveIntegrations();
    const { user } = renderWithProviders(<IntegrationCards />, { user: buildUser() });
    const address = await screen.findByLabelText("Webhook address");
    await user.type(address, "http://127.0.0.1:9000/hook");
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    expect(await screen.findByText(/127\.0\.0\.1 is a private or local address/)).toBeInTheDocument();

    await user.clear(address);
    await user.type(address, "https://automation.example.com/hook");
    await user.click(screen.getByLabelText("Task updated"));
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    expect(await screen.findByDisplayValue(SECRET)).toBeInTheDocument();
    expect(created.at(-1)).toEqual({
      url: "https://automation.example.com/hook",
      events: ["task.created", "task.completed", "task.deleted"],
    });
    const list = await screen.findByRole("list", { name: "Your webhooks" });
    expect(within(list).getByText("https://automation.example.com/hook")).toBeInTheDocument();
    expect(within(list).getByText("No deliveries yet.")).toBeInTheDocument();
  });

  it("shows each webhook's delivery log and whether it was turned off", async () => {
    serveIntegrations({
      webhooks: [
        {
          id: "hook-7",
          url: "https://broken.example.com/hook",
          events: ["task.created"],
          created_at: "2026-11-01T10:00:00.000Z",
          disabled_at: "2026-11-04T10:00:00.000Z",
          deliveries: [
            {
              id: "msg_1",
              event: "task.created",
              status: "failed",
              attempts: 8,
              created_at: "2026-11-01T10:00:00.000Z",
              last_attempt_at: "2026-11-02T14:00:00.000Z",
              response_status: 500,
              last_error: "Answered HTTP 500",
            },
          ],
        },
      ],
    });
    const { user } = renderWithProviders(<IntegrationCards />, { user: buildUser() });
    expect(await screen.findByText("Turned off")).toBeInTheDocument();
    await user.click(screen.getByText("Recent deliveries (1)"));
    const log = screen.getByRole("list", { name: "Deliveries to https://broken.example.com/hook" });
    expect(within(log).getByText("Failed")).toBeInTheDocument();
    expect(within(log).getByText(/8 attempts · Answered HTTP 500/)).toBeInTheDocument();
  });

  it("says so when the tokens cannot be loaded", async () => {
    serveIntegrations();
    server.use(
      http.get(apiRoutes.listApiTokens.path, () => HttpResponse.json({ message: "Boom" }, { status: 500 })),
    );
    renderWithProviders(<IntegrationCards />, { user: buildUser() });
    await waitFor(() => expect(screen.getByText(/Boom|Failed to load your tokens/)).toBeInTheDocument());
  });

  it("lists every sign-in with its last use, and revokes every API token in one step", async () => {
    serveIntegrations({
      tokens: [
        {
          id: "token-1",
          name: "Home Assistant",
          scope: "integrations",
          created_at: "2026-11-01T10:00:00.000Z",
          expires_at: null,
          last_used_at: "2026-11-21T09:00:00.000Z",
        },
      ],
    });
    const { user } = renderWithProviders(<IntegrationCards />, { user: buildUser() });
    const list = await screen.findByRole("list", { name: "Your sign-ins" });
    expect(within(list).getByText("This browser (203.0.113.1)")).toBeInTheDocument();
    expect(within(list).getByText("Home Assistant")).toBeInTheDocument();
    expect(within(list).getAllByText(/^Last used /)).toHaveLength(2);
    expect(screen.getAllByText("Read, write and webhooks").length).toBeGreaterThan(0);

    await user.click(screen.getByRole("button", { name: "Revoke all API tokens" }));
    await user.click(await screen.findByRole("button", { name: "Revoke all tokens" }));
    await waitFor(() => expect(within(list).queryByText("Home Assistant")).not.toBeInTheDocument());
    expect(await screen.findByText("No tokens yet.")).toBeInTheDocument();
  });

  it("names each session by its browser and address, signs one out, then every other", async () => {
    const other = (id: string, userAgent: string, ip: string): SignedInSession => ({
      ...THIS_SESSION,
      id,
      user_agent: userAgent,
      ip,
      current: false,
    });
    serveIntegrations({
      otherSessions: [
        other("session-2", "Phone/1.0", "198.51.100.7"),
        other("session-3", "Tablet/2.0", "198.51.100.8"),
      ],
    });
    const { user } = renderWithProviders(<IntegrationCards />, { user: buildUser() });
    const list = await screen.findByRole("list", { name: "Your sign-ins" });
    const phone = (await within(list).findByText("Phone/1.0 (198.51.100.7)")).closest("li")!;
    await user.click(within(phone as HTMLElement).getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(within(list).queryByText(/^Phone/)).not.toBeInTheDocument());
    expect(within(list).getByText("Tablet/2.0 (198.51.100.8)")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Sign out everywhere else" }));
    await waitFor(() => expect(within(list).queryByText(/^Tablet/)).not.toBeInTheDocument());
    expect(within(list).getByText("This browser (203.0.113.1)")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sign out everywhere else" })).not.toBeInTheDocument();
  });
});
