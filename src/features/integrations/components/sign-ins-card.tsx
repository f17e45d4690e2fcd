import { useQuery } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/date-format";
import { useRevokeAllApiTokens } from "@/api/integrations/integration-mutations";
import { integrationQueries } from "@/api/integrations/integration-queries";
import { ConfirmRemoval } from "./confirm-removal";
import { sessionName, SignOutOthersButton, SignOutSessionButton } from "./session-sign-out";

interface SignInRow {
  id: string;
  kind: string;
  name: string;
  lastUsedAt: string | null;
  /** A session other than this one can be signed out from here. */
  signOut?: boolean;
}

/**
 * Settings: every way into the account in one list — signed-in browsers and apps, API tokens and
 * CalDAV app passwords — each with its last use, and one button that revokes every API token.
 */
export function SignInsCard({ timeZone }: { timeZone: string }) {
  const credentials = useQuery(integrationQueries.credentials());
  const revokeAll = useRevokeAllApiTokens();

  const rows: SignInRow[] = credentials.data
    ? [
        ...credentials.data.sessions.map((session) => ({
          id: session.id,
          kind: "Session",
          name: sessionName(session),
          lastUsedAt: session.last_used_at ?? session.created_at,
          signOut: !session.current,
        })),
        ...credentials.data.api_tokens.map((token) => ({
          id: token.id,
          kind: "API token",
          name: token.name,
          lastUsedAt: token.last_used_at,
        })),
        ...credentials.data.app_passwords.map((password) => ({
          id: password.id,
          kind: "App password",
          name: password.name,
          lastUsedAt: password.last_used_at,
        })),
      ]
    : [];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden className="size-4 text-muted-foreground" />
          Sign-ins
        </CardTitle>
        <CardDescription>
          Everything that can reach your account. Changing your password signs out the other sessions and ends
          app passwords; API tokens stay until you revoke them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {credentials.isPending ? (
          <Skeleton className="h-16" aria-label="Loading sign-ins" />
        ) : credentials.isError ? (
          <p className="text-sm text-destructive">
            {errorMessage(credentials.error, "Failed to load your sign-ins")}
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Your sign-ins">
            {rows.map((row) => (
              <li key={`${row.kind}-${row.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
                <span className="w-28 shrink-0 text-xs text-muted-foreground">{row.kind}</span>
                <span className="min-w-0 flex-1 truncate font-medium">{row.name}</span>
                <span className="text-xs text-muted-foreground">
                  {row.lastUsedAt ? `Last used ${formatDate(row.lastUsedAt, timeZone)}` : "Never used"}
                </span>
                {row.signOut && <SignOutSessionButton sessionId={row.id} />}
              </li>
            ))}
          </ul>
        )}
        {credentials.data && credentials.data.sessions.length > 1 && <SignOutOthersButton />}
        {credentials.data && credentials.data.api_tokens.length > 0 && (
          <ConfirmRemoval
            trigger={
              <Button variant="outline" className="justify-self-start">
                Revoke all API tokens
              </Button>
            }
            title="Revoke every API token?"
            description="Every script using one stops working at once, and the webhooks and push subscriptions tokens made end with them. This cannot be undone."
            confirmLabel="Revoke all tokens"
            pending={revokeAll.isPending}
            onConfirm={() =>
              revokeAll.mutate(undefined, {
                onSuccess: () =>
                  toast.success("Every API token revoked", {
                    description: "Scripts using them are refused from now on.",
                  }),
              })
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
