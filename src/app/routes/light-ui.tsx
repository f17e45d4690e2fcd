import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router-dom";

/**
 * What <Button> and <BrandLink> render, for the code every visitor downloads first: the landing
 * page and the root error page. Those components merge class names with tailwind-merge, 8.5 KB
 * gzip that would put the landing page over its 100 KB budget (docs/performance.md, JavaScript
 * per route).
 * Same class names, written out; light-ui.test.tsx holds them equal to the components'.
 */

const BUTTON_BASE =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0";

const BUTTON_VARIANTS = {
  default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
  outline: "border border-input bg-background shadow-sm hover:bg-accent hover:text-accent-foreground",
  ghost: "hover:bg-accent hover:text-accent-foreground",
};

const BUTTON_SIZE = "h-9 px-4 py-2";

/** The class names of `<Button variant={variant}>` at its default size. */
export function lightButtonClass(variant: keyof typeof BUTTON_VARIANTS = "default"): string {
  return `${BUTTON_BASE} ${BUTTON_VARIANTS[variant]} ${BUTTON_SIZE}`;
}

/** `<BrandLink to="/" />`: the product name with its mark, linking home. */
export function LightBrandLink() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <CheckCircle2 className="size-5" aria-hidden />
      </span>
      Tasklane
    </Link>
  );
}
