import { apiPaths, pathFor } from "@contract/api-paths";
import {
  apiTokenCreatedSchema,
  apiTokenListSchema,
  credentialsSchema,
  webhookCreatedSchema,
  webhookListSchema,
  type ApiToken,
  type ApiTokenCreated,
  type CreateApiTokenRequest,
  type CreateWebhookRequest,
  type Credentials,
  type Webhook,
  type WebhookCreated,
} from "@contract/integrations";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

/** The personal API tokens and the webhooks (Settings). */
export const integrationQueries = {
  tokens: () =>
    queryOptions({
      queryKey: queryKeys.integrations.tokens(),
      queryFn: async ({ signal }): Promise<ApiToken[]> =>
        apiTokenListSchema.parse((await apiClient.get<unknown>(apiPaths.listApiTokens, { signal })).data),
    }),
  credentials: () =>
    queryOptions({
      queryKey: queryKeys.integrations.credentials(),
      queryFn: async ({ signal }): Promise<Credentials> =>
        credentialsSchema.parse((await apiClient.get<unknown>(apiPaths.credentials, { signal })).data),
    }),
  webhooks: () =>
    queryOptions({
      queryKey: queryKeys.integrations.webhooks(),
      queryFn: async ({ signal }): Promise<Webhook[]> =>
        webhookListSchema.parse((await apiClient.get<unknown>(apiPaths.listWebhooks, { signal })).data),
    }),
};

export async function createApiToken(request: CreateApiTokenRequest): Promise<ApiTokenCreated> {
  return apiTokenCreatedSchema.parse((await apiClient.post<unknown>(apiPaths.createApiToken, request)).data);
}

export async function revokeApiToken(id: string): Promise<void> {
  await apiClient.delete(pathFor(apiPaths.deleteApiToken, { id }));
}

/** Every API token stops working at once (after a password change, say). */
export async function revokeAllApiTokens(): Promise<void> {
  await apiClient.delete(apiPaths.revokeAllApiTokens);
}

export async function createWebhook(request: CreateWebhookRequest): Promise<WebhookCreated> {
  return webhookCreatedSchema.parse((await apiClient.post<unknown>(apiPaths.createWebhook, request)).data);
}

export async function deleteWebhook(id: string): Promise<void> {
  await apiClient.delete(pathFor(apiPaths.deleteWebhook, { id }));
}
