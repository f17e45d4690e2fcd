import { UPGRADE_MESSAGE } from "@contract/premium";
import { Crown, Sparkles } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { UsageMeter } from "@/components/ui/usage-meter";
import type { ShellAccount } from "./shell-account";

/**
 * The shell's plan card: free users see the upgrade card (upgrading is not possible in the app,
 * so the button only says whom to ask); premium users see their AI usage, the bar capped at 100 %.
 */
export function PlanCard({ account }: { account: ShellAccount }) {
  if (account.isPremium) {
    const { count, limit } = account.aiUsage;
    return (
      <section aria-labelledby="sidebar-ai-usage" className="rounded-lg border bg-background p-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="sidebar-ai-usage" className="flex items-center gap-1.5 text-sm font-medium">
            <Sparkles className="size-4 text-primary" aria-hidden />
            AI Usage
          </h2>
          <Badge variant="secondary">
            {count}/{limit}
          </Badge>
        </div>
        <UsageMeter used={count} limit={limit} barOnly className="mt-2" />
      </section>
    );
  }
  return (
    <section
      aria-labelledby="sidebar-upgrade"
      className="rounded-lg border border-primary/20 bg-gradient-to-br from-primary/10 to-primary/5 p-4"
    >
      <h2 id="sidebar-upgrade" className="flex items-center gap-1.5 text-sm font-semibold">
        <Crown className="size-4 text-primary" aria-hidden />
        Upgrade to Premium
      </h2>
      <p className="mt-1 text-xs text-muted-foreground">Unlock unlimited AI features</p>
      <Button size="sm" className="mt-3 w-full" onClick={() => toast.info(UPGRADE_MESSAGE)}>
        Upgrade Now
      </Button>
    </section>
  );
}
