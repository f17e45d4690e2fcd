import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { describe, expect, it, vi } from "vitest";
import { OnDemandMenu, once, type OnDemandOpening } from "./on-demand-menu";

interface Props {
  label: string;
}

/** Stands for the real menu: says what it was given. */
function RealMenu({ label, openedWithKeyboard }: Props & OnDemandOpening) {
  return (
    <p role="status">
      {label} open{openedWithKeyboard ? " from the keyboard" : ""}
    </p>
  );
}

function setup(load: () => Promise<ComponentType<Props & OnDemandOpening>>) {
  const onFirstOpen = vi.fn();
  render(
    <OnDemandMenu
      load={load}
      props={{ label: "Menu" }}
      onFirstOpen={onFirstOpen}
      trigger={(events) => (
        <button type="button" {...events}>
          Open
        </button>
      )}
    />,
  );
  return { user: userEvent.setup(), onFirstOpen, button: screen.getByRole("button", { name: "Open" }) };
}

describe("OnDemandMenu", () => {
  it("downloads nothing until the button is pointed at, then shows the real menu on click", async () => {
    const load = vi.fn(() => Promise.resolve(RealMenu));
    const { user, onFirstOpen, button } = setup(load);
    expect(load).not.toHaveBeenCalled();

    await user.hover(button);
    expect(load).toHaveBeenCalled();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();

    await user.click(button);
    expect(await screen.findByRole("status")).toHaveTextContent(/^Menu open$/);
    expect(screen.queryByRole("button", { name: "Open" })).not.toBeInTheDocument();
    expect(onFirstOpen).toHaveBeenCalledOnce();
  });

  it("tells the real menu it was opened from the keyboard (Enter)", async () => {
    const { user, button } = setup(() => Promise.resolve(RealMenu));
    button.focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("status")).toHaveTextContent("Menu open from the keyboard");
  });

  it("keeps the button when the download fails, and a click tries again", async () => {
    let attempts = 0;
    const load = once(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error("offline")) : Promise.resolve(RealMenu);
    });
    const { onFirstOpen, button } = setup(load);

    // A click alone (no pointing first): one download, which fails.
    fireEvent.click(button);
    await vi.waitFor(() => expect(attempts).toBe(1));
    expect(screen.getByRole("button", { name: "Open" })).toBeInTheDocument();
    expect(onFirstOpen).not.toHaveBeenCalled();

    fireEvent.click(button);
    expect(await screen.findByRole("status")).toHaveTextContent("Menu open");
    expect(attempts).toBe(2);
    expect(onFirstOpen).toHaveBeenCalledOnce();
  });
});

describe("once", () => {
  it("starts one download for any number of callers", async () => {
    const load = vi.fn(() => Promise.resolve("module"));
    const shared = once(load);
    await Promise.all([shared(), shared(), shared()]);
    expect(load).toHaveBeenCalledOnce();
  });
});
