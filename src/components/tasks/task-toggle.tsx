import { Check } from "lucide-react";
import { cn } from "@/lib/cn";

interface TaskToggleProps {
  title: string;
  completed: boolean;
  onToggle(): void;
  disabled?: boolean;
  className?: string;
}

/**
 * The round tick in front of a task, a checkbox to assistive technology: checked when the task
 * is completed. What a click does (completed ↔ pending) is the caller's `onToggle`.
 */
export function TaskToggle({ title, completed, onToggle, disabled = false, className }: TaskToggleProps) {
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={completed}
      aria-label={`Mark "${title}" as completed`}
      onClick={onToggle}
      disabled={disabled}
      className={cn(
        "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50",
        completed
          ? "border-primary bg-primary text-primary-foreground"
          : "border-muted-foreground/50 hover:border-primary",
        className,
      )}
    >
      {completed && <Check className="size-3" strokeWidth={3} aria-hidden />}
    </button>
  );
}
