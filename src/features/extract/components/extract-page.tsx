import { DEFAULT_TIME_ZONE } from "@contract/common";
import { EXTRACT_MAX_CHARS, EXTRACTION_STRATEGIES, type ExtractionStrategy } from "@contract/extract";
import { hasReachedLimit } from "@contract/premium";
import { Crown, Loader2, ScanText, Sparkles } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { usePremiumLimit } from "@/lib/premium-queries";
import { detectBrowserTimeZone, isValidTimeZone } from "@/lib/time-zones";
import { useSessionStore } from "@/stores/session-store";
import { isUsageLimitError, useAddExtractedTasks, useExtractTasks } from "../api/extraction-api";
import type { ExtractionExample } from "../examples";
import { useExtractionStore } from "../extraction-store";
import { ExampleSnippets } from "./example-snippets";
import { ExtractedTaskList } from "./extracted-task-list";
import { ExtractionUsageCard } from "./extraction-usage-card";
import { TimezoneOverride } from "./timezone-override";

const CHARACTER_COUNT = new Intl.NumberFormat("en-US");

// spec §5 and §8: the exact toasts of the Extract screen.
function toastUsageLimitReached(): void {
  toast.warning("Usage limit reached", {
    description:
      "You have reached your monthly AI usage limit. Please upgrade to continue using AI extraction.",
  });
}

function isStrategy(value: string): value is ExtractionStrategy {
  return (EXTRACTION_STRATEGIES as readonly string[]).includes(value);
}

/** The Extract screen (/extract, spec §2). */
export function ExtractPage() {
  const user = useSessionStore((state) => state.user);
  const { content, strategy, results, setContent, setStrategy, showResults, keepResults, clearResults } =
    useExtractionStore();
  const usageLimit = usePremiumLimit();
  const extraction = useExtractTasks();
  const adding = useAddExtractedTasks();

  const profileTimeZone = user?.timezone && isValidTimeZone(user.timezone) ? user.timezone : undefined;
  const [overrideTimeZone, setOverrideTimeZone] = useState(false);
  const [timeZone, setTimeZone] = useState(() => profileTimeZone ?? detectBrowserTimeZone());

  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const textareaId = useId();
  const counterId = useId();

  // spec §2, §5: the AI method is blocked when current_usage is at or above usage_limit.
  const limitReached = usageLimit.data ? hasReachedLimit(usageLimit.data) : false;
  const tooLong = content.length > EXTRACT_MAX_CHARS;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!content.trim()) {
      toast.warning("No content", { description: "Please enter some text to extract tasks from." });
      return;
    }
    if (tooLong) {
      toast.error("Extraction failed", {
        description: `The text is longer than ${CHARACTER_COUNT.format(EXTRACT_MAX_CHARS)} characters. Please shorten it.`,
      });
      return;
    }
    if (strategy === "llm" && limitReached) {
      toastUsageLimitReached();
      return;
    }
    extraction.mutate(
      { content, strategy, timezone: overrideTimeZone ? timeZone : undefined },
      {
        onSuccess: (tasks) => {
          if (tasks.length === 0) {
            // Held results stay: an extraction that finds nothing must not discard unsaved work.
            toast.info("No tasks found in this text", {
              description:
                strategy === "pattern"
                  ? "Pattern extraction looks for checkbox lines, TODO: and DONE: lines. Try AI Analysis for prose."
                  : "Try rephrasing the text or adding more detail.",
            });
            return;
          }
          showResults(tasks);
          toast.success("Tasks extracted", {
            description: `Found ${tasks.length} ${tasks.length === 1 ? "task" : "tasks"}. Review them, then add them to your list.`,
          });
        },
        onError: (error) => {
          if (isUsageLimitError(error, strategy)) toastUsageLimitReached();
          else
            toast.error("Extraction failed", {
              description: errorMessage(error, "Failed to extract tasks from content"),
            });
        },
      },
    );
  }

  function handleAddAll() {
    adding.mutate(results, {
      onSuccess: ({ added, failed }) => {
        // Created tasks leave the panel; the ones that failed stay so the user can retry them.
        keepResults(new Set(failed.map(({ result }) => result.key)));
        if (added > 0) {
          toast.success("Tasks added", {
            description: `${added} ${added === 1 ? "task was" : "tasks were"} added to your list.`,
          });
        }
        const [firstFailure] = failed;
        if (firstFailure) {
          toast.error("Error", { description: errorMessage(firstFailure.error, "Failed to create task") });
        }
      },
    });
  }

  function handleTryExample(example: ExtractionExample) {
    setContent(example.content);
    // The AI example falls back to Pattern when the AI method is used up.
    setStrategy(example.strategy === "llm" && limitReached ? "pattern" : example.strategy);
    textareaRef.current?.focus();
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight">AI Text Extraction</h1>
          <p className="text-sm text-muted-foreground">
            Paste notes, e-mails or checklists and turn them into tasks.
          </p>
        </div>
        {user?.is_premium ? (
          <Badge>
            <Crown aria-hidden className="size-3" />
            Premium
          </Badge>
        ) : (
          <Badge variant="secondary">Free Plan</Badge>
        )}
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card>
            <CardContent className="pt-5">
              <form
                className="space-y-4"
                aria-label="Extract tasks from text"
                noValidate
                onSubmit={handleSubmit}
              >
                <Tabs
                  value={strategy}
                  onValueChange={(value) => {
                    if (isStrategy(value)) setStrategy(value);
                  }}
                >
                  <TabsList aria-label="Extraction method" className="grid h-auto w-full grid-cols-2 sm:w-96">
                    <TabsTrigger value="pattern" className="h-full">
                      <ScanText aria-hidden className="size-4" />
                      Pattern
                    </TabsTrigger>
                    <TabsTrigger
                      value="llm"
                      disabled={limitReached}
                      className="h-full flex-wrap whitespace-normal"
                    >
                      <Sparkles aria-hidden className="size-4" />
                      AI Analysis
                      {limitReached && (
                        <Badge variant="destructive" className="px-1.5 py-0 text-[10px]">
                          Limit Reached
                        </Badge>
                      )}
                    </TabsTrigger>
                  </TabsList>
                  <TabsContent value="pattern" className="text-sm text-muted-foreground">
                    Finds checkbox lines, TODO: and DONE: lines, and hashtags such as #urgent and #high for
                    priority. Does not count toward your AI usage.
                  </TabsContent>
                  <TabsContent value="llm" className="text-sm text-muted-foreground">
                    AI reads the text the way a person would and finds what needs doing, even in prose. Each
                    extraction counts toward your monthly AI usage.
                  </TabsContent>
                </Tabs>

                <div className="space-y-1.5">
                  <Label htmlFor={textareaId}>Text to extract tasks from</Label>
                  <Textarea
                    id={textareaId}
                    ref={textareaRef}
                    rows={8}
                    value={content}
                    onChange={(event) => setContent(event.target.value)}
                    placeholder={
                      "Paste meeting notes, an e-mail or a checklist, e.g.\n- [ ] Send the report #high"
                    }
                    aria-describedby={counterId}
                    aria-invalid={tooLong || undefined}
                    className="resize-y font-mono text-sm"
                  />
                  <p
                    id={counterId}
                    className={cn(
                      "text-right text-xs tabular-nums",
                      tooLong ? "text-destructive" : "text-muted-foreground",
                    )}
                  >
                    {CHARACTER_COUNT.format(content.length)} / {CHARACTER_COUNT.format(EXTRACT_MAX_CHARS)}{" "}
                    characters
                  </p>
                </div>

                <TimezoneOverride
                  enabled={overrideTimeZone}
                  onEnabledChange={setOverrideTimeZone}
                  timeZone={timeZone}
                  onTimeZoneChange={setTimeZone}
                  profileTimeZone={user?.timezone || DEFAULT_TIME_ZONE}
                />

                <Button type="submit" className="w-full sm:w-auto" disabled={extraction.isPending}>
                  {extraction.isPending ? (
                    <Loader2 aria-hidden className="animate-spin" />
                  ) : (
                    <Sparkles aria-hidden />
                  )}
                  {extraction.isPending ? "Extracting Tasks..." : "Extract Tasks"}
                </Button>
              </form>
            </CardContent>
          </Card>

          {results.length > 0 && (
            <ExtractedTaskList
              results={results}
              timeZone={user?.timezone}
              onAddAll={handleAddAll}
              onClear={clearResults}
              isAdding={adding.isPending}
            />
          )}
        </div>

        <aside className="min-w-0 space-y-6" aria-label="AI usage and examples">
          <ExtractionUsageCard usage={usageLimit.data} isError={usageLimit.isError} />
          <ExampleSnippets onTry={handleTryExample} />
        </aside>
      </div>
    </div>
  );
}
