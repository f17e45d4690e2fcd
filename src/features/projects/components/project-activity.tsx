import type { Project } from "@contract/projects";
import { useQuery } from "@tanstack/react-query";
import { formatDistanceToNowStrict } from "date-fns";
import { useState } from "react";
import { sharingQueries } from "@/api/sharing/sharing-queries";
import { Button } from "@/components/ui/button";
import { activityText } from "../activity-text";

/**
 * A shared project's activity, folded under its heading: who did what to which task, newest
 * first. Asked for once unfolded, and kept fresh with the tasks.
 */
export function ProjectActivity({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  const activity = useQuery({ ...sharingQueries.activity(project.id), enabled: open });
  return (
    <details
      className="w-full rounded-md border px-3 py-2 text-sm"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-medium">Activity</summary>
      {activity.isPending ? (
        <p className="py-2 text-muted-foreground">Loading activity…</p>
      ) : activity.isError ? (
        <p className="py-2 text-destructive">
          The activity could not be loaded.{" "}
          <Button variant="link" className="h-auto p-0" onClick={() => void activity.refetch()}>
            Try again
          </Button>
        </p>
      ) : activity.data.length === 0 ? (
        <p className="py-2 text-muted-foreground">Nothing has happened here yet.</p>
      ) : (
        <ol aria-label={`Activity in ${project.name}`} className="grid max-h-72 gap-1.5 overflow-y-auto py-2">
          {activity.data.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="flex flex-wrap gap-x-2">
              <span className="break-words">
                <span className="font-medium">{entry.actor?.username ?? "Tasklane"}</span>{" "}
                {activityText(entry)}
              </span>
              <time dateTime={entry.at} className="text-xs text-muted-foreground">
                {formatDistanceToNowStrict(new Date(entry.at), { addSuffix: true })}
              </time>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
