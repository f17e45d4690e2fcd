import { DEFAULT_TIME_ZONE } from "@contract/common";
import { CALENDAR_MAX_BYTES } from "@contract/planning";
import { useQuery } from "@tanstack/react-query";
import { CalendarPlus, RefreshCw, Trash2, Upload } from "lucide-react";
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/date-format";
import { useSessionStore } from "@/stores/session-store";
import { useImportCalendar, useSubscribeCalendar, useSyncCalendar } from "@/api/calendars/calendar-mutations";
import { calendarQueries, type Calendar } from "@/api/calendars/calendar-queries";

/** The confirmation downloads when a calendar is first deleted, not with Settings. */
const DeleteCalendarDialog = lazy(() =>
  import("./delete-calendar-dialog").then((module) => ({ default: module.DeleteCalendarDialog })),
);

export const calendarMessages = {
  title: "Calendars",
  added: "Calendar added",
  addedWithError: "Calendar added, but it could not be read",
  tooLarge: `The file is larger than ${CALENDAR_MAX_BYTES / 1024 / 1024} MiB`,
} as const;

/** Subscribe to an ICS address, or upload an .ics file, with an optional name. */
function AddCalendarForm() {
  const subscribe = useSubscribeCalendar();
  const importCalendar = useImportCalendar();
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);

  const announce = (calendar: Calendar) =>
    calendar.error
      ? toast.warning(calendarMessages.addedWithError, { description: calendar.error })
      : toast.success(calendarMessages.added, { description: calendar.name });

  const onSubscribe = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return;
    subscribe.mutate(
      { url: url.trim(), ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: (calendar) => {
          setUrl("");
          setName("");
          announce(calendar);
        },
      },
    );
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > CALENDAR_MAX_BYTES) {
      toast.error(calendarMessages.tooLarge);
      return;
    }
    importCalendar.mutate(
      { file, name: name.trim() || undefined },
      {
        onSuccess: (calendar) => {
          setName("");
          announce(calendar);
        },
        onSettled: () => {
          if (fileInput.current) fileInput.current.value = "";
        },
      },
    );
  };

  return (
    <form className="grid gap-3" onSubmit={onSubscribe} aria-label="Add a calendar">
      <div className="grid gap-3 sm:grid-cols-[1fr_2fr]">
        <Field label="Name" description="Optional">
          {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
        </Field>
        <Field label="ICS address">
          {(control) => (
            <Input
              {...control}
              type="url"
              placeholder="https://…/basic.ics"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={subscribe.isPending || !url.trim()}>
          {subscribe.isPending ? "Adding..." : "Add calendar"}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".ics,text/calendar"
          // The button below opens it; named for what it is, and out of the tab order.
          aria-label="An .ics file to upload"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <Button
          type="button"
          variant="outline"
          disabled={importCalendar.isPending}
          onClick={() => fileInput.current?.click()}
        >
          <Upload aria-hidden />
          {importCalendar.isPending ? "Uploading..." : "Upload an .ics file"}
        </Button>
      </div>
    </form>
  );
}

/**
 * Settings' calendars: subscribe to an ICS address or upload an .ics file; each with when it was
 * last read and, plainly, why the last read failed; sync now; delete after a confirmation.
 */
export function CalendarsCard() {
  const timeZone = useSessionStore((state) => state.user?.timezone) ?? DEFAULT_TIME_ZONE;
  const calendars = useQuery(calendarQueries.list());
  const [deleting, setDeleting] = useState<Calendar | null>(null);
  const [dialogMounted, setDialogMounted] = useState(false);
  const titleId = useId();

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <CalendarPlus aria-hidden className="size-4 text-muted-foreground" />
          {calendarMessages.title}
        </CardTitle>
        <CardDescription>
          Your meetings, read every 15 minutes, so that planning leaves their time free. Use the private ICS
          address your calendar gives (Google, Outlook, Fastmail, Nextcloud), or upload an .ics file.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AddCalendarForm />

        {calendars.isPending ? (
          <p className="text-sm text-muted-foreground">Loading calendars...</p>
        ) : calendars.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Could not load your calendars</AlertTitle>
            <AlertDescription>{errorMessage(calendars.error, "Please try again")}</AlertDescription>
          </Alert>
        ) : calendars.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No calendars yet.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Your calendars">
            {calendars.data.map((calendar) => (
              <CalendarRow
                key={calendar.id}
                calendar={calendar}
                timeZone={timeZone}
                onDelete={() => {
                  setDialogMounted(true);
                  setDeleting(calendar);
                }}
              />
            ))}
          </ul>
        )}
      </CardContent>
      {dialogMounted && (
        <Suspense fallback={null}>
          <DeleteCalendarDialog calendar={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
    </Card>
  );
}

function CalendarRow({
  calendar,
  timeZone,
  onDelete,
}: {
  calendar: Calendar;
  timeZone: string;
  onDelete(): void;
}) {
  const sync = useSyncCalendar();
  return (
    <li className="grid gap-1 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-1 break-words font-medium">{calendar.name}</span>
        {calendar.url && (
          <Button
            variant="outline"
            size="sm"
            disabled={sync.isPending}
            onClick={() =>
              sync.mutate(calendar.id, {
                onSuccess: (synced) =>
                  synced.error
                    ? toast.warning("Sync failed", { description: synced.error })
                    : toast.success("Calendar synced", { description: synced.name }),
              })
            }
            aria-label={`Sync "${calendar.name}" now`}
          >
            <RefreshCw aria-hidden className={sync.isPending ? "animate-spin" : undefined} />
            Sync now
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
          onClick={onDelete}
          aria-label={`Delete "${calendar.name}"`}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>
      <p className="break-all text-xs text-muted-foreground">{calendar.url ?? "Uploaded file"}</p>
      <p className="text-xs text-muted-foreground">
        {calendar.last_synced_at
          ? `Last synced ${formatDate(calendar.last_synced_at, timeZone, "dateTime")}`
          : "Not synced yet"}
      </p>
      {calendar.error && (
        <p className="text-xs font-medium text-destructive">Last sync failed: {calendar.error}</p>
      )}
    </li>
  );
}
