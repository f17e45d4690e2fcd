import { DashboardHeader } from "@/features/dashboard/components/dashboard-header";
import { EmailParserCard } from "@/features/dashboard/components/email-parser-card";
import { TaskProgressCard } from "@/features/dashboard/components/task-progress-card";
import { TaskStatCards } from "@/features/dashboard/components/task-stat-cards";

/**
 * The dashboard (/dashboard, spec §2), composed from the features' cards. The places marked
 * "slot" are for cards other features provide.
 */
export function DashboardRoute() {
  return (
    <div className="space-y-6">
      <DashboardHeader />
      <TaskStatCards />
      {/* slot: the "Today's AI Focus" card (src/features/daily-plan), full width */}
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <TaskProgressCard />
        {/* slot: the AI Usage card (current/limit with a percentage bar, spec §2) */}
        <EmailParserCard />
      </div>
    </div>
  );
}
