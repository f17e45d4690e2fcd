import { TASK_LIMITS } from "@contract/tasks";
import { X } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { Badge } from "@/components/ui/badge";
import type { FieldControlProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { addTag } from "../task-form";

interface TagInputProps extends FieldControlProps {
  value: string[];
  onChange(tags: string[]): void;
}

/** Type a tag and press Enter to add it; click a tag to remove it; duplicates are ignored. */
export function TagInput({ value, onChange, ...control }: TagInputProps) {
  const [draft, setDraft] = useState("");

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter while an input method is composing a character belongs to the IME, not to us.
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    // Enter must add the tag, not submit the dialog's form.
    event.preventDefault();
    if (draft.trim()) onChange(addTag(value, draft));
    setDraft("");
  }

  return (
    <div className="grid gap-2">
      <Input
        {...control}
        value={draft}
        maxLength={TASK_LIMITS.tagMax}
        placeholder="Type a tag and press Enter"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Added tags">
          {value.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((existing) => existing !== tag))}
              >
                <Badge variant="secondary" className="cursor-pointer">
                  {tag}
                  <X className="size-3" aria-hidden />
                </Badge>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
