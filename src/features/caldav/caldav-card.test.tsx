import type { AppPassword } from "@contract/caldav";
import { apiRoutes } from "@contract/routes";
import { buildUser } from "@mocks/fixtures";
import { server } from "@mocks/server";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { CaldavCard } from "./caldav-card";

const ACCOUNT = {
  username: "sam",
  discovery_url: "https://tasks.example.com/dav/",
  collections: [
    { id: "inbox-1", name: "Inbox", url: "https://tasks.example.com/dav/calendars/sam/inbox-1/" },
    { id: "work-1", name: "Work", url: "https://tasks.example.com/dav/calendars/sam/work-1/" },
  ],
};

/** A fake of the app-password calls, kept in memory like the server keeps them. */
function serveCaldav(seed: AppPassword[] = []) {
  let passwords = [...seed];
  const requests: string[] = [];
  server.use(
    http.get(apiRoutes.caldavAccount.path, () => HttpResponse.json(ACCOUNT)),
    http.get(apiRoutes.listAppPasswords.path, () => HttpResponse.json(passwords)),
    http.post(apiRoutes.createAppPassword.path, async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      requests.push(`POST ${name}`);
      const created = { id: `id-${passwords.length + 1}`, name, created_at: "2026-11-21T10:00:00.000Z" };
      passwords = [{ ...created, last_used_at: null }, ...passwords];
      return HttpResponse.json({ ...created, password: "abcde-fghjk-mnpqr-stuvw" }, { status: 201 });
    }),
    http.delete(apiRoutes.deleteAppPassword.path, ({ params }) => {
      requests.push(`DELETE ${String(params.id)}`);
      passwords = passwords.filter((password) => password.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return requests;
}

describe("Settings: CalDAV sync", () => {
  it("shows the server address and each list's address with a copy button", async () => {
    serveCaldav();
    renderWithProviders(<CaldavCard />, { user: buildUser() });
    expect(await screen.findByLabelText("Server address")).toHaveValue("https://tasks.example.com/dav/");
    expect(screen.getByLabelText("Work list address")).toHaveValue(
      "https://tasks.example.com/dav/calendars/sam/work-1/",
    );
    expect(screen.getByRole("button", { name: "Copy work list address" })).toBeInTheDocument();
    expect(await screen.findByText("No app passwords yet.")).toBeInTheDocument();
  });

  it("creates an app password for a device, shows it once, and lists it with its last use", async () => {
    const requests = serveCaldav([
      {
        id: "old",
        name: "Thunderbird",
        created_at: "2026-11-01T09:00:00.000Z",
        last_used_at: "2026-11-20T18:30:00.000Z",
      },
    ]);
    const { user } = renderWithProviders(<CaldavCard />, { user: buildUser({ date_order: "dmy" }) });
    expect(await screen.findByText("Thunderbird")).toBeInTheDocument();
    expect(screen.getByText(/Last used 20 Nov 2026/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Create app password" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Device name")).toHaveAttribute("aria-invalid", "true");

    await user.type(screen.getByLabelText("Device name"), "Phone");
    await user.click(screen.getByRole("button", { name: "Create app password" }));
    expect(await screen.findByText("App password for Phone")).toBeInTheDocument();
    expect(screen.getByLabelText("App password")).toHaveValue("abcde-fghjk-mnpqr-stuvw");
    expect(screen.getByText("Enter it in the app now: it is shown only this once.")).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "App passwords" });
    await waitFor(() => expect(within(list).getByText("Phone")).toBeInTheDocument());
    expect(within(list).getAllByText(/Never used/)).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByLabelText("App password")).not.toBeInTheDocument();
    expect(requests).toEqual(["POST Phone"]);
  });

  it("revokes an app password", async () => {
    const requests = serveCaldav([
      { id: "old", name: "Thunderbird", created_at: "2026-11-01T09:00:00.000Z", last_used_at: null },
    ]);
    const { user } = renderWithProviders(<CaldavCard />, { user: buildUser() });
    await user.click(await screen.findByRole("button", { name: "Revoke Thunderbird" }));
    expect(await screen.findByText("App password revoked")).toBeInTheDocument();
    expect(await screen.findByText("No app passwords yet.")).toBeInTheDocument();
    expect(requests).toEqual(["DELETE old"]);
  });

  it("says so when the addresses cannot be loaded", async () => {
    serveCaldav();
    server.use(
      http.get(apiRoutes.caldavAccount.path, () =>
        HttpResponse.json({ message: "Server down" }, { status: 503 }),
      ),
    );
    renderWithProviders(<CaldavCard />, { user: buildUser() });
    expect(await screen.findByText("Server down")).toBeInTheDocument();
  });
});
