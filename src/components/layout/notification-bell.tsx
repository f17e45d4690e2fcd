import { Bell } from "lucide-react";
import type { ComponentProps } from "react";
import type { NotificationJson } from "@contract/notifications";
import type { Invitation } from "@contract/sharing";
import { Button } from "@/components/ui/button";
import type { SnoozeChoice } from "@/lib/reminders";
import { OnDemandMenu, once } from "./on-demand-menu";

export interface NotificationBellProps {
  /** The newest notifications, newest first; undefined until they have loaded. */
  items: readonly NotificationJson[] | undefined;
  unread: number;
  /** The menu opened or closed (opening it is a good moment to look for news). */
  onOpenChange?(open: boolean): void;
  /** A notification was followed: it is read now. */
  onRead(id: string): void;
  onMarkAllRead(): void;
  /** A reminder is put off: its task's reminder moves to the chosen time. */
  onSnooze?(notification: NotificationJson, choice: SnoozeChoice): void;
  /** Invitations to shared projects waiting for an answer, listed first. */
  invitations?: readonly Invitation[];
  onAnswerInvitation?(invitation: Invitation, accept: boolean): void;
}

/** The bell: a dot while anything is unread. */
export function NotificationBellButton({
  unread,
  ...props
}: { unread: number } & ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={unread > 0 ? `Notifications (${unread} unread)` : "Notifications"}
      {...props}
    >
      <Bell aria-hidden />
      {unread > 0 && (
        <span
          aria-hidden
          data-testid="unread-dot"
          className="absolute right-2 top-2 size-2 rounded-full bg-destructive ring-2 ring-background"
        />
      )}
    </Button>
  );
}

const loadMenu = once(() => import("./notification-menu").then((module) => module.NotificationMenu));

/**
 * The header's bell and its menu of notifications (./notification-menu), the menu's code
 * downloaded when it is first opened.
 */
export function NotificationBell(props: NotificationBellProps) {
  return (
    <OnDemandMenu
      load={loadMenu}
      props={props}
      trigger={(events) => <NotificationBellButton unread={props.unread} {...events} />}
      onFirstOpen={() => props.onOpenChange?.(true)}
    />
  );
}
