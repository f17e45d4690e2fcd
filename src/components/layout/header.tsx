import type { ReactNode } from "react";
import { HeaderSearch } from "./header-search";
import { MobileMenu } from "./mobile-menu";
import type { ShellAccount } from "./shell-account";
import type { SidebarProjectsSlot } from "./sidebar";
import { ThemeMenu } from "./theme-menu";
import { UserMenu } from "./user-menu";

interface HeaderProps {
  account: ShellAccount;
  onLogout: () => void;
  /** The notification bell, connected to its data by the app. */
  notifications?: ReactNode;
  /** The projects of the phone's navigation drawer. */
  projects?: SidebarProjectsSlot;
}

/** The shell's task search box (it opens the Tasks screen with the search), theme, bell and user menu. */
export function Header({ account, onLogout, notifications, projects }: HeaderProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:gap-4 sm:px-6">
      <MobileMenu account={account} projects={projects} />
      <HeaderSearch />
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <ThemeMenu />
        {notifications}
        <UserMenu account={account} onLogout={onLogout} />
      </div>
    </header>
  );
}
