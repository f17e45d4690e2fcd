import { Crown, LogOut, Settings, UserRound } from "lucide-react";
import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useFocusFirstItemOnce, type OnDemandOpening } from "./on-demand-menu";
import type { ShellAccount } from "./shell-account";
import { UserMenuButton } from "./user-menu";

export interface UserMenuProps {
  account: ShellAccount;
  onLogout: () => void;
}

/**
 * The user menu: name or username and e-mail, the links, the Premium badge and Log out. Loaded
 * when first opened (UserMenu), so it starts open.
 */
export function UserMenuDropdown({ account, onLogout, openedWithKeyboard }: UserMenuProps & OnDemandOpening) {
  const focusFirstItem = useFocusFirstItemOnce(openedWithKeyboard);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <UserMenuButton account={account} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64" onFocus={focusFirstItem}>
        <DropdownMenuLabel className="font-normal">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{account.displayName}</p>
              <p className="truncate text-xs text-muted-foreground">{account.email}</p>
            </div>
            {account.isPremium && (
              <Badge variant="warning">
                <Crown className="size-3" aria-hidden />
                Premium
              </Badge>
            )}
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserRound aria-hidden />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden />
            Settings
          </Link>
        </DropdownMenuItem>
        {!account.isPremium && (
          <DropdownMenuItem asChild>
            <Link to="/premium">
              <Crown aria-hidden />
              Upgrade to Premium
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut aria-hidden />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
