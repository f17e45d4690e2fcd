import { apiRoutes } from "@contract/routes";
import { buildUser } from "@mocks/fixtures";
import { server } from "@mocks/server";
import { waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "@/api/query-keys";
import { renderWithProviders } from "@/test/render";
import { LiveUpdates } from "./live-updates";

/**
 * A stand-in for the browser's EventSource, which the test DOM lacks: it records the streams
 * opened, and lets a test deliver events and errors to them as the server would.
 */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  open() {
    this.onopen?.();
  }

  task(data: object) {
    this.dispatchEvent(new MessageEvent("task", { data: JSON.stringify(data) }));
  }

  fail() {
    this.onerror?.();
  }

  close() {
    this.closed = true;
  }
}

function serveTickets(): string[] {
  const issued: string[] = [];
  server.use(
    http.post(apiRoutes.eventTicket.path, () => {
      const ticket = `ticket-${issued.length + 1}`;
      issued.push(ticket);
      return HttpResponse.json({ ticket });
    }),
  );
  return issued;
}

describe("live updates", () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("opens the stream with a ticket, catches up once, and refreshes the task lists when a task changes elsewhere", async () => {
    serveTickets();
    const { queryClient } = renderWithProviders(<LiveUpdates userId="u1" />, { user: buildUser() });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const [stream] = FakeEventSource.opened;
    expect(stream!.url).toBe("/api/v1/events?ticket=ticket-1");
    // What the screen read before the stream listened is read again once it opens: a change made
    // in between (another device, a script) sends no event this stream could still receive.
    queryClient.setQueryData(queryKeys.tasks.list({}), []);
    stream!.open();
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.tasks.list({}))?.isInvalidated).toBe(true),
    );

    queryClient.setQueryData(queryKeys.tasks.list({}), []);
    expect(queryClient.getQueryState(queryKeys.tasks.list({}))?.isInvalidated).toBe(false);
    stream!.task({ type: "created", id: "t1" });
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.tasks.list({}))?.isInvalidated).toBe(true),
    );
  });

  it("refreshes everything a task change makes stale: the sidebar's project counts and the daily status too", async () => {
    serveTickets();
    const { queryClient } = renderWithProviders(<LiveUpdates userId="u1" />, { user: buildUser() });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    FakeEventSource.opened[0]!.open();
    const stale = [queryKeys.tasks.list({}), queryKeys.projects.list(), queryKeys.daily.status()];
    for (const key of stale) queryClient.setQueryData(key, []);

    FakeEventSource.opened[0]!.task({ type: "updated", id: "t1" });
    await waitFor(() =>
      expect(stale.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true, true]),
    );
  });

  it("reconnects by itself with a fresh ticket when the stream is lost, and catches up once", async () => {
    const issued = serveTickets();
    const { queryClient } = renderWithProviders(<LiveUpdates userId="u1" />, { user: buildUser() });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    FakeEventSource.opened[0]!.open();
    queryClient.setQueryData(queryKeys.tasks.list({}), []);

    FakeEventSource.opened[0]!.fail();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 3_000 });
    expect(issued).toEqual(["ticket-1", "ticket-2"]);
    expect(FakeEventSource.opened[1]!.url).toBe("/api/v1/events?ticket=ticket-2");
    FakeEventSource.opened[1]!.open();
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.tasks.list({}))?.isInvalidated).toBe(true),
    );
  });

  it("closes the stream when the user signs out", async () => {
    serveTickets();
    const { unmount } = renderWithProviders(<LiveUpdates userId="u1" />, { user: buildUser() });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    unmount();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });
});
