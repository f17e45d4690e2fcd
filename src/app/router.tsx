import type { QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from "react";
import { matchRoutes, useLocation, useRoutes, type RouteMatch, type RouteObject } from "react-router-dom";
import { startReadingCachedQueries } from "@/lib/cached-queries";
import { PageLoading } from "./routes/page-loading";
import { RouteErrorBoundary } from "./routes/route-error";
import { ScrollRestoration } from "./scroll-restoration";

/**
 * Route modules are loaded on demand: a visitor of the landing,
 * login or register page never downloads the shell or a signed-in screen, and the landing page
 * does not even download the query client (landing ≤ 100 KB gzip).
 *
 * Declarative routes (`useRoutes` + React.lazy) rather than React Router's data router
 * (`createBrowserRouter`): nothing here uses loaders or actions, and the data router alone is
 * ~29 KB gzip of the landing page's 100, twice the declarative one (docs/performance.md,
 * JavaScript per route).
 */

interface Preloadable {
  /** Starts downloading the page's module (once); React.lazy renders from the same download. */
  preload: () => Promise<unknown>;
}

/**
 * A page loaded on demand. While its module is still downloading it renders through React.lazy
 * (the nearest Suspense boundary shows its fallback); a page whose module has already arrived when
 * it first renders (a layout's child page, preloaded with it) renders its component directly:
 * React.lazy suspends once even for a module already loaded, which cost one more fallback, retry
 * and render per level. Each instance keeps the way it started, so a page is never remounted when
 * its module arrives.
 */
function lazyPage<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = pick(module);
      return { default: loaded };
    }));
  const Lazy = lazy(preload);
  function Page(props: Props) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload });
}

const LandingPage = lazyPage(
  () => import("./routes/landing"),
  (module) => module.LandingPage,
);
const ApiLayout = lazyPage(
  () => import("./routes/api-layout"),
  (module) => module.ApiLayout,
);
const LoginPage = lazyPage(
  () => import("@/features/auth/components/login-page"),
  (module) => module.LoginPage,
);
const RegisterPage = lazyPage(
  () => import("@/features/auth/components/register-page"),
  (module) => module.RegisterPage,
);
const ForgotPasswordPage = lazyPage(
  () => import("@/features/auth/components/forgot-password-page"),
  (module) => module.ForgotPasswordPage,
);
const OidcLandingPage = lazyPage(
  () => import("@/features/auth/components/oidc-landing-page"),
  (module) => module.OidcLandingPage,
);
const AppLayout = lazyPage(
  () => import("./routes/app-layout"),
  (module) => module.AppLayout,
);
const DashboardRoute = lazyPage(
  () => import("./routes/dashboard"),
  (module) => module.DashboardRoute,
);
const TasksPage = lazyPage(
  () => import("./routes/tasks-with-quick-add"),
  (module) => module.TasksWithQuickAdd,
);
const ProjectPage = lazyPage(
  () => import("./routes/tasks-with-quick-add"),
  (module) => module.ProjectTasks,
);
const ExtractPage = lazyPage(
  () => import("@/features/extract/components/extract-page"),
  (module) => module.ExtractPage,
);
const SettingsPage = lazyPage(
  () => import("./routes/settings-with-data"),
  (module) => module.SettingsWithData,
);
const DailyPlanPage = lazyPage(
  () => import("./routes/daily-with-schedule"),
  (module) => module.DailyWithSchedule,
);
const CalendarPage = lazyPage(
  () => import("@/features/calendar/components/calendar-page"),
  (module) => module.CalendarPage,
);
const AnalyticsPage = lazyPage(
  () => import("@/features/analytics/components/analytics-page"),
  (module) => module.AnalyticsPage,
);
const ReviewPage = lazyPage(
  () => import("@/features/analytics/components/review-page"),
  (module) => module.ReviewPage,
);
const TrashPage = lazyPage(
  () => import("@/features/trash/components/trash-page"),
  (module) => module.TrashPage,
);
const ComingSoonPage = lazyPage(
  () => import("./routes/coming-soon"),
  (module) => module.ComingSoonPage,
);
const NotFoundPage = lazyPage(
  () => import("./routes/not-found"),
  (module) => module.NotFoundPage,
);

/** A route showing `Page`, whose module is preloaded as soon as the route matches. */
function page(Page: ComponentType & Preloadable, path: string): RouteObject {
  return { path, element: <Page />, handle: Page };
}

export interface AppRoutesProps {
  /** The client of every page that talks to the API; by default one per visit (tests pass theirs). */
  queryClient?: QueryClient;
}

/** The route table: public pages, sign-in pages, and the signed-in screens inside the shell. */
function appRoutes({ queryClient }: AppRoutesProps): RouteObject[] {
  return [
    { index: true, element: <LandingPage />, handle: LandingPage },
    {
      // Every page that talks to the API: the query client and the toasts.
      element: <ApiLayout queryClient={queryClient} />,
      handle: ApiLayout,
      children: [
        page(LoginPage, "login"),
        page(RegisterPage, "register"),
        page(ForgotPasswordPage, "forgot-password"),
        page(OidcLandingPage, "login/oidc"),
        {
          // Behind the guard, inside the shell, each screen inside its own error boundary.
          element: <AppLayout />,
          handle: AppLayout,
          children: [
            page(DashboardRoute, "dashboard"),
            page(TasksPage, "tasks"),
            page(ProjectPage, "projects/:id"),
            page(ExtractPage, "extract"),
            page(SettingsPage, "settings"),
            page(DailyPlanPage, "daily"),
            page(AnalyticsPage, "analytics"),
            page(ReviewPage, "review"),
            page(CalendarPage, "calendar"),
            page(TrashPage, "trash"),
            page(ComingSoonPage, "profile"),
            page(ComingSoonPage, "premium"),
          ],
        },
      ],
    },
    page(NotFoundPage, "*"),
  ];
}

/**
 * Every module a page needs (layouts and screen) downloads at once, as the data router did,
 * rather than one after another as each layout renders.
 */
function preloadPages(matches: readonly RouteMatch[]): Promise<unknown> {
  return Promise.all(
    matches.map((match) =>
      // A failed download is shown by the error boundary when the page renders (same promise).
      (match.route.handle as Preloadable | undefined)?.preload().catch(() => undefined),
    ),
  );
}

/**
 * Starts downloading the modules of the page at `pathname`. src/main.tsx calls it before React's
 * first render, so the requests leave while that render runs rather than after it. A signed-in
 * screen also starts reading the queries cached in IndexedDB meanwhile (lib/cached-queries).
 */
export function preloadRoute(pathname: string): void {
  const matches = matchRoutes(appRoutes({}), { pathname }) ?? [];
  void preloadPages(matches);
  if (matches.some((match) => match.route.handle === AppLayout)) prepareSignedInScreen();
}

/**
 * A signed-in screen's first render waits for its modules (about 45 chunks); meanwhile the main
 * thread idles. One-time set-ups that render would otherwise pay once the modules have arrived
 * are done in that wait instead:
 * - reading and parsing the queries cached in IndexedDB (lib/cached-queries), and putting them in
 *   the query client as soon as its module is there, so that the screen's first render has them;
 * - the engine's date-formatting data, loaded by the page's first Intl.DateTimeFormat (20–40 ms
 *   in Chromium, whatever the locale or zone), which date-fns-tz makes when its module runs;
 * - tailwind-merge's class map, built on its first call (15–35 ms), from the shell's first `cn`.
 */
function prepareSignedInScreen(): void {
  startReadingCachedQueries();
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).format(0);
  // A failed download shows when the screen renders (the same modules).
  import("./routes/api-layout").then(
    ({ keepVisitCache }) => keepVisitCache(),
    () => undefined,
  );
  import("@/lib/cn").then(
    ({ cn }) => cn("p-0"),
    () => undefined,
  );
}

/**
 * The routes inside a router (BrowserRouter in the app, a memory router in tests).
 *
 * The first page shows a spinner of its own until its modules have arrived, and then renders
 * without suspending, rather than through the Suspense fallback: React commits the render that
 * replaces a shown fallback (a Suspense retry) no sooner than 300 ms after that fallback
 * appeared, which held a revisit's first card back by about 100 ms after it was ready. Later
 * navigations are transitions: the screen shown stays until the next one's modules are there.
 */
export function AppRoutes({ queryClient }: AppRoutesProps) {
  const routes = useMemo(() => appRoutes({ queryClient }), [queryClient]);
  const location = useLocation();
  const pages = preloadPages(matchRoutes(routes, location) ?? []);
  const [firstPageArrived, setFirstPageArrived] = useState(false);
  useEffect(() => {
    if (firstPageArrived) return;
    let current = true;
    void pages.then(() => {
      if (current) setFirstPageArrived(true);
    });
    return () => {
      current = false;
    };
  }, [firstPageArrived, pages]);
  const element = useRoutes(routes, location);
  return (
    <>
      <ScrollRestoration />
      <RouteErrorBoundary>
        <Suspense fallback={<PageLoading />}>{firstPageArrived ? element : <PageLoading />}</Suspense>
      </RouteErrorBoundary>
    </>
  );
}
