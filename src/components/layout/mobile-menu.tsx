import { Menu } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { OnDemandMenu, once } from "./on-demand-menu";
import type { ShellAccount } from "./shell-account";
import type { SidebarProjectsSlot } from "./sidebar";

/** The header's menu button, below the sidebar's width. */
export function MobileMenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation menu" {...props}>
      <Menu aria-hidden />
    </Button>
  );
}

const loadDrawer = once(() => import("./mobile-drawer").then((module) => module.MobileDrawer));

/** The navigation drawer of phones and tablets (./mobile-drawer), downloaded when first opened. */
export function MobileMenu({ account, projects }: { account: ShellAccount; projects?: SidebarProjectsSlot }) {
  return (
    <OnDemandMenu
      load={loadDrawer}
      props={{ account, projects }}
      trigger={(events) => <MobileMenuButton {...events} />}
    />
  );
}
