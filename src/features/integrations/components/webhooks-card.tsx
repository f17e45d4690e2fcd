import { WEBHOOK_EVENTS, type Webhook, type WebhookCreated, type WebhookEvent } from "@contract/integrations";
import { useQuery } from "@tanstack/react-query";
import { Trash2, Webhook as WebhookIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/date-format";
import { useCreateWebhook, useDeleteWebhook } from "@/api/integrations/integration-mutations";
import { integrationQueries } from "@/api/integrations/integration-queries";
import { ConfirmRemoval } from "./confirm-removal";
import { ShownOnce } from "./shown-once";

const EVENT_LABELS: Record<WebhookEvent, string> = {
  "task.created": "Task created",
  "task.updated": "Task updated",
  "task.completed": "Task completed",
  "task.deleted": "Task deleted",
};

function CreateWebhookForm({ onCreated }: { onCreated: (webhook: WebhookCreated) => void }) {
  const ids = useId();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [problem, setProblem] = useState<string>();
  const create = useCreateWebhook();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^https?:\/\/\S+$/.test(url.trim())) {
      setProblem("Enter an http:// or https:// address");
      return;
    }
    if (events.length === 0) {
      setProblem("Choose at least one event");
      return;
    }
    setProblem(undefined);
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (webhook) => {
          setUrl("");
          onCreated(webhook);
        },
        onError: (error) => setProblem(errorMessage(error, "Could not add the webhook")),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <Field label="Webhook address" error={problem} id={`${ids}-url`}>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            value={url}
            placeholder="https://example.com/hooks/tasklane"
            onChange={(event) => setUrl(event.target.value)}
          />
        )}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Events</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={events.includes(name)}
                onChange={(event) =>
                  setEvents((current) =>
                    event.target.checked ? [...current, name] : current.filter((chosen) => chosen !== name),
                  )
                }
              />
              {EVENT_LABELS[name]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Adding…" : "Add webhook"}
        </Button>
      </div>
    </form>
  );
}

const STATUS_BADGES = {
  delivered: { variant: "success", label: "Delivered" },
  pending: { variant: "warning", label: "Retrying" },
  failed: { variant: "destructive", label: "Failed" },
} as const;

function DeliveryLog({ webhook, timeZone }: { webhook: Webhook; timeZone: string }) {
  if (webhook.deliveries.length === 0) {
    return <p className="text-xs text-muted-foreground">No deliveries yet.</p>;
  }
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">
        Recent deliveries ({webhook.deliveries.length})
      </summary>
      <ul className="mt-2 grid gap-1" aria-label={`Deliveries to ${webhook.url}`}>
        {webhook.deliveries.map((delivery) => {
          const badge = STATUS_BADGES[delivery.status];
          return (
            <li key={delivery.id} className="flex flex-wrap items-center gap-2">
              <Badge variant={badge.variant}>{badge.label}</Badge>
              <span>{EVENT_LABELS[delivery.event]}</span>
              <span className="text-xs text-muted-foreground">
                {formatDate(delivery.last_attempt_at ?? delivery.created_at, timeZone)}
                {delivery.attempts > 1 && ` · ${delivery.attempts} attempts`}
                {delivery.last_error && ` · ${delivery.last_error}`}
              </span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/** Settings: webhooks that receive the user's task events, with their delivery logs. */
export function WebhooksCard({ timeZone }: { timeZone: string }) {
  const webhooks = useQuery(integrationQueries.webhooks());
  const [created, setCreated] = useState<WebhookCreated>();
  const remove = useDeleteWebhook();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <WebhookIcon aria-hidden className="size-4 text-muted-foreground" />
          Webhooks
        </CardTitle>
        <CardDescription>
          Tasklane POSTs each chosen task event to the address, signed with the Standard Webhooks scheme. A
          failing delivery is retried for about a day; a webhook failing for 3 days is turned off.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CreateWebhookForm onCreated={setCreated} />
        {created && (
          <ShownOnce label="Signing secret" value={created.secret} onDone={() => setCreated(undefined)} />
        )}
        {webhooks.isPending ? (
          <Skeleton className="h-16" aria-label="Loading webhooks" />
        ) : webhooks.isError ? (
          <p className="text-sm text-destructive">
            {errorMessage(webhooks.error, "Failed to load your webhooks")}
          </p>
        ) : webhooks.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No webhooks yet.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Your webhooks">
            {webhooks.data.map((webhook) => (
              <li key={webhook.id} className="grid gap-2 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 flex-1 break-all font-medium">{webhook.url}</span>
                  {webhook.disabled_at && <Badge variant="destructive">Turned off</Badge>}
                  <ConfirmRemoval
                    trigger={
                      <Button variant="outline" size="sm" aria-label={`Delete webhook ${webhook.url}`}>
                        <Trash2 aria-hidden />
                        Delete
                      </Button>
                    }
                    title="Delete this webhook?"
                    description={`${webhook.url} receives no more events, and its delivery log is deleted.`}
                    confirmLabel="Delete webhook"
                    pending={remove.isPending}
                    onConfirm={() =>
                      remove.mutate(webhook.id, { onSuccess: () => toast.success("Webhook deleted") })
                    }
                  />
                </div>
                <p className="text-xs text-muted-foreground">
                  {webhook.events.map((name) => EVENT_LABELS[name]).join(", ")}
                </p>
                <DeliveryLog webhook={webhook} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
