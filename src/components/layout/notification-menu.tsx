import type { NotificationJson } from "@contract/notifications";
import { formatDistanceToNowStrict } from "date-fns";
import {
  CalendarCheck,
  CheckCheck,
  Mail,
  AlarmClock,
  AlarmClockPlus,
  Webhook,
  Users,
  UserCheck,
  AtSign,
} from "lucide-react";
import { Fragment, useRef } from "react";
import { Link } from "react-router-dom";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/cn";
import { SNOOZE_CHOICES } from "@/lib/reminders";
import { taskPath, TASKS_PATH } from "@/lib/task-search-param";
import { InvitationItems } from "./invitation-items";
import { NotificationBellButton, type NotificationBellProps } from "./notification-bell";
import { useFocusFirstItemOnce, type OnDemandOpening } from "./on-demand-menu";

/** Where a notification leads: its task's Edit dialog, the e-mailed tasks, the daily plan, or Settings. */
export function notificationHref(notification: NotificationJson): string {
  if (notification.task_id) return taskPath(notification.task_id);
  if (notification.kind === "plan_ready") return "/daily";
  if (notification.kind === "email_tasks") return `${TASKS_PATH}?tag=email`;
  if (notification.kind === "webhook_disabled") return "/settings";
  return TASKS_PATH;
}

const ICONS = {
  reminder: AlarmClock,
  email_tasks: Mail,
  plan_ready: CalendarCheck,
  webhook_disabled: Webhook,
  invitation: Users,
  assigned: UserCheck,
  mentioned: AtSign,
} as const;

/**
 * The bell's menu of the newest notifications, each a link (reading it marks it read), with
 * "Mark all as read"; a reminder offers to snooze it (10 minutes, an hour, tomorrow morning). Loaded when first opened (NotificationBell), so it starts open.
 */
export function NotificationMenu({
  items,
  unread,
  onOpenChange,
  onRead,
  onMarkAllRead,
  onSnooze,
  invitations,
  onAnswerInvitation,
  openedWithKeyboard,
}: NotificationBellProps & OnDemandOpening) {
  // Following an entry leads elsewhere (often into the task's Edit dialog): focus must not jump
  // back to the bell as the menu closes, which would also close that dialog again.
  const followed = useRef(false);
  const focusFirstItem = useFocusFirstItemOnce(openedWithKeyboard);
  return (
    <DropdownMenu defaultOpen onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <NotificationBellButton unread={unread} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        collisionPadding={8}
        onFocus={focusFirstItem}
        className="w-80 max-w-[calc(100vw-1rem)] p-0"
        onCloseAutoFocus={(event) => {
          if (followed.current) event.preventDefault();
          followed.current = false;
        }}
      >
        <div className="flex items-center justify-between gap-2 p-1">
          <DropdownMenuLabel>Notifications</DropdownMenuLabel>
          <DropdownMenuItem disabled={unread === 0} onSelect={onMarkAllRead} className="text-xs">
            <CheckCheck aria-hidden />
            Mark all as read
          </DropdownMenuItem>
        </div>
        <DropdownMenuSeparator className="mx-0 my-0" />
        {invitations && onAnswerInvitation && (
          <InvitationItems invitations={invitations} onAnswer={onAnswerInvitation} />
        )}
        <div className="max-h-[min(28rem,70dvh)] overflow-y-auto p-1">
          {items === undefined ? (
            <p className="px-2 py-3 text-sm text-muted-foreground">Loading notifications…</p>
          ) : items.length === 0 ? (
            <p className="px-2 py-3 text-sm text-muted-foreground">No notifications yet.</p>
          ) : (
            items.map((item) => {
              const Icon = ICONS[item.kind];
              const isUnread = item.read_at === null;
              return (
                <Fragment key={item.id}>
                  <DropdownMenuItem
                    asChild
                    onSelect={() => {
                      followed.current = true;
                      if (isUnread) onRead(item.id);
                    }}
                  >
                    <Link to={notificationHref(item)} className="items-start">
                      <Icon aria-hidden className="mt-0.5 shrink-0 text-muted-foreground" />
                      <span className="grid min-w-0 flex-1 gap-0.5">
                        <span className={cn("break-words", isUnread && "font-medium")}>{item.text}</span>
                        <span className="text-xs text-muted-foreground">
                          <time dateTime={item.created_at}>
                            {formatDistanceToNowStrict(new Date(item.created_at), { addSuffix: true })}
                          </time>
                          {isUnread && <span className="sr-only">, unread</span>}
                        </span>
                      </span>
                      {isUnread && (
                        <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
                      )}
                    </Link>
                  </DropdownMenuItem>
                  {onSnooze && item.kind === "reminder" && item.task_id && (
                    <div role="group" aria-label={`Snooze "${item.text}"`} className="flex gap-1 pb-1 pl-8">
                      {SNOOZE_CHOICES.map((choice) => (
                        <DropdownMenuItem
                          key={choice.id}
                          className="h-7 rounded-full border px-2 text-xs"
                          aria-label={`Snooze ${choice.label}`}
                          onSelect={() => onSnooze(item, choice.id)}
                        >
                          {choice.id === "10m" && <AlarmClockPlus aria-hidden />}
                          {choice.label}
                        </DropdownMenuItem>
                      ))}
                    </div>
                  )}
                </Fragment>
              );
            })
          )}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
