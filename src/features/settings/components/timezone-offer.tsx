import { DEFAULT_TIME_ZONE } from "@contract/common";
import { Globe } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { detectBrowserTimeZone } from "@/lib/time-zones";
import { useUpdateTimezone } from "@/api/current-user/account-mutations";
import { useFreshCurrentUser } from "@/api/current-user/current-user";

/** Which browser zone a user already answered the offer for, per account, in this browser. */
const answeredKey = (userId: string) => `tasklane.timezone-offer.${userId}`;

function alreadyAnswered(userId: string, browserTimeZone: string): boolean {
  try {
    return localStorage.getItem(answeredKey(userId)) === browserTimeZone;
  } catch {
    // Storage switched off: the offer simply shows again next time.
    return false;
  }
}

function rememberAnswer(userId: string, browserTimeZone: string): void {
  try {
    localStorage.setItem(answeredKey(userId), browserTimeZone);
  } catch {
    // Storage switched off: nothing to remember the answer in.
  }
}

/**
 * A new account starts in UTC, so "tomorrow" would be read in the wrong zone for most people.
 * When the browser's zone differs from the saved one, the dashboard offers it once: either
 * answer is remembered (for that browser zone), so the offer does not come back.
 */
export function TimezoneOffer() {
  const titleId = useId();
  // Offered only against the zone the server holds now, not a stored copy another device outdated.
  const user = useFreshCurrentUser()?.user;
  const [browserTimeZone] = useState(detectBrowserTimeZone);
  const [dismissed, setDismissed] = useState(false);
  const updateTimezone = useUpdateTimezone();
  const saved = user?.timezone || DEFAULT_TIME_ZONE;

  if (!user || dismissed || browserTimeZone === saved || alreadyAnswered(user.id, browserTimeZone))
    return null;

  const answer = () => {
    rememberAnswer(user.id, browserTimeZone);
    setDismissed(true);
  };
  const apply = () =>
    updateTimezone.mutate(browserTimeZone, {
      onSuccess: (updated) => {
        answer();
        toast.success("Timezone updated", { description: `Dates now follow ${updated.timezone}.` });
      },
      onError: (error) => {
        toast.error("Failed to update timezone", { description: errorMessage(error, "Please try again") });
      },
    });

  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Globe className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div>
          <h2 id={titleId} className="font-medium">
            Use {browserTimeZone} as your timezone?
          </h2>
          <p className="text-sm text-muted-foreground">
            Due dates, “tomorrow” in extracted text and your daily plan follow your timezone, now {saved}.
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button onClick={apply} disabled={updateTimezone.isPending}>
          Apply
        </Button>
        <Button variant="outline" onClick={answer} disabled={updateTimezone.isPending}>
          Keep {saved}
        </Button>
      </div>
    </Card>
  );
}
