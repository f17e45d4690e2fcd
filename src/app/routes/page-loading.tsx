import { Loader2 } from "lucide-react";

/** What a screen reader hears while a screen's code is on its way. */
export const PAGE_LOADING_LABEL = "Loading page";

interface PageLoadingProps {
  /** What a screen reader hears; the session restore says "Loading...". */
  label?: string;
  showLabel?: boolean;
  /** false inside the shell: the spinner fills the content area, not the whole window. */
  fullScreen?: boolean;
}

/** A spinner while a screen's code or the session is on its way. */
export function PageLoading({
  label = PAGE_LOADING_LABEL,
  showLabel = false,
  fullScreen = true,
}: PageLoadingProps) {
  return (
    <div
      role="status"
      className={`flex items-center justify-center gap-2 text-muted-foreground ${fullScreen ? "min-h-dvh" : "min-h-[50vh]"}`}
    >
      <Loader2 className="size-5 animate-spin" aria-hidden />
      <span className={showLabel ? "text-sm" : "sr-only"}>{label}</span>
    </div>
  );
}
