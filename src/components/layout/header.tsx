import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";
import { MobileMenu } from "./mobile-menu";
import { NotificationBell } from "./notification-bell";
import type { ShellAccount } from "./shell-account";
import { UserMenu } from "./user-menu";

interface HeaderProps {
  account: ShellAccount;
  onLogout: () => void;
}

/** spec §2, Shell: search box (not connected to anything), bell and user menu. */
export function Header({ account, onLogout }: HeaderProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:gap-4 sm:px-6">
      <MobileMenu account={account} />
      <div role="search" className="relative hidden w-full max-w-md sm:block">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input type="search" placeholder="Search tasks..." aria-label="Search tasks" className="pl-9" />
      </div>
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <NotificationBell />
        <UserMenu account={account} onLogout={onLogout} />
      </div>
    </header>
  );
}
