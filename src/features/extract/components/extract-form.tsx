import { DEFAULT_TIME_ZONE } from "@contract/common";
import { EXTRACT_MAX_CHARS, EXTRACTION_STRATEGIES, type ExtractionStrategy } from "@contract/extract";
import { Loader2, Sparkles } from "lucide-react";
import { useState, type FormEvent, type Ref } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";
import { detectBrowserTimeZone, isValidTimeZone } from "@/lib/time-zones";
import { useSessionStore } from "@/stores/session-store";
import { useExtractionStore } from "@/stores/extraction-store";
import type { ExtractVariables } from "@/api/extract/extraction-api";
import { StrategyTabs } from "./strategy-tabs";
import { TimezoneOverride } from "./timezone-override";
import { CHARACTER_COUNT } from "./use-extract-submit";

interface ExtractFormProps {
  /** The month's AI uses are spent: the AI method cannot be chosen. */
  limitReached: boolean;
  isExtracting: boolean;
  onSubmit(variables: ExtractVariables): void;
  textareaRef: Ref<HTMLTextAreaElement>;
}

function isStrategy(value: string): value is ExtractionStrategy {
  return (EXTRACTION_STRATEGIES as readonly string[]).includes(value);
}

/** The text, the method and the timezone of an extraction; the draft survives leaving the screen. */
export function ExtractForm({ limitReached, isExtracting, onSubmit, textareaRef }: ExtractFormProps) {
  const userTimeZone = useSessionStore((state) => state.user?.timezone);
  const { content, strategy, setContent, setStrategy } = useExtractionStore();
  const [overrideTimeZone, setOverrideTimeZone] = useState(false);
  const [timeZone, setTimeZone] = useState(() =>
    userTimeZone && isValidTimeZone(userTimeZone) ? userTimeZone : detectBrowserTimeZone(),
  );
  const tooLong = content.length > EXTRACT_MAX_CHARS;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit({ content, strategy, timezone: overrideTimeZone ? timeZone : undefined });
  }

  return (
    <form className="space-y-4" aria-label="Extract tasks from text" noValidate onSubmit={handleSubmit}>
      <StrategyTabs
        strategy={strategy}
        onStrategyChange={(value) => isStrategy(value) && setStrategy(value)}
        limitReached={limitReached}
      />
      <Field
        label="Text to extract tasks from"
        description={
          <span className={cn("block text-right tabular-nums", tooLong && "text-destructive")}>
            {CHARACTER_COUNT.format(content.length)} / {CHARACTER_COUNT.format(EXTRACT_MAX_CHARS)} characters
          </span>
        }
      >
        {(control) => (
          <Textarea
            {...control}
            aria-invalid={tooLong || undefined}
            ref={textareaRef}
            rows={8}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            placeholder={"Paste meeting notes, an e-mail or a checklist, e.g.\n- [ ] Send the report #high"}
            className="resize-y font-mono text-sm"
          />
        )}
      </Field>
      <TimezoneOverride
        enabled={overrideTimeZone}
        onEnabledChange={setOverrideTimeZone}
        timeZone={timeZone}
        onTimeZoneChange={setTimeZone}
        profileTimeZone={userTimeZone || DEFAULT_TIME_ZONE}
      />
      <Button type="submit" className="w-full sm:w-auto" disabled={isExtracting}>
        {isExtracting ? <Loader2 aria-hidden className="animate-spin" /> : <Sparkles aria-hidden />}
        {isExtracting ? "Extracting Tasks..." : "Extract Tasks"}
      </Button>
    </form>
  );
}
