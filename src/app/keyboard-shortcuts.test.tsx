import { buildUser } from "@mocks/fixtures";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { KeyboardShortcuts } from "./keyboard-shortcuts";

/** Two task cards as the list renders them: a done checkbox, Edit and Delete per card. */
function FakeTaskList({ onClick }: { onClick: (label: string) => void }) {
  return (
    <main>
      <input type="search" aria-label="Search tasks" />
      {["Buy milk", "Call mum"].map((title) => (
        <div key={title}>
          {[`Mark "${title}" as completed`, `Edit "${title}"`, `Delete "${title}"`].map((label) => (
            <button
              key={label}
              type="button"
              aria-label={label}
              {...(label.startsWith("Mark") ? { role: "checkbox", "aria-checked": false } : {})}
              onClick={() => onClick(label)}
            />
          ))}
        </div>
      ))}
    </main>
  );
}

function setup() {
  const onClick = vi.fn();
  const view = renderWithProviders(
    <>
      <FakeTaskList onClick={onClick} />
      <KeyboardShortcuts />
    </>,
    { user: buildUser(), route: "/tasks" },
  );
  return { ...view, onClick };
}

describe("keyboard shortcuts", () => {
  it("? opens a dialog listing every shortcut", async () => {
    const { user } = setup();
    await user.keyboard("?");
    const dialog = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    for (const keys of ["q", "/", "j / k", "x", "e", "Delete", "g d", "g t", "g e", "g p", "?"]) {
      expect(dialog).toHaveTextContent(keys);
    }
  });

  it("j and k move through the tasks, x toggles, e edits and Delete deletes the focused one", async () => {
    const { user, onClick } = setup();
    await user.keyboard("j");
    expect(screen.getByRole("checkbox", { name: 'Mark "Buy milk" as completed' })).toHaveFocus();
    await user.keyboard("j");
    expect(screen.getByRole("checkbox", { name: 'Mark "Call mum" as completed' })).toHaveFocus();
    await user.keyboard("k");
    expect(screen.getByRole("checkbox", { name: 'Mark "Buy milk" as completed' })).toHaveFocus();
    await user.keyboard("x");
    await user.keyboard("e");
    await user.keyboard("{Delete}");
    expect(onClick.mock.calls.map(([label]) => label as string)).toEqual([
      'Mark "Buy milk" as completed',
      'Edit "Buy milk"',
      'Delete "Buy milk"',
    ]);
  });

  it("e opens a read-only card's task to read", async () => {
    const onClick = vi.fn();
    const { user } = renderWithProviders(
      <>
        <main>
          <div>
            <button
              type="button"
              role="checkbox"
              aria-checked={false}
              disabled
              aria-label='Mark "Shared" as completed'
            />
            <button type="button" aria-label='View "Shared"' onClick={() => onClick("view")} />
          </div>
        </main>
        <KeyboardShortcuts />
      </>,
      { user: buildUser(), route: "/tasks" },
    );
    screen.getByRole("button", { name: 'View "Shared"' }).focus();
    await user.keyboard("e");
    expect(onClick).toHaveBeenCalledWith("view");
  });

  it("/ focuses the search, and nothing fires while typing in a field", async () => {
    const { user, onClick } = setup();
    await user.keyboard("/");
    const search = screen.getByRole("searchbox", { name: "Search tasks" });
    expect(search).toHaveFocus();
    await user.keyboard("?jx");
    expect(search).toHaveValue("?jx");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(onClick).not.toHaveBeenCalled();
  });
});
