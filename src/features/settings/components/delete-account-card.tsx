import { oidcErrorMessage } from "@contract/sign-in-options";
import { useQuery } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { toast } from "@/components/ui/toaster";
import { env } from "@/config/env";
import { errorMessage } from "@/lib/api-client";
import {
  useBeginOidcDeletionConfirmation,
  useDeleteAccount,
} from "@/api/account-security/account-security-mutations";
import { accountSecurityQueries } from "@/api/account-security/account-security-queries";
import { useDeletionLanding, type DeletionLanding } from "../deletion-landing";
import { CodeField } from "./code-form";

const WHAT_IS_LOST =
  "Your tasks, projects and their history, calendars, sign-ins, API tokens, app passwords, webhooks " +
  "and push notifications are deleted at once, and every device is signed out. This cannot be undone.";

/**
 * Settings → Delete account: after the export above, with the password to confirm, or (an account
 * made by single sign-on, which has none) with a two-factor code when that is on, or by signing in
 * again at the identity provider, which sends the browser back here with the dialog open.
 */
export function DeleteAccountCard() {
  const landed = useDeletionLanding();
  const [landing, setLanding] = useState(landed);
  const [open, setOpen] = useState(landed !== null);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Trash2 aria-hidden className="size-4 text-muted-foreground" />
          Delete account
        </CardTitle>
        <CardDescription>
          Export your tasks first (Export, above) if you want to keep them. {WHAT_IS_LOST}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            // A confirmation is for the dialog it came back to.
            if (!next) setLanding(null);
          }}
        >
          <DialogTrigger asChild>
            <Button variant="destructive">Delete account…</Button>
          </DialogTrigger>
          <DialogContent>
            <DeleteAccountForm landing={landing} />
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

/** The dialog's form: what confirms the deletion depends on the account. */
function DeleteAccountForm({ landing }: { landing: DeletionLanding | null }) {
  const deletion = useDeleteAccount();
  const options = useQuery(accountSecurityQueries.deletionOptions()).data;
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const confirmation = landing?.confirmation ?? null;
  const provider = options?.oidc?.name ?? "your identity provider";
  // Until the options arrive, and for every account with a password: the password field.
  const withPassword = confirmation === null && options?.password !== false;
  // Without a password, two-factor sign-in's code confirms as well as the provider does.
  const withCode = confirmation === null && !withPassword && options?.two_factor === true;
  const failure = deletion.isError
    ? errorMessage(deletion.error, "Please try again")
    : landing?.error
      ? oidcErrorMessage(landing.error)
      : undefined;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const request =
          confirmation !== null ? { confirmation } : withCode ? { code: code.trim() } : { password };
        deletion.mutate(request, { onSuccess: () => toast.success("Your account was deleted") });
      }}
    >
      <DialogHeader>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>{WHAT_IS_LOST}</DialogDescription>
      </DialogHeader>
      {withPassword ? (
        <Field label="Your password" error={failure}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
      ) : withCode ? (
        <CodeField
          label="Code from your authenticator app"
          description={
            options?.oidc
              ? `Your account has no password: enter a code, or confirm by signing in again with ${provider}.`
              : "Your account has no password: enter a code, or one of your recovery codes."
          }
          error={failure}
          value={code}
          onChange={setCode}
        />
      ) : (
        <>
          <p className="text-sm">
            {confirmation !== null
              ? `You signed in again with ${provider}: your account can be deleted now.`
              : options?.oidc
                ? `Your account has no password: confirm by signing in again with ${provider}.`
                : 'Your account has no password: set one with "Forgot password?" on the sign-in page first.'}
          </p>
          {failure && (
            <p role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          )}
        </>
      )}
      <DialogFooter>
        {confirmation === null && options?.oidc && <ConfirmWithProvider name={options.oidc.name} />}
        {(withPassword || withCode || confirmation !== null) && (
          <Button
            type="submit"
            variant="destructive"
            disabled={
              deletion.isPending || (withPassword && password === "") || (withCode && code.trim() === "")
            }
          >
            Delete my account
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}

/** "Confirm with <provider>": a re-login there, which comes back to Settings. */
function ConfirmWithProvider({ name }: { name: string }) {
  const begin = useBeginOidcDeletionConfirmation();
  return (
    <Button
      type="button"
      variant="outline"
      disabled={begin.isPending || begin.isSuccess}
      onClick={() =>
        begin.mutate(undefined, {
          onSuccess: ({ start_path: startPath }) => window.location.assign(`${env.apiUrl}${startPath}`),
        })
      }
    >
      Confirm with {name}
    </Button>
  );
}
