import { AlertTriangle } from "lucide-react";
import { Component, useEffect, type ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { lightButtonClass } from "./light-ui";

function describe(error: unknown): string {
  // A screen's code could not be downloaded, typically after a new version was deployed.
  if (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script/i.test(error.message)
  ) {
    return "A new version of Tasklane is available. Reload the page to continue.";
  }
  return "An unexpected error occurred. Reload the page or try again later.";
}

/** What a page that failed shows instead. */
export function RouteError({ error }: { error: unknown }) {
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
        {/* Ships with every page: light-ui rather than <Button> (see there). */}
        <button type="button" className={lightButtonClass()} onClick={() => window.location.reload()}>
          Reload page
        </button>
        <Link to="/" className={lightButtonClass("outline")}>
          Return to Home
        </Link>
      </div>
    </div>
  );
}

interface BoundaryProps {
  /** The page the error belongs to: going to another page clears it. */
  page: string;
  children: ReactNode;
}

interface BoundaryState {
  failure: { error: unknown } | null;
  page: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failure: null, page: this.props.page };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.page === state.page ? null : { failure: null, page: props.page };
  }

  render() {
    return this.state.failure ? <RouteError error={this.state.failure.error} /> : this.props.children;
  }
}

/**
 * The error boundary of the root and of the signed-in screens: a render
 * error, or a screen whose code cannot be downloaded, shows RouteError until the user moves on.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary page={pathname}>{children}</ErrorBoundary>;
}
