import { LocateFixed } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { TimeZonePicker } from "@/components/ui/time-zone-picker";
import { detectBrowserTimeZone } from "@/lib/time-zones";

interface TimezoneOverrideProps {
  enabled: boolean;
  onEnabledChange(enabled: boolean): void;
  timeZone: string;
  onTimeZoneChange(timeZone: string): void;
  /** The zone used when the override is off: the user's own. */
  profileTimeZone: string;
}

/**
 * "Override timezone for this extraction" reveals a picker and "Use browser". Relative
 * dates in the text ("tomorrow", "by 5pm") are read in the chosen zone.
 */
export function TimezoneOverride({
  enabled,
  onEnabledChange,
  timeZone,
  onTimeZoneChange,
  profileTimeZone,
}: TimezoneOverrideProps) {
  const switchId = useId();
  const selectId = useId();
  const hintId = useId();

  return (
    <div className="space-y-3 rounded-md border p-3">
      <div className="flex items-center gap-3">
        <Switch id={switchId} checked={enabled} onCheckedChange={onEnabledChange} aria-describedby={hintId} />
        <Label htmlFor={switchId}>Override timezone for this extraction</Label>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {enabled
          ? "Dates such as “tomorrow” or “by 5pm” are read in the timezone below."
          : `Dates such as “tomorrow” or “by 5pm” are read in your timezone (${profileTimeZone}).`}
      </p>
      {enabled && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1.5">
            <Label htmlFor={selectId}>Timezone</Label>
            <TimeZonePicker
              id={selectId}
              value={timeZone}
              onChange={onTimeZoneChange}
              savedTimeZone={profileTimeZone}
            />
          </div>
          <Button type="button" variant="outline" onClick={() => onTimeZoneChange(detectBrowserTimeZone())}>
            <LocateFixed aria-hidden />
            Use browser
          </Button>
        </div>
      )}
    </div>
  );
}
