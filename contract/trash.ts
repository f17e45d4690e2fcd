import { z } from "zod";
import { withoutNul } from "./common";
import { taskJsonSchema, updateTaskRequestSchema } from "./tasks";

/** How many tasks one call of the bulk actions takes (a whole selection, within reason). */
export const BULK_TASKS_MAX = 500;
/** How long the server keeps a deleted task in the trash. */
export const TRASH_DAYS = 30;

const taskIdsSchema = /* @__PURE__ */ z
  .array(withoutNul(z.string().min(1), "ids"))
  .min(1)
  .max(BULK_TASKS_MAX);

/** POST /api/v1/tasks/trash (delete these) and /api/v1/tasks/trash/restore (bring these back). */
export const taskIdsRequestSchema = /* @__PURE__ */ z.object({ ids: taskIdsSchema });
export type TaskIdsRequest = z.infer<typeof taskIdsRequestSchema>;

/** A task in the trash as the user deleted it, with how many subtasks went with it. */
export const trashedTaskSchema = /* @__PURE__ */ z.object({
  task: taskJsonSchema,
  subtask_count: z.number().int().nonnegative(),
  deleted_at: z.iso.datetime({ offset: true }),
  /** When it leaves the trash for good. */
  purge_at: z.iso.datetime({ offset: true }),
});
export type TrashedTaskJson = z.infer<typeof trashedTaskSchema>;

export const trashListSchema = /* @__PURE__ */ z.array(trashedTaskSchema);

/** What a delete into the trash or a restore did: the ids of every task it moved, subtasks too. */
export const trashResultSchema = /* @__PURE__ */ z.object({ ids: z.array(z.string()) });
export type TrashResult = z.infer<typeof trashResultSchema>;

/** POST /api/v1/tasks/batch: several tasks changed in one write, each with its own changes. */
export const batchUpdateRequestSchema = /* @__PURE__ */ z.object({
  updates: z
    .array(z.object({ id: withoutNul(z.string().min(1), "id"), changes: updateTaskRequestSchema }))
    .min(1)
    .max(BULK_TASKS_MAX),
});
export type BatchUpdateRequest = z.input<typeof batchUpdateRequestSchema>;
export type BatchUpdateInput = z.output<typeof batchUpdateRequestSchema>;
