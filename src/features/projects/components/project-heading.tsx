import { useQuery } from "@tanstack/react-query";
import { Archive, ArchiveRestore, Inbox, Pencil, Plus, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router-dom";
import { projectQueries } from "@/api/projects/project-queries";
import { useUpdateProject } from "@/api/projects/project-mutations";
import { taskQueries } from "@/api/tasks/task-queries";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { canEditTasks, canManageProject, isShared, PROJECT_ROLE_LABELS } from "@/lib/project-roles";
import { colorDot } from "../project-colors";
import { ProjectActivity } from "./project-activity";
import { ProjectShareButton } from "./project-share-button";

const ProjectFormDialog = lazy(() =>
  import("./project-form-dialog").then((module) => ({ default: module.ProjectFormDialog })),
);
const DeleteProjectDialog = lazy(() =>
  import("./delete-project-dialog").then((module) => ({ default: module.DeleteProjectDialog })),
);

/**
 * The project's tasks, open or not: what a delete would move or take with it. Asked for only once
 * the delete dialog is wanted, as the whole history of the project comes with it.
 */
function useTaskCount(projectId: string, wanted: boolean): number | undefined {
  const { data } = useQuery({
    ...taskQueries.list({ project_id: projectId }),
    enabled: wanted,
    select: (tasks) => tasks.length,
  });
  return data;
}

/**
 * A project page's heading: its name and colour, "Create Task", and for a project other than the
 * Inbox: Edit (rename, colour), Archive / Unarchive and Delete.
 */
export function ProjectHeading({ projectId, onCreate }: { projectId: string; onCreate(): void }) {
  const projects = useQuery(projectQueries.list());
  const project = projects.data?.find((each) => each.id === projectId);
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const taskCount = useTaskCount(projectId, dialogsWanted);
  const update = useUpdateProject();
  const open = (which: "edit" | "delete") => {
    setDialogsWanted(true);
    setDialog(which);
  };

  if (projects.isPending) {
    return (
      <div role="status" aria-label="Loading the project" className="space-y-2">
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  }
  if (!project) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{projects.isError ? "Failed to load the project." : "Project not found"}</AlertTitle>
        <AlertDescription>
          {projects.isError ? "Please try again. " : "It may have been deleted. "}
          <Link to="/tasks" className="underline">
            Go to all tasks
          </Link>
        </AlertDescription>
      </Alert>
    );
  }

  const archive = (archived: boolean) =>
    update.mutate(
      { id: project.id, changes: { archived } },
      {
        onSuccess: () =>
          toast.success(archived ? "Project archived" : "Project restored", {
            description: archived
              ? `"${project.name}" is hidden from the sidebar and pickers.`
              : project.name,
          }),
      },
    );

  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          {project.is_inbox ? (
            <Inbox className="size-6 shrink-0" aria-hidden />
          ) : (
            <span aria-hidden className="size-3.5 shrink-0 rounded-full" style={colorDot(project.color)} />
          )}
          <span className="truncate">{project.name}</span>
          {project.archived && <Badge variant="secondary">Archived</Badge>}
        </h1>
        <p className="text-sm text-muted-foreground">
          {project.open_count} open {project.open_count === 1 ? "task" : "tasks"}
          {project.is_inbox ? " · where new tasks land when no project is chosen" : ""}
          {project.role !== "owner" &&
            ` · shared by ${project.owner.username}, you are ${PROJECT_ROLE_LABELS[project.role].toLowerCase()}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        {!project.is_inbox && <ProjectShareButton project={project} />}
        {!project.is_inbox && canManageProject(project.role) && (
          <>
            <Button variant="ghost" size="sm" onClick={() => open("edit")}>
              <Pencil aria-hidden />
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={update.isPending}
              onClick={() => archive(!project.archived)}
            >
              {project.archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
              {project.archived ? "Unarchive" : "Archive"}
            </Button>
            {project.role === "owner" && (
              <Button variant="ghost" size="sm" className="text-destructive" onClick={() => open("delete")}>
                <Trash2 aria-hidden />
                Delete
              </Button>
            )}
          </>
        )}
        {canEditTasks(project.role) && (
          <Button onClick={onCreate}>
            <Plus aria-hidden />
            Create Task
          </Button>
        )}
      </div>
      {isShared(project) && <ProjectActivity project={project} />}
      {dialogsWanted && (
        <Suspense fallback={null}>
          <ProjectFormDialog
            open={dialog === "edit"}
            onOpenChange={(isOpen) => setDialog(isOpen ? "edit" : null)}
            project={project}
          />
          <DeleteProjectDialog
            open={dialog === "delete"}
            onOpenChange={(isOpen) => setDialog(isOpen ? "delete" : null)}
            project={project}
            taskCount={taskCount ?? 0}
          />
        </Suspense>
      )}
    </div>
  );
}
