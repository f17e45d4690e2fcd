import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  unstable_HistoryRouter as HistoryRouter,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  Route,
  Routes,
} from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouteErrorBoundary } from "./route-error";

function Broken({ error }: { error: Error }): never {
  throw error;
}

function renderPages(error: Error) {
  const history = createMemoryHistory({ initialEntries: ["/broken"], v5Compat: true });
  render(
    <HistoryRouter history={history}>
      <RouteErrorBoundary>
        <Routes>
          <Route path="/broken" element={<Broken error={error} />} />
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/other" element={<h1>Other page</h1>} />
        </Routes>
      </RouteErrorBoundary>
    </HistoryRouter>,
  );
  return history;
}

describe("the error boundary of a page", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Something went wrong' instead of a page that fails, logs the error, and clears on leaving", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("kaboom");
    const history = renderPages(failure);

    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Something went wrong");
    expect(alert).toHaveTextContent("An unexpected error occurred. Reload the page or try again later.");
    expect(screen.getByRole("button", { name: "Reload page" })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith("Unhandled error while showing this page", failure);

    act(() => history.push("/other"));
    expect(await screen.findByRole("heading", { name: "Other page" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("offers a reload when a page's code cannot be downloaded (a new version was deployed)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderPages(new TypeError("Failed to fetch dynamically imported module: /assets/tasks-page-x1.js"));

    expect(screen.getByRole("alert")).toHaveTextContent(
      "A new version of Tasklane is available. Reload the page to continue.",
    );
    await userEvent.setup().click(screen.getByRole("link", { name: "Return to Home" }));
    expect(await screen.findByRole("heading", { name: "Home" })).toBeInTheDocument();
  });
});
