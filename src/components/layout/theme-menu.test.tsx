import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY } from "@/lib/theme";
import { ThemeMenu } from "./theme-menu";

afterEach(() => {
  localStorage.removeItem(THEME_STORAGE_KEY);
  document.documentElement.classList.remove("dark");
});

describe("ThemeMenu", () => {
  it("says it opens a menu before its code is there, and switches to Dark from it", async () => {
    const user = userEvent.setup();
    render(<ThemeMenu />);
    const button = screen.getByRole("button", { name: "Theme: System" });
    expect(button).toHaveAttribute("aria-haspopup", "menu");
    expect(button).toHaveAttribute("aria-expanded", "false");

    await user.click(button);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitemradio", { name: "System" })).toBeChecked();
    await user.click(within(menu).getByRole("menuitemradio", { name: "Dark" }));

    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Theme: Dark" })).toHaveAttribute("aria-expanded", "false");
    expect(document.documentElement).toHaveClass("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
  });

  it("opened from the keyboard, focuses its first choice", async () => {
    const user = userEvent.setup();
    render(<ThemeMenu />);
    screen.getByRole("button", { name: "Theme: System" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("menuitemradio", { name: "System" })).toHaveFocus();
  });
});
