import type { Project } from "@contract/projects";
import { useQuery } from "@tanstack/react-query";
import { Archive, ChevronRight } from "lucide-react";
import { useId, useState } from "react";
import { NavLink } from "react-router-dom";
import { projectQueries } from "@/api/projects/project-queries";
import { cn } from "@/lib/cn";
import { colorDot } from "../project-colors";

const archivedOnly = (projects: readonly Project[]) => projects.filter((project) => project.archived);

/**
 * "Archived (n)" under the sidebar's projects: folded away, it opens to the archived projects,
 * each a link to its page, where Unarchive reopens it. Nothing shows while none is archived.
 */
export function SidebarArchivedProjects({ onNavigate }: { onNavigate?: () => void }) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const archived = useQuery({ ...projectQueries.list(), select: archivedOnly });
  if (!archived.data?.length) return null;
  return (
    <div className="grid gap-0.5">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-3 rounded-md px-3 py-1.5 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Archive className="size-4 shrink-0" aria-hidden />
        <span className="flex-1 text-left">Archived ({archived.data.length})</span>
        <ChevronRight
          className={cn("size-4 shrink-0 transition-transform", open && "rotate-90")}
          aria-hidden
        />
      </button>
      {open && (
        <ul id={listId} aria-label="Archived projects" className="grid gap-0.5 pl-4">
          {archived.data.map((project) => (
            <li key={project.id}>
              <NavLink
                to={`/projects/${project.id}`}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-3 rounded-md px-3 py-1.5 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    isActive && "bg-accent font-medium text-accent-foreground",
                  )
                }
              >
                <span
                  aria-hidden
                  className="mx-1 size-2.5 shrink-0 rounded-full"
                  style={colorDot(project.color)}
                />
                <span className="min-w-0 flex-1 truncate">{project.name}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
