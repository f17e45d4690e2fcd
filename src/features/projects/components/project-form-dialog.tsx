import {
  DEFAULT_PROJECT_COLOR,
  PROJECT_COLORS,
  PROJECT_NAME_MAX,
  projectNameSchema,
  type Project,
  type ProjectColor,
} from "@contract/projects";
import { useId, useState, type FormEvent } from "react";
import { useCreateProject, useUpdateProject } from "@/api/projects/project-mutations";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { colorDot, colorLabel } from "../project-colors";

interface ProjectFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The project to rename or recolour; without one the dialog creates a project. */
  project?: Project;
  /** A new project was created (the sidebar opens its page). */
  onCreated?(project: Project): void;
}

/** "New project" and "Edit project": a name (1–60 characters) and a colour from the palette. */
export function ProjectFormDialog({ open, onOpenChange, project, onCreated }: ProjectFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[425px]">
        <DialogHeader>
          <DialogTitle>{project ? "Edit project" : "New project"}</DialogTitle>
          <DialogDescription>
            {project ? "Rename the project or change its colour." : "A project groups tasks under one name."}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted while open: closing clears what was typed. */}
        {open && <ProjectForm project={project} onDone={() => onOpenChange(false)} onCreated={onCreated} />}
      </DialogContent>
    </Dialog>
  );
}

function ProjectForm({
  project,
  onDone,
  onCreated,
}: {
  project?: Project;
  onDone(): void;
  onCreated?(project: Project): void;
}) {
  const ids = useId();
  const [name, setName] = useState(project?.name ?? "");
  const [color, setColor] = useState<ProjectColor>(project?.color ?? DEFAULT_PROJECT_COLOR);
  const [error, setError] = useState<string>();
  const create = useCreateProject();
  const update = useUpdateProject();
  const pending = create.isPending || update.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = projectNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    if (project) {
      update.mutate({ id: project.id, changes: { name: parsed.data, color } }, { onSuccess: onDone });
    } else {
      create.mutate(
        { name: parsed.data, color },
        {
          onSuccess: (created) => {
            onDone();
            onCreated?.(created);
          },
        },
      );
    }
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      <Field label="Name" error={error}>
        {(control) => (
          <Input
            {...control}
            autoFocus
            value={name}
            maxLength={PROJECT_NAME_MAX + 20}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Colour</legend>
        <div className="flex flex-wrap gap-2">
          {PROJECT_COLORS.map((each) => (
            <label
              key={each}
              className={cn(
                "flex cursor-pointer items-center gap-1.5 rounded-full border px-2 py-1 text-xs has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                color === each && "border-primary bg-accent",
              )}
            >
              <input
                type="radio"
                name={`${ids}-color`}
                value={each}
                checked={color === each}
                onChange={() => setColor(each)}
                className="sr-only"
              />
              <span aria-hidden className="size-3 rounded-full" style={colorDot(each)} />
              {colorLabel(each)}
            </label>
          ))}
        </div>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {project ? "Save" : "Create project"}
        </Button>
      </DialogFooter>
    </form>
  );
}
