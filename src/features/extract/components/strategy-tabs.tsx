import type { ExtractionStrategy } from "@contract/extract";
import { ScanText, Sparkles } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

interface StrategyTabsProps {
  strategy: ExtractionStrategy;
  onStrategyChange(value: string): void;
  /** The AI method is blocked once the month's uses reach the limit. */
  limitReached: boolean;
}

/** The extraction method: Pattern (free) or AI Analysis (counts toward the monthly usage). */
export function StrategyTabs({ strategy, onStrategyChange, limitReached }: StrategyTabsProps) {
  return (
    <Tabs value={strategy} onValueChange={onStrategyChange}>
      <TabsList aria-label="Extraction method" className="grid h-auto w-full grid-cols-2 sm:w-96">
        <TabsTrigger value="pattern" className="h-full">
          <ScanText aria-hidden className="size-4" />
          Pattern
        </TabsTrigger>
        <TabsTrigger value="llm" disabled={limitReached} className="h-full flex-wrap whitespace-normal">
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
        Finds checkbox lines, TODO: and DONE: lines, and hashtags such as #urgent and #high for priority. Does
        not count toward your AI usage.
      </TabsContent>
      <TabsContent value="llm" className="text-sm text-muted-foreground">
        AI reads the text the way a person would and finds what needs doing, even in prose. Each extraction
        counts toward your monthly AI usage.
      </TabsContent>
    </Tabs>
  );
}
