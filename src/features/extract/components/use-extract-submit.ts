import { EXTRACT_MAX_CHARS } from "@contract/extract";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { useExtractionStore } from "@/stores/extraction-store";
import { isUsageLimitError, useExtractTasks, type ExtractVariables } from "@/api/extract/extraction-api";

export const CHARACTER_COUNT = new Intl.NumberFormat("en-US");

/** The AI method is used up for the month: the exact warning of the Extract screen. */
function toastUsageLimitReached(): void {
  toast.warning("Usage limit reached", {
    description:
      "You have reached your monthly AI usage limit. Please upgrade to continue using AI extraction.",
  });
}

/** Why the text cannot be sent as it is, toasted; true when it can. */
function checkBeforeSending({ content, strategy }: ExtractVariables, limitReached: boolean): boolean {
  if (!content.trim()) {
    toast.warning("No content", { description: "Please enter some text to extract tasks from." });
    return false;
  }
  if (content.length > EXTRACT_MAX_CHARS) {
    toast.error("Extraction failed", {
      description: `The text is longer than ${CHARACTER_COUNT.format(EXTRACT_MAX_CHARS)} characters. Please shorten it.`,
    });
    return false;
  }
  if (strategy === "llm" && limitReached) {
    toastUsageLimitReached();
    return false;
  }
  return true;
}

/**
 * "Extract Tasks": checks the text, sends it, and tells the outcome. Each extraction replaces the
 * results panel, also one that finds nothing, so no earlier result reads as this one's.
 */
export function useExtractSubmit({ limitReached }: { limitReached: boolean }) {
  const extraction = useExtractTasks();
  const showResults = useExtractionStore((state) => state.showResults);

  function submit(variables: ExtractVariables) {
    if (!checkBeforeSending(variables, limitReached)) return;
    extraction.mutate(variables, {
      onSuccess: (tasks) => {
        showResults(tasks);
        if (tasks.length === 0) {
          toast.info("No tasks found in this text", {
            description:
              variables.strategy === "pattern"
                ? "Pattern extraction looks for checkbox lines, TODO: and DONE: lines. Try AI Analysis for prose."
                : "Try rephrasing the text or adding more detail.",
          });
          return;
        }
        toast.success("Tasks extracted", {
          description: `Found ${tasks.length} ${tasks.length === 1 ? "task" : "tasks"}. Review them, then add them to your list.`,
        });
      },
      onError: (error) => {
        if (isUsageLimitError(error, variables.strategy)) toastUsageLimitReached();
        else
          toast.error("Extraction failed", {
            description: errorMessage(error, "Failed to extract tasks from content"),
          });
      },
    });
  }

  return { submit, isExtracting: extraction.isPending };
}
