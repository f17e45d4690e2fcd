import { buildUser } from "@mocks/fixtures";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

describe("'Coming Soon' placeholders", () => {
  it.each(["/profile", "/premium"])("%s shows only a 'Coming Soon' heading in the shell", async (path) => {
    await renderApp(path, { user: buildUser() });

    const main = await screen.findByRole("main");
    expect(await screen.findByRole("heading", { level: 1, name: "Coming Soon" })).toBeInTheDocument();
    expect(main).toHaveTextContent(/^Coming Soon$/);
  });
});
