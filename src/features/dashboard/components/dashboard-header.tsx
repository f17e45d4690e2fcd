import { Crown, Sparkles } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { useSessionStore } from "@/stores/session-store";
import { dashboardGreeting } from "../greeting";

/** Upgrading happens outside the application. */
function showUpgradeToast() {
  toast("Premium Upgrade", { description: "Please contact the administrator to upgrade to Premium." });
}

/** The dashboard's top: greeting, plan badge, upgrade prompt and the "AI Extract" shortcut. */
export function DashboardHeader() {
  const user = useSessionStore((state) => state.user);
  // The time of day when the dashboard opened: the greeting does not change under the reader.
  const [openedAt] = useState(() => new Date());
  const isPremium = user?.is_premium ?? false;

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight">{dashboardGreeting(openedAt, user)}</h1>
          <Badge variant={isPremium ? "default" : "secondary"}>
            {isPremium && <Crown className="size-3" aria-hidden />}
            {isPremium ? "Premium" : "Free"}
          </Badge>
        </div>
        <p className="text-muted-foreground">Here is where your tasks stand today.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {!isPremium && (
          <Button variant="outline" onClick={showUpgradeToast}>
            <Crown aria-hidden />
            Upgrade to Premium
          </Button>
        )}
        <Button asChild>
          <Link to="/extract">
            <Sparkles aria-hidden />
            AI Extract
          </Link>
        </Button>
      </div>
    </div>
  );
}
