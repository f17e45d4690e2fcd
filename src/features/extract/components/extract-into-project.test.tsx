import { apiRoutes } from "@contract/routes";
import { buildTask, buildUser } from "@mocks/fixtures";
import { buildExtractedTask } from "@mocks/handlers/extract";
import { projectStore } from "@mocks/handlers/projects";
import { server } from "@mocks/server";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { useExtractionStore } from "@/stores/extraction-store";
import { ExtractPage } from "./extract-page";
import { subjectOf } from "./use-add-all";

vi.setConfig({ testTimeout: 30_000 });

/** Answers POST /api/v1/tasks with ids of its own and records every body. */
function createTaskAnswers() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(apiRoutes.createTask.path, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json(buildTask({ id: `made-${bodies.length}`, title: String(body.title) }), {
        status: 201,
      });
    }),
  );
  return bodies;
}

async function extract(text: string) {
  server.use(
    http.post(apiRoutes.extractText.path, () =>
      HttpResponse.json([
        buildExtractedTask({ title: "Send the invoice" }),
        buildExtractedTask({ title: "Call Bob" }),
      ]),
    ),
  );
  const rendered = renderWithProviders(<ExtractPage />, { route: "/extract", user: buildUser() });
  await rendered.user.click(screen.getByRole("textbox", { name: "Text to extract tasks from" }));
  await rendered.user.paste(text);
  await rendered.user.click(screen.getByRole("button", { name: "Extract Tasks" }));
  await screen.findByRole("region", { name: /Extracted Tasks/ });
  return rendered;
}

beforeEach(() => {
  useExtractionStore.getState().reset();
  projectStore.reset([{ id: "p-work", name: "Work" }]);
});

describe("Extract: where the tasks go", () => {
  it("adds the tasks to the project chosen", async () => {
    const created = createTaskAnswers();
    const { user } = await extract("Please send the invoice and call Bob");
    const panel = screen.getByRole("region", { name: /Extracted Tasks/ });
    await within(panel).findByRole("option", { name: "Work" });
    await user.selectOptions(within(panel).getByRole("combobox", { name: "Add to project" }), "Work");
    await user.click(within(panel).getByRole("button", { name: "Add All Tasks to My List" }));

    expect(await screen.findByText("2 tasks were added to your list.")).toBeInTheDocument();
    expect(created.map((body) => [body.title, body.project_id])).toEqual([
      ["Send the invoice", "p-work"],
      ["Call Bob", "p-work"],
    ]);
  });

  it("adds them as subtasks of one new task named after the text's subject", async () => {
    const created = createTaskAnswers();
    const { user } = await extract(
      "From: ana@example.com\nSubject: Re: Quarter close\n\nPlease send the invoice",
    );
    const panel = screen.getByRole("region", { name: /Extracted Tasks/ });
    await user.click(within(panel).getByRole("switch", { name: "Add them as subtasks of one new task" }));
    expect(within(panel).getByRole("textbox", { name: "New task's title" })).toHaveValue("Quarter close");
    await user.click(within(panel).getByRole("button", { name: "Add All Tasks to My List" }));

    expect(await screen.findByText('2 tasks were added as subtasks of "Quarter close".')).toBeInTheDocument();
    expect(created.map((body) => [body.title, body.parent_id])).toEqual([
      ["Quarter close", undefined],
      ["Send the invoice", "made-1"],
      ["Call Bob", "made-1"],
    ]);
  });
});

describe("subjectOf", () => {
  it("takes the subject, else the first line", () => {
    expect(subjectOf("Subject: Fwd: Party\nhello")).toBe("Party");
    expect(subjectOf("\n  Meeting notes 3 May  \n- do things")).toBe("Meeting notes 3 May");
    expect(subjectOf("   ")).toBe("Extracted tasks");
  });
});
