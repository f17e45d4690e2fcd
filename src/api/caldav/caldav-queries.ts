import {
  appPasswordListSchema,
  caldavAccountSchema,
  createdAppPasswordSchema,
  type AppPassword,
  type CaldavAccount,
  type CreatedAppPassword,
} from "@contract/caldav";
import { apiPaths, pathFor } from "@contract/api-paths";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

/** The CalDAV addresses and the app passwords that sign in there (Settings). */
export const caldavQueries = {
  account: () =>
    queryOptions({
      queryKey: queryKeys.caldav.account(),
      queryFn: async ({ signal }): Promise<CaldavAccount> =>
        caldavAccountSchema.parse((await apiClient.get<unknown>(apiPaths.caldavAccount, { signal })).data),
    }),
  appPasswords: () =>
    queryOptions({
      queryKey: queryKeys.caldav.appPasswords(),
      queryFn: async ({ signal }): Promise<AppPassword[]> =>
        appPasswordListSchema.parse(
          (await apiClient.get<unknown>(apiPaths.listAppPasswords, { signal })).data,
        ),
    }),
};

export async function createAppPassword(name: string): Promise<CreatedAppPassword> {
  return createdAppPasswordSchema.parse(
    (await apiClient.post<unknown>(apiPaths.createAppPassword, { name })).data,
  );
}

export async function revokeAppPassword(id: string): Promise<void> {
  await apiClient.delete(pathFor(apiPaths.deleteAppPassword, { id }));
}
