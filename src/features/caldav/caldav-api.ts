import {
  appPasswordListSchema,
  caldavAccountSchema,
  createdAppPasswordSchema,
  type AppPassword,
  type CaldavAccount,
  type CreatedAppPassword,
} from "@contract/caldav";
import { apiPaths, pathFor } from "@contract/api-paths";
import { apiClient } from "@/lib/api-client";

export const caldavKeys = {
  all: ["caldav"] as const,
  account: () => [...caldavKeys.all, "account"] as const,
  appPasswords: () => [...caldavKeys.all, "app-passwords"] as const,
};

export async function fetchCaldavAccount(): Promise<CaldavAccount> {
  return caldavAccountSchema.parse((await apiClient.get<unknown>(apiPaths.caldavAccount)).data);
}

export async function fetchAppPasswords(): Promise<AppPassword[]> {
  return appPasswordListSchema.parse((await apiClient.get<unknown>(apiPaths.listAppPasswords)).data);
}

export async function createAppPassword(name: string): Promise<CreatedAppPassword> {
  return createdAppPasswordSchema.parse(
    (await apiClient.post<unknown>(apiPaths.createAppPassword, { name })).data,
  );
}

export async function revokeAppPassword(id: string): Promise<void> {
  await apiClient.delete(pathFor(apiPaths.deleteAppPassword, { id }));
}
