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
import { errorMessage } from "@/lib/api-client";
import { useDeleteAccount } from "@/api/account-security/account-security-mutations";

const WHAT_IS_LOST =
  "Your tasks, projects and their history, calendars, sign-ins, API tokens, app passwords, webhooks " +
  "and push notifications are deleted at once, and every device is signed out. This cannot be undone.";

/** Settings → Delete account: after the export above, with the password to confirm. */
export function DeleteAccountCard() {
  const deletion = useDeleteAccount();
  const [password, setPassword] = useState("");

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
        <Dialog onOpenChange={() => deletion.reset()}>
          <DialogTrigger asChild>
            <Button variant="destructive">Delete account…</Button>
          </DialogTrigger>
          <DialogContent>
            <form
              noValidate
              className="grid gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                deletion.mutate({ password }, { onSuccess: () => toast.success("Your account was deleted") });
              }}
            >
              <DialogHeader>
                <DialogTitle>Delete your account?</DialogTitle>
                <DialogDescription>{WHAT_IS_LOST}</DialogDescription>
              </DialogHeader>
              <Field
                label="Your password"
                error={deletion.isError ? errorMessage(deletion.error, "Please try again") : undefined}
              >
                {(control) => (
                  <PasswordInput
                    {...control}
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                )}
              </Field>
              <DialogFooter>
                <Button type="submit" variant="destructive" disabled={deletion.isPending || password === ""}>
                  Delete my account
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
