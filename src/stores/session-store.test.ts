import { buildUser } from "@mocks/fixtures";
import { afterEach, describe, expect, it, vi } from "vitest";

/** A fresh copy of the store module, as a page load would create it from localStorage. */
async function loadStore() {
  vi.resetModules();
  return import("./session-store");
}

afterEach(() => localStorage.clear());

describe("the persisted session", () => {
  it("is hydrated and signed out when nothing is stored", async () => {
    const { useSessionStore } = await loadStore();
    expect(useSessionStore.getState()).toMatchObject({
      hydrated: true,
      isAuthenticated: false,
      token: null,
      user: null,
    });
  });

  it("restores a stored token as signed in after a reload", async () => {
    const user = buildUser();
    localStorage.setItem("tasklane-auth", JSON.stringify({ state: { token: "abc", user }, version: 0 }));
    const { useSessionStore } = await loadStore();
    expect(useSessionStore.getState()).toMatchObject({
      hydrated: true,
      isAuthenticated: true,
      token: "abc",
      user,
    });
  });

  it("clears a stored user that has no token", async () => {
    localStorage.setItem(
      "tasklane-auth",
      JSON.stringify({ state: { token: null, user: buildUser() }, version: 0 }),
    );
    const { useSessionStore } = await loadStore();
    expect(useSessionStore.getState()).toMatchObject({ hydrated: true, isAuthenticated: false, user: null });
  });

  it("writes the token and the user under keys of their own, and removes them on clear", async () => {
    const { useSessionStore, TOKEN_STORAGE_KEY, USER_STORAGE_KEY, SESSION_STORAGE_KEY } = await loadStore();
    const user = buildUser();
    useSessionStore.getState().signIn("tok", user);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("tok");
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY)!)).toEqual(user);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!).state).toEqual({ token: "tok", user });
    useSessionStore.getState().clear();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });

  it("starts signed out instead of loading forever when the stored state is unreadable", async () => {
    localStorage.setItem("tasklane-auth", "{not json");
    const { useSessionStore } = await loadStore();
    await Promise.resolve();
    expect(useSessionStore.getState()).toMatchObject({ hydrated: true, isAuthenticated: false });
  });
});
