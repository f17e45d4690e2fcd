import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { MobileMenuButton } from "./mobile-menu";
import type { OnDemandOpening } from "./on-demand-menu";
import type { ShellAccount } from "./shell-account";
import { SidebarContent, type SidebarProjectsSlot } from "./sidebar";

/** The width from which the sidebar column shows (Tailwind's lg). */
const DESKTOP_QUERY = "(min-width: 1024px)";

/**
 * On phones and tablets the sidebar becomes a drawer (responsive down to 375 px),
 * opened by the header's menu button. A Radix dialog gives it focus trapping, Escape and
 * focus return to the button. Loaded when first opened (MobileMenu), so it starts open.
 */
export function MobileDrawer({
  account,
  projects,
}: { account: ShellAccount; projects?: SidebarProjectsSlot } & OnDemandOpening) {
  const [open, setOpen] = useState(true);

  // A drawer left open while the window grows to desktop width would keep the page inert.
  useEffect(() => {
    if (!open || typeof window.matchMedia !== "function") return;
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const closeOnDesktop = (event: MediaQueryListEvent) => {
      if (event.matches) setOpen(false);
    };
    desktop.addEventListener("change", closeOnDesktop);
    return () => desktop.removeEventListener("change", closeOnDesktop);
  }, [open]);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <MobileMenuButton />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 lg:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto border-r bg-background shadow-xl focus:outline-none lg:hidden"
        >
          <DialogPrimitive.Title className="sr-only">Navigation menu</DialogPrimitive.Title>
          <SidebarContent account={account} onNavigate={() => setOpen(false)} projects={projects} />
          <DialogPrimitive.Close asChild>
            <Button
              variant="ghost"
              size="icon"
              className="absolute right-2 top-4"
              aria-label="Close navigation menu"
            >
              <X aria-hidden />
            </Button>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
