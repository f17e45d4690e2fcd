import { z } from "zod";
import { onFirstUse, withoutNul } from "./common";
import { projectRoleSchema, userRefSchema } from "./sharing";

// ---------------------------------------------------------------------------------------------
// Projects: every task is in exactly one; every account has an Inbox.
// ---------------------------------------------------------------------------------------------

export const PROJECT_NAME_MAX = 60;

/** The fixed palette a project's colour is picked from; the value is stored and sent as is. */
export const PROJECT_COLORS = [
  "slate",
  "red",
  "orange",
  "amber",
  "green",
  "teal",
  "sky",
  "blue",
  "violet",
  "pink",
] as const;
export type ProjectColor = (typeof PROJECT_COLORS)[number];
export const DEFAULT_PROJECT_COLOR: ProjectColor = "slate";

/** The colour of each palette entry, for a dot or a chip (readable on white and on dark grey). */
export const PROJECT_COLOR_HEX: Record<ProjectColor, string> = {
  slate: "#64748b",
  red: "#dc2626",
  orange: "#ea580c",
  amber: "#d97706",
  green: "#16a34a",
  teal: "#0d9488",
  sky: "#0284c7",
  blue: "#2563eb",
  violet: "#7c3aed",
  pink: "#db2777",
};

/** The name every account's Inbox is given (it may be renamed; it cannot be archived or deleted). */
export const INBOX_NAME = "Inbox";

export const projectColorSchema = /* @__PURE__ */ z.enum(PROJECT_COLORS, {
  error: `color must be one of ${PROJECT_COLORS.join(", ")}`,
});

export const projectMessages = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${PROJECT_NAME_MAX} characters`,
  duplicateName: "A project with this name already exists",
  inboxNotDeletable: "The Inbox cannot be deleted",
  inboxNotArchivable: "The Inbox cannot be archived",
  notFound: "Project not found",
} as const;

/** A project's name: trimmed, 1–60 characters; unique per user ignoring case (the server answers 409). */
export const projectNameSchema = /* @__PURE__ */ withoutNul(
  z
    .string({ error: projectMessages.nameRequired })
    .trim()
    .min(1, { error: projectMessages.nameRequired })
    .max(PROJECT_NAME_MAX, { error: projectMessages.nameTooLong }),
  "Name",
);

/** A project as the server sends it. open_count: its pending and in-progress tasks. */
export const projectJsonSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  name: z.string(),
  color: projectColorSchema,
  is_inbox: z.boolean(),
  archived: z.boolean(),
  open_count: z.number().int(),
  /** The caller's role: `owner` for one's own projects, else the role a share gave. */
  role: projectRoleSchema,
  /** Who owns it (the caller, for one's own). */
  owner: userRefSchema,
  /** Members besides the owner, accepted or invited: 0 for a project nobody shares. */
  member_count: z.number().int(),
});
export type ProjectJson = z.infer<typeof projectJsonSchema>;
export type Project = ProjectJson;

export const createProjectRequestSchema = /* @__PURE__ */ z.object({
  name: projectNameSchema,
  color: projectColorSchema.default(DEFAULT_PROJECT_COLOR),
});
export type CreateProjectRequest = z.input<typeof createProjectRequestSchema>;
export type CreateProjectInput = z.output<typeof createProjectRequestSchema>;

/** PUT is partial: rename, recolour, archive or unarchive (the Inbox cannot be archived: 400). */
export const updateProjectRequestSchema = /* @__PURE__ */ z.object({
  name: projectNameSchema.optional(),
  color: projectColorSchema.optional(),
  archived: z.boolean().optional(),
});
export type UpdateProjectRequest = z.input<typeof updateProjectRequestSchema>;
export type UpdateProjectInput = z.output<typeof updateProjectRequestSchema>;

/** DELETE's query: with_tasks=true deletes the project's tasks with it, otherwise they move to the Inbox. */
export const deleteProjectQuerySchema = /* @__PURE__ */ z.object({
  with_tasks: z.enum(["true", "false"], { error: "with_tasks must be true or false" }).optional(),
});
export type DeleteProjectQuery = z.infer<typeof deleteProjectQuerySchema>;

/** What DELETE answers: how many tasks went with the project (deleted, or moved to the Inbox). */
export const deleteProjectResponseSchema = /* @__PURE__ */ z.object({
  moved: z.number().int(),
  deleted: z.number().int(),
});
export type DeleteProjectResponse = z.infer<typeof deleteProjectResponseSchema>;

/** The project as the web app reads it: an unknown colour reads as the default, a missing count as 0. */
const projectFromWireSchema = onFirstUse(() => {
  const wire = projectJsonSchema.shape;
  return z.object({
    id: z.union([wire.id, z.number()]).transform(String),
    name: wire.name.catch(""),
    color: wire.color.catch(DEFAULT_PROJECT_COLOR),
    is_inbox: wire.is_inbox.catch(false),
    archived: wire.archived.catch(false),
    open_count: wire.open_count.catch(0),
    role: wire.role.catch("owner"),
    owner: wire.owner.catch({ id: "", username: "" }),
    member_count: wire.member_count.catch(0),
  } satisfies Record<keyof ProjectJson, z.ZodType>);
});

export function projectFromWire(value: unknown): Project {
  return projectFromWireSchema().parse(value);
}

/** The project as read, or undefined when the value is not one (no id). */
export function readProjectFromWire(value: unknown): Project | undefined {
  const parsed = projectFromWireSchema().safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * A project name as matched by quick add's `+Name` and by plus-addressed mail: case, spaces,
 * hyphens and underscores ignored, so `+home-renovation` finds "Home renovation".
 */
export function projectNameKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, "");
}

/**
 * The project a typed name means: the same name ignoring case first, else the same ignoring
 * spaces, hyphens and underscores too (projectNameKey); an unarchived project before an archived
 * one. undefined when none matches.
 */
export function matchProjectName<P extends { name: string; archived: boolean }>(
  projects: readonly P[],
  name: string,
): P | undefined {
  const key = projectNameKey(name);
  if (key === "") return undefined;
  const ranked = [...projects].sort((a, b) => Number(a.archived) - Number(b.archived));
  const lower = name.trim().toLowerCase();
  return (
    ranked.find((project) => project.name.toLowerCase() === lower) ??
    ranked.find((project) => projectNameKey(project.name) === key)
  );
}
