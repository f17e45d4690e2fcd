import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import {
  openTaskEventsUrl,
  refreshAfterSharingChange,
  refreshAfterTaskChange,
} from "@/api/live-updates/task-events";

/** Events arriving together (an import, a sync) cause one refresh, after this pause. */
const REFRESH_BATCH_MS = 150;
/** Reconnection after a lost stream waits this long at first, doubling up to the maximum. */
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * Keeps the signed-in user's task screens current with changes made elsewhere (another tab or
 * device, a script, an inbound e-mail, a sync client, another member of a shared project): the
 * server's event stream says which task changed, and what a task change makes stale is refreshed;
 * a shared project's comments and members are refreshed as its `sharing` events say. EventSource
 * cannot send the bearer token, so each connection takes a one-use ticket first; a lost stream is
 * reopened with a fresh ticket, and every opened stream refreshes once for what it may have missed.
 * Renders nothing.
 */
export function LiveUpdates({ userId }: { userId: string }) {
  const queryClient = useQueryClient();

  useEffect(() => {
    // Browsers without EventSource (and the component tests' DOM) go without live updates.
    if (typeof EventSource === "undefined") return;
    let stopped = false;
    let source: EventSource | undefined;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let delay = RECONNECT_FIRST_MS;

    const refresh = () => {
      if (refreshTimer !== undefined) return;
      refreshTimer = setTimeout(() => {
        refreshTimer = undefined;
        void refreshAfterTaskChange(queryClient);
      }, REFRESH_BATCH_MS);
    };

    const reconnectLater = () => {
      if (stopped) return;
      reconnectTimer = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };

    const connect = async () => {
      let url: string;
      try {
        url = await openTaskEventsUrl();
      } catch {
        reconnectLater();
        return;
      }
      if (stopped) return;
      const stream = new EventSource(url);
      source = stream;
      stream.addEventListener("task", refresh);
      stream.addEventListener(
        "sharing",
        (message) => void refreshAfterSharingChange(queryClient, message.data),
      );
      stream.onopen = () => {
        delay = RECONNECT_FIRST_MS;
        // Changes made while no stream was open are caught up on once: after a lost stream, and
        // also at the first open, since the screen's first answers were read before the stream
        // listened (a change in between, from another device or a script, would go unseen until
        // the next one). The lists answer 304 when nothing changed.
        refresh();
      };
      stream.onerror = () => {
        // The ticket is spent: the browser's own retry would be refused, so a new one is taken.
        stream.close();
        if (source === stream) source = undefined;
        reconnectLater();
      };
    };

    void connect();
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(reconnectTimer);
      clearTimeout(refreshTimer);
    };
  }, [queryClient, userId]);

  return null;
}
