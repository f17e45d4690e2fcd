import { DEFAULT_TIME_ZONE } from "@contract/common";
import { Globe } from "lucide-react";
import { useId, useMemo, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { detectBrowserTimeZone, formatLocalDate, listTimeZones } from "@/lib/time-zones";
import { useUpdateTimezone } from "../api/account-mutations";

/** spec §2: a picker and "Apply", disabled unless the choice differs from the saved zone (default UTC). */
export function TimezoneCard({ savedTimeZone }: { savedTimeZone: string | null | undefined }) {
  const ids = useId();
  const saved = savedTimeZone || DEFAULT_TIME_ZONE;
  const [choice, setChoice] = useState(saved);
  const updateTimezone = useUpdateTimezone();
  const [browserTimeZone] = useState(detectBrowserTimeZone);
  const [openedAt] = useState(() => new Date().toISOString());
  // Every IANA zone, or the spec §9 fallback list; the saved zone is always offered even when the
  // browser spells it differently (Asia/Kolkata vs Asia/Calcutta) so the picker shows the truth.
  const zones = useMemo(() => {
    const all = listTimeZones();
    return all.includes(saved) ? all : [saved, ...all];
  }, [saved]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === saved) return;
    updateTimezone.mutate(choice, {
      onSuccess: (user) => {
        toast.success("Timezone updated", { description: `Dates now follow ${user.timezone}.` });
      },
      onError: (error) => {
        toast.error("Failed to update timezone", { description: errorMessage(error, "Please try again") });
      },
    });
  };

  return (
    <Card>
      <form onSubmit={onSubmit} aria-labelledby={`${ids}-title`}>
        <CardHeader>
          <CardTitle id={`${ids}-title`} className="flex items-center gap-2">
            <Globe aria-hidden className="size-4 text-muted-foreground" />
            Timezone
          </CardTitle>
          <CardDescription>Due dates and your daily plan follow this timezone.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <Label htmlFor={`${ids}-zone`}>Timezone</Label>
          <NativeSelect
            id={`${ids}-zone`}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            aria-describedby={`${ids}-now`}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </NativeSelect>
          <p id={`${ids}-now`} className="text-xs text-muted-foreground">
            Local time there: {formatLocalDate(openedAt, choice, "EEE p")}
          </p>
        </CardContent>
        <CardFooter className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button
            type="submit"
            disabled={choice === saved || updateTimezone.isPending}
            className="w-full sm:w-auto"
          >
            Apply
          </Button>
          {browserTimeZone !== choice && zones.includes(browserTimeZone) && (
            <Button
              variant="outline"
              onClick={() => setChoice(browserTimeZone)}
              // Long zone names wrap on a 375 px phone instead of overflowing the card.
              className="h-auto min-h-9 w-full whitespace-normal sm:w-auto"
            >
              Use browser timezone ({browserTimeZone})
            </Button>
          )}
        </CardFooter>
      </form>
    </Card>
  );
}
