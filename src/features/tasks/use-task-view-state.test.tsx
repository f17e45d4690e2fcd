import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { useReplaceSearchParams } from "@/lib/search-params";
import { useTaskViewState } from "./use-task-view-state";

function renderAt(route: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({ replace: useReplaceSearchParams(), view: useTaskViewState(), location: useLocation() }),
    { wrapper },
  );
}

describe("replacing the query's parameters", () => {
  it("keeps every write made between two renders (React Router's own setter keeps only the last)", () => {
    const { result } = renderAt("/tasks?q=milk");
    act(() => {
      result.current.view.setStatuses(["pending"]);
      result.current.view.setPriorities(["high", "urgent"]);
      result.current.replace({ q: "oat milk" });
    });
    expect(result.current.location.pathname).toBe("/tasks");
    expect(new URLSearchParams(result.current.location.search)).toEqual(
      new URLSearchParams({ q: "oat milk", status: "pending", priority: "high,urgent" }),
    );
  });

  it("removes a parameter given as empty and leaves the others in their order", () => {
    const { result } = renderAt("/tasks?q=milk&status=completed&sort=title");
    act(() => result.current.view.clearFilters());
    expect(result.current.location.search).toBe("?q=milk&sort=title");
    act(() => result.current.replace({ q: "" }));
    expect(result.current.location.search).toBe("?sort=title");
  });

  it("starts from the URL as rendered after it was changed some other way (back, a link)", () => {
    const { result } = renderAt("/tasks?q=milk");
    act(() => result.current.replace({ status: "pending" }));
    expect(result.current.location.search).toBe("?q=milk&status=pending");
    act(() => result.current.view.setView("today"));
    expect(new URLSearchParams(result.current.location.search).get("view")).toBe("today");
    expect(new URLSearchParams(result.current.location.search).get("status")).toBe("pending");
  });
});
