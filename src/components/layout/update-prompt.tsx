import { useWaitingUpdate } from "@/lib/pwa-update";

/** "Update available — Reload": shown on every page once a new version of the app is waiting. */
export function UpdatePrompt() {
  const reload = useWaitingUpdate();
  if (!reload) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-4 rounded-lg border bg-popover px-4 py-3 text-sm text-popover-foreground shadow-lg"
    >
      <span>Update available</span>
      <button
        type="button"
        onClick={reload}
        className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Reload
      </button>
    </div>
  );
}
