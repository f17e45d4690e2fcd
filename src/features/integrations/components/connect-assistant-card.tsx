import { MCP_PATH, type ApiTokenCreated } from "@contract/integrations";
import { Bot, Copy } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { useCreateAssistantToken, type AssistantScope } from "@/api/mcp/assistant-token";
import { env } from "@/config/env";
import { assistantConfigurations } from "../assistant-configurations";
import { copySecret, ShownOnce } from "./shown-once";

/** The MCP endpoint as an assistant reaches it: the API's own origin. */
function mcpUrl(): string {
  return `${env.apiUrl || window.location.origin}${MCP_PATH}`;
}

function Configurations({ token }: { token: string }) {
  const configurations = assistantConfigurations(mcpUrl(), token);
  return (
    <Tabs defaultValue={configurations[0]!.id} className="grid gap-2">
      <TabsList className="w-fit" aria-label="Assistant">
        {configurations.map((configuration) => (
          <TabsTrigger key={configuration.id} value={configuration.id}>
            {configuration.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {configurations.map((configuration) => (
        <TabsContent key={configuration.id} value={configuration.id} className="grid gap-2">
          <p className="text-sm text-muted-foreground">{configuration.where}</p>
          <Textarea
            readOnly
            aria-label={`${configuration.label} configuration`}
            value={configuration.text}
            rows={configuration.text.split("\n").length}
            className="font-mono text-xs"
            onFocus={(event) => event.target.select()}
          />
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void copySecret(configuration.text, `${configuration.label} configuration`)}
            >
              <Copy aria-hidden />
              Copy
            </Button>
          </div>
        </TabsContent>
      ))}
    </Tabs>
  );
}

/**
 * Settings: connects an AI assistant (Claude, or any client of the Model Context Protocol) with
 * a token made for it, shown once with the configuration to paste into the assistant.
 */
export function ConnectAssistantCard() {
  const id = useId();
  const [scope, setScope] = useState<AssistantScope>("read");
  const [created, setCreated] = useState<ApiTokenCreated>();
  const create = useCreateAssistantToken();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(scope, { onSuccess: setCreated });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bot aria-hidden className="size-4 text-muted-foreground" />
          Connect an AI assistant
        </CardTitle>
        <CardDescription>
          Let Claude or another assistant that speaks the Model Context Protocol find, add, reschedule and
          complete your tasks, plan your day and report your progress. It never deletes anything. The token
          lasts a year; revoke it any time under API tokens.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <Field label="The assistant may" id={`${id}-scope`}>
            {(control) => (
              <NativeSelect
                {...control}
                value={scope}
                onChange={(event) => setScope(event.target.value as AssistantScope)}
              >
                <option value="read">Read only: look up tasks, plans and progress</option>
                <option value="write">Read and write: also add and change tasks</option>
              </NativeSelect>
            )}
          </Field>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create assistant token"}
          </Button>
        </form>
        {created && (
          <>
            <ShownOnce label="Token" value={created.token} onDone={() => setCreated(undefined)} />
            <Configurations token={created.token} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
