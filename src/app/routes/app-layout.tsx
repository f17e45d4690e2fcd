import type { User } from "@contract/auth";
import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { AppShell } from "@/components/layout/app-shell";
import type { ShellAccount } from "@/components/layout/shell-account";
import { useLogout } from "@/api/auth/logout";
import { SidebarProjects } from "@/features/projects/components/sidebar-projects";
import { userDisplayName, userInitials } from "@/features/auth/user-display";
import { InstallButton } from "../install-button";
import { KeyboardShortcuts } from "../keyboard-shortcuts";
import { LiveUpdates } from "../live-updates";
import { NotificationCenter } from "../notification-center";
import { RequireAuth } from "../require-auth";
import { PageLoading } from "./page-loading";
import { RouteErrorBoundary } from "./route-error";

const sidebarProjects = (onNavigate?: () => void) => <SidebarProjects onNavigate={onNavigate} />;

function shellAccount(user: User): ShellAccount {
  return {
    displayName: userDisplayName(user),
    email: user.email,
    initials: userInitials(user),
    isPremium: user.is_premium,
    aiUsage: { count: user.llm_usage_count, limit: user.llm_usage_limit },
  };
}

/** Every signed-in screen: behind the guard, inside the shell. Loaded on demand. */
export function AppLayout() {
  const logout = useLogout();
  return (
    <RequireAuth>
      {(user) => (
        <AppShell
          account={shellAccount(user)}
          onLogout={logout}
          projects={sidebarProjects}
          notifications={
            <>
              <InstallButton />
              <NotificationCenter />
            </>
          }
        >
          {/* A screen that fails shows its error inside the shell, the navigation still usable. */}
          <RouteErrorBoundary>
            <Suspense fallback={<PageLoading fullScreen={false} />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
          <KeyboardShortcuts />
          <LiveUpdates userId={user.id} />
        </AppShell>
      )}
    </RequireAuth>
  );
}
