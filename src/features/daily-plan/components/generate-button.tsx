import { Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { messages } from "../lib/daily-plan-view";

interface GenerateButtonProps {
  hasReport: boolean;
  disabled: boolean;
  onGenerate: () => void;
}

/** "Generate AI Tasks", or "Regenerate AI Tasks" when a report exists. */
export function GenerateButton({ hasReport, disabled, onGenerate }: GenerateButtonProps) {
  return (
    <Button size="sm" onClick={onGenerate} disabled={disabled}>
      <Sparkles aria-hidden />
      {hasReport ? messages.regenerate : messages.generate}
    </Button>
  );
}
