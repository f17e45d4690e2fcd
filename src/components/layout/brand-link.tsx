import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router-dom";
import { cn } from "@/lib/cn";

interface BrandLinkProps {
  to: string;
  className?: string;
  onClick?: () => void;
}

/** The product name with its mark, linking home (landing top bar, sign-in pages, sidebar). */
export function BrandLink({ to, className, onClick }: BrandLinkProps) {
  return (
    <Link
      to={to}
      onClick={onClick}
      className={cn(
        "flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <CheckCircle2 className="size-5" aria-hidden />
      </span>
      Tasklane
    </Link>
  );
}
