import { Search } from "lucide-react";
import { useMemo, useState } from "react";
import { filterTimeZoneOptions, timeZoneOptions } from "@/lib/time-zone-options";
import { detectBrowserTimeZone, listTimeZones } from "@/lib/time-zones";
import { Input } from "./input";
import { NativeSelect } from "./native-select";

interface TimeZonePickerProps {
  /** The id of the list, for the caller's <Label htmlFor>. */
  id: string;
  value: string;
  onChange(timeZone: string): void;
  /** A zone to offer even when the list lacks it (the saved one, perhaps an old alias). */
  savedTimeZone?: string;
  "aria-describedby"?: string;
}

/**
 * A searchable time-zone picker: a search box narrows a native list (best on phones and with
 * screen readers), the browser's zone comes first, and each zone shows its current UTC offset.
 * Typing moves the choice to the first match, so "berlin" then Apply is all it takes.
 */
export function TimeZonePicker({
  id,
  value,
  onChange,
  savedTimeZone,
  "aria-describedby": describedBy,
}: TimeZonePickerProps) {
  const [query, setQuery] = useState("");
  // Listing validates ~400 zones and offsets are read once: the picker is open for minutes, not months.
  const [zones] = useState(listTimeZones);
  const [browserTimeZone] = useState(detectBrowserTimeZone);
  const [now] = useState(() => new Date());
  const options = useMemo(
    () =>
      timeZoneOptions(zones, {
        browserTimeZone,
        include: [value, ...(savedTimeZone ? [savedTimeZone] : [])],
        now,
      }),
    [zones, browserTimeZone, value, savedTimeZone, now],
  );
  const matches = filterTimeZoneOptions(options, query);
  // The chosen zone stays listed even when it does not match, or the list would misreport it.
  const shown = matches.some((option) => option.value === value)
    ? matches
    : [...options.filter((option) => option.value === value), ...matches];

  function search(text: string) {
    setQuery(text);
    const found = filterTimeZoneOptions(options, text);
    const first = found[0];
    if (first && text.trim() && !found.some((option) => option.value === value)) onChange(first.value);
  }

  return (
    <div className="grid gap-2">
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search timezones"
          aria-controls={id}
          placeholder="Search timezones..."
          className="pl-9"
          value={query}
          onChange={(event) => search(event.target.value)}
        />
      </div>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy}
      >
        {shown.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {query.trim() !== "" && matches.length === 0 && (
        <p role="status" className="text-xs text-muted-foreground">
          No timezone matches “{query.trim()}”.
        </p>
      )}
    </div>
  );
}
