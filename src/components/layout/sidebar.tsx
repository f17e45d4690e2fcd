import type { ReactNode } from "react";
import { NavLink, useMatch } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { BrandLink } from "./brand-link";
import { NAV_ITEMS } from "./nav-items";
import { PlanCard } from "./plan-card";
import type { ShellAccount } from "./shell-account";

interface SidebarContentProps {
  account: ShellAccount;
  /** Called when an entry is followed (the phone menu closes itself). */
  onNavigate?: () => void;
  /** The user's projects under the entries, connected to their data by the app. */
  projects?: SidebarProjectsSlot;
}

/** Renders the projects' list; it calls `onNavigate` when one of its links is followed. */
export type SidebarProjectsSlot = (onNavigate?: () => void) => ReactNode;

/** The sidebar's content, shared by the desktop column and the phone drawer. */
export function SidebarContent({ account, onNavigate, projects }: SidebarContentProps) {
  // The dashboard offers the upgrade in its own header: a screen asks once.
  const upsellElsewhere = useMatch("/dashboard") !== null && !account.isPremium;
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <div className="flex h-8 items-center px-2">
        <BrandLink to="/dashboard" onClick={onNavigate} />
      </div>
      <div className="-mx-1 flex-1 space-y-6 overflow-y-auto px-1">
        <nav aria-label="Main">
          <ul className="grid gap-1">
            {NAV_ITEMS.map(({ to, label, icon: Icon, badge }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                      isActive && "bg-accent text-accent-foreground",
                    )
                  }
                >
                  <Icon className="size-4 shrink-0" aria-hidden />
                  <span className="flex-1">{label}</span>
                  {badge && (
                    <Badge variant="info" className="px-1.5 py-0 text-[10px]">
                      {badge}
                    </Badge>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {projects?.(onNavigate)}
      </div>
      {!upsellElsewhere && <PlanCard account={account} />}
    </div>
  );
}
