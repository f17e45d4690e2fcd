import { AlertTriangle } from "lucide-react";
import { useEffect } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";
import { Button } from "@/components/ui/button";

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  // A screen's code could not be downloaded, typically after a new version was deployed.
  if (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script/i.test(error.message)
  ) {
    return "A new version of Tasklane is available. Reload the page to continue.";
  }
  return "An unexpected error occurred. Reload the page or try again later.";
}

/** The error boundary of the root and of each signed-in screen (CONVENTIONS.md §8). */
export function RouteError() {
  const error = useRouteError();

  useEffect(() => {
    console.error("Unhandled error while showing this page", error);
  }, [error]);

  return (
    <div
      role="alert"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <AlertTriangle className="size-10 text-destructive" aria-hidden />
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-sm text-muted-foreground">{describe(error)}</p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button variant="outline" asChild>
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </div>
  );
}
