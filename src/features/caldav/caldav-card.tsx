import { APP_PASSWORD_NAME_MAX, appPasswordMessages, type CreatedAppPassword } from "@contract/caldav";
import { useQuery } from "@tanstack/react-query";
import { Copy, KeyRound, RefreshCcw, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/date-format";
import { useCreateAppPassword, useRevokeAppPassword } from "@/api/caldav/caldav-mutations";
import { caldavQueries } from "@/api/caldav/caldav-queries";

async function copy(text: string, what: string) {
  try {
    // navigator.clipboard is missing outside secure contexts (plain http on another host).
    if (!navigator.clipboard) throw new Error("Clipboard unavailable");
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied`);
  } catch {
    toast.error("Could not copy", { description: "Select it and copy it by hand." });
  }
}

/** A read-only value with its label and a Copy button. */
function CopyField({ label, value, what }: { label: string; value: string; what: string }) {
  return (
    <Field label={label}>
      {(control) => (
        <div className="flex gap-2">
          <Input {...control} readOnly value={value} className="font-mono text-xs" />
          <Button
            type="button"
            variant="outline"
            className="shrink-0"
            aria-label={`Copy ${label.toLowerCase()}`}
            onClick={() => void copy(value, what)}
          >
            <Copy aria-hidden />
            Copy
          </Button>
        </div>
      )}
    </Field>
  );
}

function Addresses() {
  const account = useQuery(caldavQueries.account());
  if (account.isPending) return <p className="text-sm text-muted-foreground">Loading the addresses…</p>;
  if (account.isError) {
    return (
      <p className="text-sm text-destructive">
        {errorMessage(account.error, "Failed to load the CalDAV addresses")}
      </p>
    );
  }
  const { discovery_url: discoveryUrl, username, collections } = account.data;
  return (
    <div className="grid gap-3">
      <CopyField label="Server address" value={discoveryUrl} what="Server address" />
      <p className="text-xs text-muted-foreground">
        Most apps find your lists from the server address. Sign in as <strong>{username}</strong> (or your
        e-mail) with an app password.
      </p>
      <div className="grid gap-3">
        <h3 className="text-sm font-medium">Task lists</h3>
        {collections.map((collection) => (
          <CopyField
            key={collection.id}
            label={`${collection.name} list address`}
            value={collection.url}
            what={`${collection.name} address`}
          />
        ))}
      </div>
    </div>
  );
}

function ShownOnce({ created, onDone }: { created: CreatedAppPassword; onDone: () => void }) {
  return (
    <Alert>
      <KeyRound aria-hidden />
      <AlertTitle>App password for {created.name}</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>Enter it in the app now: it is shown only this once.</p>
        <CopyField label="App password" value={created.password} what="App password" />
        <div>
          <Button type="button" variant="outline" onClick={onDone}>
            Done
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

function AppPasswords() {
  const hintId = useId();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string>();
  const [created, setCreated] = useState<CreatedAppPassword>();
  const list = useQuery(caldavQueries.appPasswords());
  const create = useCreateAppPassword();
  const revoke = useRevokeAppPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(appPasswordMessages.nameRequired);
    if (trimmed.length > APP_PASSWORD_NAME_MAX) return setNameError(appPasswordMessages.nameTooLong);
    setNameError(undefined);
    create.mutate(trimmed, {
      onSuccess: (fresh) => {
        setCreated(fresh);
        setName("");
      },
    });
  }

  return (
    <div className="grid gap-4">
      <form onSubmit={submit} noValidate aria-label="New app password" className="grid gap-2">
        <Field
          label="Device name"
          description="The phone or app this password is for, to recognise it later."
          error={nameError}
        >
          {(control) => (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                {...control}
                value={name}
                placeholder="Phone"
                maxLength={APP_PASSWORD_NAME_MAX + 1}
                onChange={(event) => setName(event.target.value)}
              />
              <Button type="submit" className="shrink-0" disabled={create.isPending}>
                <KeyRound aria-hidden />
                Create app password
              </Button>
            </div>
          )}
        </Field>
      </form>
      {created && <ShownOnce created={created} onDone={() => setCreated(undefined)} />}
      <div className="grid gap-2">
        <h3 className="text-sm font-medium" id={hintId}>
          App passwords
        </h3>
        {list.isPending && <p className="text-sm text-muted-foreground">Loading app passwords…</p>}
        {list.isError && (
          <p className="text-sm text-destructive">
            {errorMessage(list.error, "Failed to load the app passwords")}
          </p>
        )}
        {list.data?.length === 0 && <p className="text-sm text-muted-foreground">No app passwords yet.</p>}
        {list.data && list.data.length > 0 && (
          <ul aria-labelledby={hintId} className="grid divide-y rounded-md border">
            {list.data.map((password) => (
              <li key={password.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="grid min-w-0 gap-0.5">
                  <span className="truncate text-sm font-medium">{password.name}</span>
                  <span className="text-xs text-muted-foreground">
                    Created {formatDate(password.created_at, null)} ·{" "}
                    {password.last_used_at
                      ? `Last used ${formatDate(password.last_used_at, null)}`
                      : "Never used"}
                  </span>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Revoke ${password.name}`}
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(password.id, {
                      onSuccess: () =>
                        toast.success("App password revoked", {
                          description: "The device using it can no longer sync.",
                        }),
                    })
                  }
                >
                  <Trash2 aria-hidden />
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** Settings: sync with task apps over CalDAV, signed in with app passwords made here. */
export function CaldavCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <RefreshCcw aria-hidden className="size-4 text-muted-foreground" />
          Sync with other apps (CalDAV)
        </CardTitle>
        <CardDescription>
          Keep your tasks in Tasks.org or DAVx⁵, Apple Reminders or Thunderbird. Each app signs in with an app
          password of its own; your account password is never accepted there.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Addresses />
        <AppPasswords />
      </CardContent>
    </Card>
  );
}
