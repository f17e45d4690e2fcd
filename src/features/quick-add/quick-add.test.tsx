import { apiRoutes } from "@contract/routes";
import type { ParseTaskResponse } from "@contract/quick-add";
import { buildUser } from "@mocks/fixtures";
import { taskStore } from "@mocks/handlers/tasks";
import { server } from "@mocks/server";
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { QuickAdd } from "./quick-add";

/** A stand-in for the server's reader: "tomorrow" is a date and "!high" a priority unless quoted. */
function fakeReading(text: string): ParseTaskResponse {
  const spans: ParseTaskResponse["spans"] = [];
  for (const [word, kind] of [
    ["tomorrow", "date"],
    ["!high", "priority"],
    ["every monday", "recurrence"],
    ["1h30", "duration"],
  ] as const) {
    const start = text.indexOf(word);
    if (start >= 0 && text[start - 1] !== '"') spans.push({ start, end: start + word.length, kind });
  }
  let title = text;
  for (const span of [...spans].reverse()) title = title.slice(0, span.start) + title.slice(span.end);
  return {
    title: title.replaceAll('"', "").replace(/\s+/g, " ").trim(),
    priority: spans.some((span) => span.kind === "priority") ? "high" : null,
    due_date: spans.some((span) => span.kind === "date" || span.kind === "recurrence")
      ? "2026-11-22T22:59:59.000Z"
      : null,
    tags: [],
    recurrence: spans.some((span) => span.kind === "recurrence") ? "FREQ=WEEKLY;BYDAY=MO" : null,
    project_id: null,
    project_name: null,
    duration_minutes: spans.some((span) => span.kind === "duration") ? 90 : null,
    spans,
  };
}

function serveQuickAdd() {
  const created: unknown[] = [];
  server.use(
    http.post(apiRoutes.parseTask.path, async ({ request }) => {
      const { text } = (await request.json()) as { text: string };
      return HttpResponse.json(fakeReading(text));
    }),
    http.post(apiRoutes.createTask.path, async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json({}, { status: 201 });
    }),
  );
  return created;
}

describe("Quick add", () => {
  it("offers Undo on 'Task created': the task is deleted and the line comes back", async () => {
    taskStore.reset();
    server.use(
      http.post(apiRoutes.parseTask.path, async ({ request }) => {
        const { text } = (await request.json()) as { text: string };
        return HttpResponse.json(fakeReading(text));
      }),
    );
    const { user } = renderWithProviders(<QuickAdd />, { user: buildUser() });
    const field = screen.getByRole("textbox", { name: "Quick add" });
    await user.type(field, "Call mum tomorrow{Enter}");
    await waitFor(() => expect(taskStore.all().map((task) => task.title)).toEqual(["Call mum"]));
    expect(field).toHaveValue("");

    await user.click(await screen.findByRole("button", { name: "Undo" }));
    await waitFor(() => expect(taskStore.all()).toEqual([]));
    await waitFor(() => expect(field).toHaveValue("Call mum tomorrow"));
  });

  it("highlights the recognised parts and creates the task on Enter", async () => {
    const created = serveQuickAdd();
    const { user } = renderWithProviders(<QuickAdd />, { user: buildUser() });
    const field = screen.getByRole("textbox", { name: "Quick add" });
    await user.type(field, "Call mum tomorrow !high");
    expect(
      await screen.findByRole("button", { name: "tomorrow: due date. Keep as text" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "!high: priority. Keep as text" })).toBeInTheDocument();

    await user.type(field, "{Enter}");
    await waitFor(() =>
      expect(created).toEqual([
        { title: "Call mum", due_date: "2026-11-22T22:59:59.000Z", tags: [], priority: "high" },
      ]),
    );
    await waitFor(() => expect(field).toHaveValue(""));
  });

  it("creates a repeating task with the rule it read", async () => {
    const created = serveQuickAdd();
    const { user } = renderWithProviders(<QuickAdd />, { user: buildUser() });
    const field = screen.getByRole("textbox", { name: "Quick add" });
    await user.type(field, "Water the plants every monday");
    expect(
      await screen.findByRole("button", { name: "every monday: repeats. Keep as text" }),
    ).toBeInTheDocument();
    await user.type(field, "{Enter}");
    await waitFor(() =>
      expect(created).toEqual([
        {
          title: "Water the plants",
          due_date: "2026-11-22T22:59:59.000Z",
          tags: [],
          recurrence: "FREQ=WEEKLY;BYDAY=MO",
        },
      ]),
    );
  });

  it('creates a task with the estimate it read ("1h30")', async () => {
    const created = serveQuickAdd();
    const { user } = renderWithProviders(<QuickAdd />, { user: buildUser() });
    const field = screen.getByRole("textbox", { name: "Quick add" });
    await user.type(field, "Write the report 1h30");
    expect(await screen.findByRole("button", { name: "1h30: duration. Keep as text" })).toBeInTheDocument();
    await user.type(field, "{Enter}");
    await waitFor(() =>
      expect(created).toEqual([
        { title: "Write the report", due_date: null, tags: [], duration_minutes: 90 },
      ]),
    );
  });

  it("keeps a clicked highlight as title text by quoting it", async () => {
    const created = serveQuickAdd();
    const { user } = renderWithProviders(<QuickAdd />, { user: buildUser() });
    const field = screen.getByRole("textbox", { name: "Quick add" });
    await user.type(field, "Watch tomorrow !high");
    await user.click(await screen.findByRole("button", { name: "tomorrow: due date. Keep as text" }));
    expect(field).toHaveValue('Watch "tomorrow" !high');
    await waitFor(() => expect(screen.queryByRole("button", { name: /tomorrow/ })).not.toBeInTheDocument());

    await user.type(field, "{Enter}");
    await waitFor(() =>
      expect(created).toEqual([{ title: "Watch tomorrow", due_date: null, tags: [], priority: "high" }]),
    );
  });

  it("says the date it chose in words with the weekday, in the user's date format", async () => {
    const text = "Team lunch on 12/03 at 1pm";
    server.use(
      http.post(apiRoutes.parseTask.path, () =>
        HttpResponse.json({
          ...fakeReading("Team lunch"),
          due_date: "2026-12-03T12:00:00.000Z",
          spans: [{ start: 11, end: text.length, kind: "date" }],
        }),
      ),
    );
    const user = buildUser({ timezone: "Europe/Berlin", date_order: "dmy", clock: "24h" });
    const { user: actor } = renderWithProviders(<QuickAdd />, { user });
    await actor.type(screen.getByRole("textbox", { name: "Quick add" }), text);
    expect(await screen.findByText("Due Thu 3 Dec, 13:00")).toBeInTheDocument();
  });

  it("says an all-day date without a time", async () => {
    serveQuickAdd();
    const { user } = renderWithProviders(<QuickAdd />, { user: buildUser({ timezone: "Europe/Berlin" }) });
    await user.type(screen.getByRole("textbox", { name: "Quick add" }), "Call mum tomorrow");
    expect(await screen.findByText("Due Sun, Nov 22")).toBeInTheDocument();
  });
});
