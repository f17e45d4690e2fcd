import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { useFreshCurrentUser } from "@/api/current-user/current-user";
import { BrowserNotificationsCard } from "./browser-notifications-card";
import { DateFormatCard } from "./date-format-card";
import { PasswordCard } from "./password-card";
import { PlanningCard } from "./planning-card";
import { ProfileCard } from "./profile-card";
import { ProgressSettingsCard } from "./progress-settings-card";
import { RemindersCard } from "./reminders-card";
import { TimezoneCard } from "./timezone-card";
import { TwoFactorCard } from "./two-factor-card";

/** /settings: profile, password, timezone, date format, reminders and planning cards. */
export function SettingsPage({ extraCards }: { extraCards?: ReactNode } = {}) {
  const current = useFreshCurrentUser();

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="text-sm text-muted-foreground">
          Manage your profile, password, timezone, date format, reminders and goal.
        </p>
      </header>
      {current ? (
        <>
          {/*
            Keyed by account and by what the server last answered: a card starts again when a read
            brings a value changed elsewhere (another device), but a save made here does not
            remount it before its toast shows.
          */}
          <ProfileCard
            key={`profile-${current.user.id}-${current.lastRead.first_name}-${current.lastRead.last_name}`}
            user={current.user}
          />
          <PasswordCard key={`password-${current.user.id}`} />
          <TwoFactorCard key={`two-factor-${current.user.id}`} />
          <TimezoneCard
            key={`timezone-${current.user.id}-${current.lastRead.timezone}`}
            savedTimeZone={current.user.timezone}
          />
          <DateFormatCard
            key={`date-format-${current.user.id}-${current.lastRead.date_order}-${current.lastRead.clock}-${current.lastRead.week_start}`}
            user={current.user}
          />
          <RemindersCard
            key={`reminders-${current.user.id}-${current.lastRead.default_reminder_minutes}-${current.lastRead.email_reminders}`}
            user={current.user}
          />
          <ProgressSettingsCard
            key={`progress-${current.user.id}-${current.lastRead.daily_goal}-${current.lastRead.weekly_review_email}`}
            user={current.user}
          />
          <PlanningCard
            key={`planning-${current.user.id}-${JSON.stringify(current.lastRead.working_hours)}-${current.lastRead.daily_capacity_minutes}-${current.lastRead.default_duration_minutes}`}
            user={current.user}
          />
          <BrowserNotificationsCard
            key={`browser-notifications-${current.user.id}`}
            userId={current.user.id}
          />
          {extraCards}
        </>
      ) : (
        // The account is being read from the server: the copy kept in the browser may be stale.
        <div className="grid gap-6" aria-busy="true" aria-label="Loading settings">
          <Skeleton className="h-64" />
          <Skeleton className="h-72" />
          <Skeleton className="h-40" />
        </div>
      )}
    </div>
  );
}
