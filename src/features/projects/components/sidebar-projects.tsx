import type { Project } from "@contract/projects";
import { useQuery } from "@tanstack/react-query";
import { Inbox, Plus } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { NavLink, useNavigate } from "react-router-dom";
import { activeProjects, projectQueries } from "@/api/projects/project-queries";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { PROJECT_ROLE_LABELS } from "@/lib/project-roles";
import { colorDot } from "../project-colors";
import { SidebarArchivedProjects } from "./sidebar-archived-projects";

/** The dialog downloads when "New project" is first clicked. */
const ProjectFormDialog = lazy(() =>
  import("./project-form-dialog").then((module) => ({ default: module.ProjectFormDialog })),
);

/**
 * The sidebar's projects, under its entries: the Inbox first, then the projects not archived,
 * each with its open-task count and a link to its page; "New project" creates one. The archived
 * ones wait, folded, under "Archived".
 */
export function SidebarProjects({ onNavigate }: { onNavigate?: () => void }) {
  const headingId = useId();
  const projects = useQuery({ ...projectQueries.list(), select: activeProjects });
  const [creating, setCreating] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  const navigate = useNavigate();
  const openNew = () => {
    setDialogWanted(true);
    setCreating(true);
  };
  const onCreated = (project: Project) => {
    onNavigate?.();
    void navigate(`/projects/${project.id}`);
  };

  return (
    <nav aria-labelledby={headingId} className="grid gap-1">
      <div className="flex items-center justify-between px-3">
        <h2 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          Projects
        </h2>
        <Button variant="ghost" size="icon" className="size-7" aria-label="New project" onClick={openNew}>
          <Plus aria-hidden />
        </Button>
      </div>
      {projects.isPending ? (
        <div role="status" aria-label="Loading projects" className="grid gap-2 px-3 py-1">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : projects.isError ? (
        <p className="px-3 text-xs text-muted-foreground">
          Projects could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => void projects.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <ul className="grid gap-0.5">
          {projects.data.map((project) => (
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
                {project.is_inbox ? (
                  <Inbox className="size-4 shrink-0" aria-hidden />
                ) : (
                  <span
                    aria-hidden
                    className="mx-1 size-2.5 shrink-0 rounded-full"
                    style={colorDot(project.color)}
                  />
                )}
                <span className="min-w-0 flex-1 truncate">{project.name}</span>
                {project.role !== "owner" && (
                  <span className="shrink-0 rounded border px-1 text-[0.65rem] leading-4">
                    <span className="sr-only">Shared with you as </span>
                    {PROJECT_ROLE_LABELS[project.role]}
                  </span>
                )}
                {project.open_count > 0 && (
                  <span className="text-xs tabular-nums">
                    {project.open_count}
                    <span className="sr-only"> open {project.open_count === 1 ? "task" : "tasks"}</span>
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
      <SidebarArchivedProjects onNavigate={onNavigate} />
      {dialogWanted && (
        <Suspense fallback={null}>
          <ProjectFormDialog open={creating} onOpenChange={setCreating} onCreated={onCreated} />
        </Suspense>
      )}
    </nav>
  );
}
