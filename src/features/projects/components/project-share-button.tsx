import type { Project } from "@contract/projects";
import { Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { canManageProject } from "@/lib/project-roles";

/** The dialog downloads when "Share" is first clicked. */
const ShareDialog = lazy(() => import("./share-dialog").then((module) => ({ default: module.ShareDialog })));

/** A project page's "Share" button (the members, for one it is shared with) and its dialog. */
export function ProjectShareButton({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Users aria-hidden />
        {canManageProject(project.role) ? "Share" : "Members"}
        {project.member_count > 0 && (
          <span className="text-xs tabular-nums">
            {project.member_count}
            <span className="sr-only"> {project.member_count === 1 ? "member" : "members"}</span>
          </span>
        )}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ShareDialog open={open} onOpenChange={setOpen} project={project} />
        </Suspense>
      )}
    </>
  );
}
