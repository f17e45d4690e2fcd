import { z } from "zod";
import { withoutNul } from "./common";

/** Longest device name an app password can be given. */
export const APP_PASSWORD_NAME_MAX = 100;

export const appPasswordMessages = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${APP_PASSWORD_NAME_MAX} characters`,
} as const;

/** POST /api/v1/app-passwords: the device the password is for ("Phone", "Thunderbird at work"). */
export const createAppPasswordRequestSchema = /* @__PURE__ */ z.object({
  name: withoutNul(
    z
      .string()
      .trim()
      .min(1, { error: appPasswordMessages.nameRequired })
      .max(APP_PASSWORD_NAME_MAX, { error: appPasswordMessages.nameTooLong }),
    "name",
  ),
});
export type CreateAppPasswordRequest = z.input<typeof createAppPasswordRequestSchema>;

/** An app password as listed: never the password itself, which is shown once. */
export const appPasswordSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable().meta({ description: "When a CalDAV client last signed in with it" }),
});
export type AppPassword = z.infer<typeof appPasswordSchema>;

export const appPasswordListSchema = /* @__PURE__ */ z.array(appPasswordSchema);

/** The answer to creating one: the only time the password is shown. */
export const createdAppPasswordSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  name: z.string(),
  password: z.string().meta({ description: "Shown once: only a hash is kept" }),
  created_at: z.string(),
});
export type CreatedAppPassword = z.infer<typeof createdAppPasswordSchema>;

/** Where CalDAV clients connect: the address to discover from, and one task list per collection. */
export const caldavAccountSchema = /* @__PURE__ */ z.object({
  username: z.string(),
  discovery_url: z.string().meta({ description: "<PUBLIC_URL>/dav/: clients find the task lists from it" }),
  collections: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      url: z.string().meta({ description: "<PUBLIC_URL>/dav/calendars/<username>/<project id>/" }),
    }),
  ),
});
export type CaldavAccount = z.infer<typeof caldavAccountSchema>;
