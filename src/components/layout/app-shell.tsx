import type { ReactNode } from "react";
import { Header } from "./header";
import { OfflineBanner } from "./offline-banner";
import type { ShellAccount } from "./shell-account";
import { SidebarContent, type SidebarProjectsSlot } from "./sidebar";

interface AppShellProps {
  account: ShellAccount;
  onLogout: () => void;
  /** The notification bell (see NotificationBell), connected to its data by the app. */
  notifications?: ReactNode;
  /** The sidebar's projects, connected to their data by the app. */
  projects?: SidebarProjectsSlot;
  children: ReactNode;
}

/**
 * The layout every signed-in screen shares: a sidebar column from 1024 px,
 * a drawer below; header; main content. Landmarks: nav, header, main; a skip link first.
 */
export function AppShell({ account, onLogout, notifications, projects, children }: AppShellProps) {
  return (
    <div className="min-h-dvh bg-muted/40">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-64 border-r bg-background lg:block">
        <SidebarContent account={account} projects={projects} />
      </aside>
      <div className="flex min-h-dvh flex-col lg:pl-64">
        <Header account={account} onLogout={onLogout} notifications={notifications} projects={projects} />
        <main id="main-content" tabIndex={-1} className="flex-1 p-4 focus:outline-none sm:p-6 lg:p-8">
          <OfflineBanner />
          {children}
        </main>
      </div>
    </div>
  );
}
