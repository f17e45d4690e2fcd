import { apiRoutes } from "@contract/routes";
import { buildUser } from "@mocks/fixtures";
import { server } from "@mocks/server";
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { DataTransferCards } from "./data-transfer-cards";

const FIRST_URL = "http://localhost:3000/api/v1/calendar/first-secret.ics";
const SECOND_URL = "http://localhost:3000/api/v1/calendar/second-secret.ics";

function serveCalendar() {
  let url = FIRST_URL;
  server.use(
    http.get(apiRoutes.calendarFeed.path, () => HttpResponse.json({ url })),
    http.post(apiRoutes.rotateCalendarFeed.path, () => {
      url = SECOND_URL;
      return HttpResponse.json({ url });
    }),
  );
}

describe("Settings: export, import and calendar feed", () => {
  it("imports a chosen file and shows what was created, skipped and which lines were bad", async () => {
    serveCalendar();
    const uploads: string[] = [];
    server.use(
      http.post(apiRoutes.importTasks.path, async ({ request }) => {
        uploads.push(`${request.headers.get("content-type")?.split(";")[0]} ${await request.text()}`);
        return HttpResponse.json({
          created: 2,
          skipped: 1,
          errors: [{ line: 4, message: "Title is required" }],
        });
      }),
    );
    const { user } = renderWithProviders(<DataTransferCards />, { user: buildUser() });
    const importButton = screen.getByRole("button", { name: "Import" });
    expect(importButton).toBeDisabled();
    await user.upload(
      screen.getByLabelText("File to import"),
      new File(["(A) First\n(B) Second\n"], "todo.txt", { type: "text/plain" }),
    );
    await user.click(importButton);
    expect(await screen.findByText("2 tasks imported, 1 already there")).toBeInTheDocument();
    expect(screen.getByText("Line 4: Title is required")).toBeInTheDocument();
    expect(uploads).toEqual([
      expect.stringMatching(/^multipart\/form-data [\s\S]*\(A\) First\n\(B\) Second\n/),
    ]);
  });

  it("shows the server's message when an import is refused", async () => {
    serveCalendar();
    server.use(
      http.post(apiRoutes.importTasks.path, () =>
        HttpResponse.json({ message: "The file is not a text file" }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<DataTransferCards />, { user: buildUser() });
    await user.upload(
      screen.getByLabelText("File to import"),
      new File(["x"], "notes.txt", { type: "text/plain" }),
    );
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("The file is not a text file")).toBeInTheDocument();
  });

  it("shows the calendar address and replaces it when asked", async () => {
    serveCalendar();
    const { user } = renderWithProviders(<DataTransferCards />, { user: buildUser() });
    const address = screen.getByLabelText("Calendar address");
    await waitFor(() => expect(address).toHaveValue(FIRST_URL));
    await user.click(screen.getByRole("button", { name: "Make a new address" }));
    await waitFor(() => expect(address).toHaveValue(SECOND_URL));
    expect(await screen.findByText("The old address no longer works.")).toBeInTheDocument();
  });

  it("offers the export in JSON, CSV and todo.txt", () => {
    serveCalendar();
    renderWithProviders(<DataTransferCards />, { user: buildUser() });
    for (const name of ["Download JSON", "Download CSV", "Download todo.txt"]) {
      expect(screen.getByRole("button", { name })).toBeEnabled();
    }
  });
});
