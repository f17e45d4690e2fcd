import { EXPORT_FORMATS, IMPORT_MAX_BYTES, type ExportFormat, type ImportResult } from "@contract/transfer";
import { useQuery } from "@tanstack/react-query";
import { CalendarDays, Copy, Download, RefreshCw, Upload } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import {
  useExportTasks,
  useImportTasks,
  useRotateCalendarFeed,
} from "@/api/data-transfer/transfer-mutations";
import { calendarFeedQueries } from "@/api/data-transfer/transfer-queries";

const FORMAT_LABELS: Record<ExportFormat, string> = { json: "JSON", csv: "CSV", todotxt: "todo.txt" };

function ExportCard() {
  const download = useExportTasks();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Download aria-hidden className="size-4 text-muted-foreground" />
          Export
        </CardTitle>
        <CardDescription>
          Download every task. The JSON file restores them in any Tasklane account.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            variant="outline"
            disabled={download.isPending}
            onClick={() => download.mutate(format)}
          >
            Download {FORMAT_LABELS[format]}
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  return (
    <Alert variant={result.errors.length > 0 ? "destructive" : "default"} aria-live="polite">
      <AlertTitle>
        {result.created} {result.created === 1 ? "task" : "tasks"} imported, {result.skipped} already there
      </AlertTitle>
      {result.errors.length > 0 && (
        <AlertDescription>
          <ul className="list-disc pl-5">
            {result.errors.slice(0, 20).map((error) => (
              <li key={`${error.line}-${error.message}`}>
                Line {error.line}: {error.message}
              </li>
            ))}
          </ul>
          {result.errors.length > 20 && <p>…and {result.errors.length - 20} more problems.</p>}
        </AlertDescription>
      )}
    </Alert>
  );
}

function ImportCard() {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportTasks();
  const tooLarge = file !== null && file.size > IMPORT_MAX_BYTES;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (file && !tooLarge) upload.mutate(file);
  };
  return (
    <Card>
      <form onSubmit={onSubmit} aria-labelledby={`${ids}-title`}>
        <CardHeader>
          <CardTitle id={`${ids}-title`} className="flex items-center gap-2">
            <Upload aria-hidden className="size-4 text-muted-foreground" />
            Import
          </CardTitle>
          <CardDescription>
            A Tasklane JSON or CSV export, a todo.txt file or Todoist&apos;s CSV export, up to 5 MB. A task
            already in your list (from your own export, or with the same title, due day and project) is not
            added again.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <label htmlFor={`${ids}-file`} className="text-sm font-medium">
            File to import
          </label>
          <Input
            id={`${ids}-file`}
            type="file"
            accept=".json,.csv,.txt,application/json,text/csv,text/plain"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              upload.reset();
            }}
          />
          {tooLarge && <p className="text-sm text-destructive">The file is larger than 5 MB.</p>}
          <div>
            <Button type="submit" disabled={!file || tooLarge || upload.isPending}>
              {upload.isPending ? "Importing…" : "Import"}
            </Button>
          </div>
          {upload.data && <ImportSummary result={upload.data} />}
        </CardContent>
      </form>
    </Card>
  );
}

async function copyAddress(url: string) {
  try {
    // navigator.clipboard is missing outside secure contexts (plain http on another host).
    if (!navigator.clipboard) throw new Error("Clipboard unavailable");
    await navigator.clipboard.writeText(url);
    toast.success("Address copied", { description: "Paste it into your calendar app's subscription." });
  } catch {
    toast.error("Could not copy", { description: "Select the address and copy it by hand." });
  }
}

function CalendarCard() {
  const ids = useId();
  const feed = useQuery(calendarFeedQueries.address());
  const rotate = useRotateCalendarFeed();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays aria-hidden className="size-4 text-muted-foreground" />
          Calendar feed
        </CardTitle>
        <CardDescription>
          Subscribe to this private address in Google Calendar, Apple Calendar or Thunderbird to see open
          tasks with a due date. Anyone with the address can read it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <label htmlFor={`${ids}-url`} className="text-sm font-medium">
          Calendar address
        </label>
        <div className="flex gap-2">
          <Input
            id={`${ids}-url`}
            readOnly
            value={feed.data?.url ?? ""}
            placeholder={feed.isPending ? "Loading…" : ""}
          />
          <Button
            variant="outline"
            className="shrink-0"
            disabled={!feed.data}
            onClick={() => feed.data && void copyAddress(feed.data.url)}
          >
            <Copy aria-hidden />
            Copy
          </Button>
        </div>
        {feed.isError && (
          <p className="text-sm text-destructive">
            {errorMessage(feed.error, "Failed to load the calendar address")}
          </p>
        )}
        <div>
          <Button
            variant="outline"
            disabled={rotate.isPending || !feed.data}
            onClick={() =>
              rotate.mutate(undefined, {
                onSuccess: () =>
                  toast.success("New calendar address", { description: "The old address no longer works." }),
              })
            }
          >
            <RefreshCw aria-hidden />
            Make a new address
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Settings: your data in and out. */
export function DataTransferCards() {
  return (
    <>
      <ExportCard />
      <ImportCard />
      <CalendarCard />
    </>
  );
}
