import { MonitorSmartphone } from "lucide-react";
import { useId, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toaster";
import { subscribeToPush, unsubscribeFromPush } from "@/api/push/push-subscription";
import {
  browserNotificationsChosen,
  chooseBrowserNotifications,
  notificationsSupported,
} from "@/lib/browser-notifications";

type PushState = "unknown" | "subscribing" | "subscribed" | "unavailable";

const PUSH_STATUS: Record<PushState, string> = {
  unknown: "",
  subscribing: "Subscribing this browser to push…",
  subscribed: "Reminders also arrive while Tasklane is closed.",
  unavailable: "Reminders show while a Tasklane tab is open; this browser could not subscribe to push.",
};

/**
 * Reminders as the browser's own notifications, for this browser only (off by default): while a
 * tab is open the app shows them, and, where the browser's push service is reachable, the service
 * worker shows them when no tab is.
 */
export function BrowserNotificationsCard({ userId }: { userId: string }) {
  const switchId = useId();
  const hintId = useId();
  const supported = notificationsSupported();
  const [on, setOn] = useState(
    () => supported && Notification.permission === "granted" && browserNotificationsChosen(userId),
  );
  const [push, setPush] = useState<PushState>("unknown");

  async function turnOn() {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      toast.error("Notifications are blocked", {
        description: "Allow notifications for this site in the browser's settings, then try again.",
      });
      return;
    }
    chooseBrowserNotifications(userId, true);
    setOn(true);
    toast.success("Browser notifications on", { description: "Reminders will show as notifications." });
    setPush("subscribing");
    setPush((await subscribeToPush()) ? "subscribed" : "unavailable");
  }

  async function turnOff() {
    chooseBrowserNotifications(userId, false);
    setOn(false);
    setPush("unknown");
    try {
      await unsubscribeFromPush();
    } catch (error) {
      console.warn("The push subscription could not be removed", error);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MonitorSmartphone aria-hidden className="size-4 text-muted-foreground" />
          Browser notifications
        </CardTitle>
        <CardDescription>
          Show reminders as notifications of this browser, not only in the bell.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <label htmlFor={switchId} className="text-sm font-medium leading-none">
              Notify me in this browser
            </label>
            <p id={hintId} className="text-xs text-muted-foreground">
              {supported
                ? "Off unless you turn it on, on each device."
                : "This browser cannot show notifications."}
            </p>
          </div>
          <Switch
            id={switchId}
            aria-describedby={hintId}
            checked={on}
            disabled={!supported}
            onCheckedChange={(checked) => void (checked ? turnOn() : turnOff())}
          />
        </div>
        {on && push !== "unknown" && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {PUSH_STATUS[push]}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
