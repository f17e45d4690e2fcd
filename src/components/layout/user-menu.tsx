import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { OnDemandMenu, once } from "./on-demand-menu";
import type { ShellAccount } from "./shell-account";
import type { UserMenuProps } from "./user-menu-dropdown";

/** The user menu's button: the account's initials. */
export function UserMenuButton({
  account,
  ...props
}: { account: ShellAccount } & ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="rounded-full"
      aria-label={`Account menu for ${account.displayName}`}
      {...props}
    >
      <span
        aria-hidden
        className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
      >
        {account.initials}
      </span>
    </Button>
  );
}

const loadDropdown = once(() => import("./user-menu-dropdown").then((module) => module.UserMenuDropdown));

/** The user menu (./user-menu-dropdown), its code downloaded when it is first opened. */
export function UserMenu(props: UserMenuProps) {
  return (
    <OnDemandMenu
      load={loadDropdown}
      props={props}
      trigger={(events) => <UserMenuButton account={props.account} {...events} />}
    />
  );
}
