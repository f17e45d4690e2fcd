import { Loader2 } from "lucide-react";

interface PageLoadingProps {
  /** What a screen reader hears; the session restore says "Loading..." (spec §2). */
  label?: string;
  showLabel?: boolean;
}

/** A full-height spinner while a screen's code or the session is on its way. */
export function PageLoading({ label = "Loading page", showLabel = false }: PageLoadingProps) {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center gap-2 text-muted-foreground">
      <Loader2 className="size-5 animate-spin" aria-hidden />
      <span className={showLabel ? "text-sm" : "sr-only"}>{label}</span>
    </div>
  );
}
