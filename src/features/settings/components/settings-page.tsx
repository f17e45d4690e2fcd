import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { useSessionStore } from "@/stores/session-store";
import { PasswordCard } from "./password-card";
import { ProfileCard } from "./profile-card";
import { RemindersCard } from "./reminders-card";
import { TimezoneCard } from "./timezone-card";

/** /settings: profile, password, timezone and reminders cards. */
export function SettingsPage({ extraCards }: { extraCards?: ReactNode } = {}) {
  const user = useSessionStore((state) => state.user);

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="text-sm text-muted-foreground">
          Manage your profile, password, timezone and reminders.
        </p>
      </header>
      {user ? (
        <>
          {/* Keyed by account only: a save must not remount a card before its toast shows. */}
          <ProfileCard key={`profile-${user.id}`} user={user} />
          <PasswordCard key={`password-${user.id}`} />
          <TimezoneCard key={`timezone-${user.id}`} savedTimeZone={user.timezone} />
          <RemindersCard key={`reminders-${user.id}`} user={user} />
          {extraCards}
        </>
      ) : (
        // The guard is still fetching /auth/me for a stored token.
        <div className="grid gap-6" aria-busy="true" aria-label="Loading settings">
          <Skeleton className="h-64" />
          <Skeleton className="h-72" />
          <Skeleton className="h-40" />
        </div>
      )}
    </div>
  );
}
