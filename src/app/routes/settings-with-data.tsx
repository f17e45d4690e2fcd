import { CaldavCard } from "@/features/caldav/caldav-card";
import { CalendarsCard } from "@/features/calendar/components/calendars-card";
import { DataTransferCards } from "@/features/data-transfer/data-transfer-cards";
import { IntegrationCards } from "@/features/integrations/integration-cards";
import { SettingsPage } from "@/features/settings/components/settings-page";

/** Settings with the calendars, export, import, calendar-feed, integration and CalDAV cards after the account cards. */
export function SettingsWithData() {
  return (
    <SettingsPage
      extraCards={
        <>
          <CalendarsCard />
          <DataTransferCards />
          <IntegrationCards />
          <CaldavCard />
        </>
      }
    />
  );
}
