import { hasReachedLimit } from "@contract/premium";
import { Crown } from "lucide-react";
import { useRef } from "react";
import { usePremiumLimit } from "@/api/premium/premium-queries";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { useExtractionStore } from "@/stores/extraction-store";
import { useSessionStore } from "@/stores/session-store";
import type { ExtractionExample } from "../examples";
import { ExampleSnippets } from "./example-snippets";
import { ExtractForm } from "./extract-form";
import { ExtractedTaskList } from "./extracted-task-list";
import { ExtractionUsageCard } from "./extraction-usage-card";
import { useExtractSubmit } from "./use-extract-submit";

/** The Extract screen (/extract): the form, the results panel, the usage and the examples. */
export function ExtractPage() {
  const user = useSessionStore((state) => state.user);
  const usageLimit = usePremiumLimit();
  // The AI method is blocked when current_usage is at or above usage_limit.
  const limitReached = usageLimit.data ? hasReachedLimit(usageLimit.data) : false;
  const { submit, isExtracting } = useExtractSubmit({ limitReached });
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  function handleTryExample(example: ExtractionExample) {
    const { setContent, setStrategy } = useExtractionStore.getState();
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
              <ExtractForm
                limitReached={limitReached}
                isExtracting={isExtracting}
                onSubmit={submit}
                textareaRef={textareaRef}
              />
            </CardContent>
          </Card>
          <ExtractedTaskList timeZone={user?.timezone} />
        </div>

        <aside className="min-w-0 space-y-6" aria-label="AI usage and examples">
          <ExtractionUsageCard usage={usageLimit.data} isError={usageLimit.isError} />
          <ExampleSnippets onTry={handleTryExample} />
        </aside>
      </div>
    </div>
  );
}
