import { Wand2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { EXTRACTION_EXAMPLES, type ExtractionExample } from "../examples";

/** Example snippets, each with a "Try This Example" button that fills the text area. */
export function ExampleSnippets({ onTry }: { onTry(example: ExtractionExample): void }) {
  return (
    <Card role="region" aria-labelledby="extraction-examples-heading">
      <CardHeader className="pb-3">
        <h2 id="extraction-examples-heading" className="font-semibold leading-none">
          Examples
        </h2>
        <CardDescription>Not sure what to paste? Start from one of these.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {EXTRACTION_EXAMPLES.map((example) => (
            <li key={example.id} className="space-y-2 rounded-md border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id={`example-${example.id}`} className="text-sm font-medium">
                  {example.title}
                </h3>
                <Badge variant="outline">{example.strategy === "llm" ? "AI Analysis" : "Pattern"}</Badge>
              </div>
              <p className="text-xs text-muted-foreground">{example.summary}</p>
              {/* Focusable: a scrolling box must be scrollable from the keyboard too (WCAG 2.1.1). */}
              <pre
                tabIndex={0}
                className="max-h-28 overflow-auto whitespace-pre-wrap break-words rounded bg-muted p-2 text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {example.content}
              </pre>
              <Button
                variant="secondary"
                size="sm"
                className="w-full sm:w-auto"
                aria-describedby={`example-${example.id}`}
                onClick={() => onTry(example)}
              >
                <Wand2 aria-hidden />
                Try This Example
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
