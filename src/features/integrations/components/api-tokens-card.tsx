import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_SCOPES,
  type ApiTokenCreated,
  type ApiTokenScope,
} from "@contract/integrations";
import { useQuery } from "@tanstack/react-query";
import { KeySquare, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/date-format";
import { useCreateApiToken, useRevokeApiToken } from "@/api/integrations/integration-mutations";
import { integrationQueries } from "@/api/integrations/integration-queries";
import { ConfirmRemoval } from "./confirm-removal";
import { ShownOnce } from "./shown-once";

const SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: "Read only",
  write: "Read and write",
  integrations: "Read, write and webhooks",
};

const EXPIRY_CHOICES = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "never", label: "Never" },
] as const;

function CreateTokenForm({ onCreated }: { onCreated: (token: ApiTokenCreated) => void }) {
  const ids = useId();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiTokenScope>("read");
  const [expiry, setExpiry] = useState<string>("90");
  const [problem, setProblem] = useState<string>();
  const create = useCreateApiToken();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem("Give the token a name");
      return;
    }
    setProblem(undefined);
    const days = expiry === "never" ? null : Math.min(Number(expiry), API_TOKEN_MAX_DAYS);
    create.mutate(
      { name: name.trim(), scope, expires_in_days: days },
      {
        onSuccess: (token) => {
          setName("");
          onCreated(token);
        },
      },
    );
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
    >
      <Field label="Token name" error={problem} id={`${ids}-name`}>
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={100}
            placeholder="Home Assistant"
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field label="Access" id={`${ids}-scope`}>
        {(control) => (
          <NativeSelect
            {...control}
            value={scope}
            onChange={(event) => setScope(event.target.value as ApiTokenScope)}
          >
            {API_TOKEN_SCOPES.map((value) => (
              <option key={value} value={value}>
                {SCOPE_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Expires" id={`${ids}-expiry`}>
        {(control) => (
          <NativeSelect {...control} value={expiry} onChange={(event) => setExpiry(event.target.value)}>
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create token"}
      </Button>
    </form>
  );
}

/** Settings: personal API tokens for scripts and automation — create, list, revoke. */
export function ApiTokensCard({ timeZone }: { timeZone: string }) {
  const tokens = useQuery(integrationQueries.tokens());
  const [created, setCreated] = useState<ApiTokenCreated>();
  const revoke = useRevokeApiToken();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeySquare aria-hidden className="size-4 text-muted-foreground" />
          API tokens
        </CardTitle>
        <CardDescription>
          For scripts and automation: send a token as <code>Authorization: Bearer &lt;token&gt;</code>. A
          read-only token cannot change anything; only a “webhooks” token may add webhooks (they end with it);
          no token can change your account or make passwords.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CreateTokenForm onCreated={setCreated} />
        {created && <ShownOnce label="Token" value={created.token} onDone={() => setCreated(undefined)} />}
        {tokens.isPending ? (
          <Skeleton className="h-16" aria-label="Loading tokens" />
        ) : tokens.isError ? (
          <p className="text-sm text-destructive">
            {errorMessage(tokens.error, "Failed to load your tokens")}
          </p>
        ) : tokens.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tokens yet.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Your API tokens">
            {tokens.data.map((token) => (
              <li key={token.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="truncate">{token.name}</span>
                    <Badge variant={token.scope === "read" ? "secondary" : "warning"}>
                      {SCOPE_LABELS[token.scope]}
                    </Badge>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {token.last_used_at
                      ? `Last used ${formatDate(token.last_used_at, timeZone)}`
                      : "Never used"}
                    {" · "}
                    {token.expires_at
                      ? `Expires ${formatDate(token.expires_at, timeZone, "date")}`
                      : "Never expires"}
                  </span>
                </div>
                <ConfirmRemoval
                  trigger={
                    <Button variant="outline" size="sm" aria-label={`Revoke ${token.name}`}>
                      <Trash2 aria-hidden />
                      Revoke
                    </Button>
                  }
                  title={`Revoke “${token.name}”?`}
                  description="Scripts using this token stop working at once. This cannot be undone."
                  confirmLabel="Revoke token"
                  pending={revoke.isPending}
                  onConfirm={() =>
                    revoke.mutate(token.id, {
                      onSuccess: () =>
                        toast.success("Token revoked", {
                          description: "Scripts using it are refused from now on.",
                        }),
                    })
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
