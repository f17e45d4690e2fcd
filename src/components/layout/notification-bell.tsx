import { Bell } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/** A bell with an unread dot. The product has no notification feed yet. */
export function NotificationBell() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label="Notifications (unread)">
          <Bell aria-hidden />
          <span
            aria-hidden
            data-testid="unread-dot"
            className="absolute right-2 top-2 size-2 rounded-full bg-destructive ring-2 ring-background"
          />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <p className="px-2 py-3 text-sm text-muted-foreground">Notifications are coming soon.</p>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
