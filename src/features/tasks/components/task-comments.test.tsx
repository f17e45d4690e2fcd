import { buildTask, buildUser } from "@mocks/fixtures";
import { sharingStore } from "@mocks/handlers/sharing";
import { taskFromWire } from "@contract/tasks";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { TaskComments } from "./task-comments";

const user = buildUser();
const task = taskFromWire(buildTask({ id: "tickets", title: "Book the tickets", project_id: "p-trip" }));

beforeEach(() => {
  sharingStore.reset({
    comments: [
      {
        id: "c-bob",
        task_id: "tickets",
        author: { id: "user-2", username: "bob" },
        body: "Prices go up **Friday**, see [the site](https://example.com)\n\n<img src=x onerror=alert(1)>",
        created_at: "2026-11-21T09:00:00.000Z",
        edited_at: null,
      },
    ],
  });
});

describe("Comments in the task dialog", () => {
  it("renders Markdown without raw HTML, and offers no edit of another's comment", async () => {
    const { container } = renderWithProviders(<TaskComments task={task} canComment />, { user });
    const comment = await screen.findByRole("listitem", { name: "Comment by bob" });
    expect(within(comment).getByText("Friday").tagName).toBe("STRONG");
    expect(within(comment).getByRole("link", { name: "the site" })).toHaveAttribute(
      "href",
      "https://example.com",
    );
    expect(container.querySelector("img")).toBeNull();
    expect(within(comment).queryByRole("button", { name: "Edit comment" })).not.toBeInTheDocument();
  });

  it("adds a comment, edits it and deletes it", async () => {
    const { user: actor } = renderWithProviders(<TaskComments task={task} canComment />, { user });
    await screen.findByRole("listitem", { name: "Comment by bob" });
    await actor.type(screen.getByRole("textbox", { name: "New comment" }), "I'll book them, @bob");
    await actor.click(screen.getByRole("button", { name: "Comment" }));
    const mine = await screen.findByRole("listitem", { name: "Comment by ada" });
    expect(mine).toHaveTextContent("I'll book them, @bob");
    expect(screen.getByRole("textbox", { name: "New comment" })).toHaveValue("");

    await actor.click(within(mine).getByRole("button", { name: "Edit comment" }));
    const editor = within(mine).getByRole("textbox", { name: "Edit comment" });
    await actor.clear(editor);
    await actor.type(editor, "Booked *both*");
    await actor.click(within(mine).getByRole("button", { name: "Save comment" }));
    expect(await within(mine).findByText("both")).toBeInTheDocument();
    expect(mine).toHaveTextContent("(edited)");
    expect(sharingStore.comments().at(-1)?.body).toBe("Booked *both*");

    await actor.click(within(mine).getByRole("button", { name: "Delete comment" }));
    await expect.poll(() => screen.queryByRole("listitem", { name: "Comment by ada" })).toBeNull();
    expect(sharingStore.comments()).toHaveLength(1);
  });

  it("lets a viewer read but not comment", async () => {
    renderWithProviders(<TaskComments task={task} canComment={false} />, { user });
    await screen.findByRole("listitem", { name: "Comment by bob" });
    expect(screen.queryByRole("textbox", { name: "New comment" })).not.toBeInTheDocument();
  });
});
