import { WeeklyReviewLink } from "@/features/analytics/components/weekly-review-link";
import { AiFocusCard } from "@/features/daily-plan/components/ai-focus-card";
import { DashboardHeader } from "@/features/dashboard/components/dashboard-header";
import { EmailParserCard } from "@/features/dashboard/components/email-parser-card";
import { TaskProgressCard } from "@/features/dashboard/components/task-progress-card";
import { TaskStatCards } from "@/features/dashboard/components/task-stat-cards";
import { AiUsageCard } from "@/features/premium/components/ai-usage-card";
import { TimezoneOffer } from "@/features/settings/components/timezone-offer";

/** The dashboard (/dashboard), composed from the features' cards. */
export function DashboardRoute() {
  return (
    <div className="space-y-6">
      <DashboardHeader />
      <TimezoneOffer />
      <WeeklyReviewLink />
      <TaskStatCards />
      <AiFocusCard />
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <TaskProgressCard />
        <AiUsageCard />
        <EmailParserCard />
      </div>
    </div>
  );
}
