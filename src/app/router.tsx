import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { PageLoading } from "./routes/page-loading";
import { RouteError } from "./routes/route-error";

/**
 * Route modules are loaded on demand (ARCHITECTURE.md, SPA rules): a visitor of the landing,
 * login or register page never downloads the shell or a signed-in screen.
 */
function page<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const comingSoon = page(
  () => import("./routes/coming-soon"),
  (module) => module.ComingSoonPage,
);

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      {
        index: true,
        lazy: page(
          () => import("./routes/landing"),
          (module) => module.LandingPage,
        ),
      },
      {
        path: "login",
        lazy: page(
          () => import("@/features/auth/components/login-page"),
          (module) => module.LoginPage,
        ),
      },
      {
        path: "register",
        lazy: page(
          () => import("@/features/auth/components/register-page"),
          (module) => module.RegisterPage,
        ),
      },
      {
        // Behind the guard, inside the shell.
        lazy: page(
          () => import("./routes/app-layout"),
          (module) => module.AppLayout,
        ),
        children: [
          {
            // A screen that fails shows its error inside the shell, the navigation still usable.
            errorElement: <RouteError />,
            children: [
              {
                path: "dashboard",
                lazy: page(
                  () => import("./routes/dashboard"),
                  (module) => module.DashboardRoute,
                ),
              },
              {
                path: "tasks",
                lazy: page(
                  () => import("@/features/tasks/components/tasks-page"),
                  (module) => module.TasksPage,
                ),
              },
              {
                path: "extract",
                lazy: page(
                  () => import("@/features/extract/components/extract-page"),
                  (module) => module.ExtractPage,
                ),
              },
              {
                path: "settings",
                lazy: page(
                  () => import("@/features/settings/components/settings-page"),
                  (module) => module.SettingsPage,
                ),
              },
              {
                path: "daily",
                lazy: page(
                  () => import("@/features/daily-plan/components/daily-plan-page"),
                  (module) => module.DailyPlanPage,
                ),
              },
              { path: "analytics", lazy: comingSoon },
              { path: "profile", lazy: comingSoon },
              { path: "premium", lazy: comingSoon },
            ],
          },
        ],
      },
      {
        path: "*",
        lazy: page(
          () => import("./routes/not-found"),
          (module) => module.NotFoundPage,
        ),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
