import { CaldavCard } from "@/features/caldav/caldav-card";
import { CalendarsCard } from "@/features/calendar/components/calendars-card";
import { EmailParserCard } from "@/features/dashboard/components/email-parser-card";
import { DataTransferCards } from "@/features/data-transfer/data-transfer-cards";
import { IntegrationCards } from "@/features/integrations/integration-cards";
import { DeleteAccountCard } from "@/features/settings/components/delete-account-card";
import { SettingsPage } from "@/features/settings/components/settings-page";

/**
 * Settings with the inbound address, calendars, export, import, calendar-feed, integration and
 * CalDAV cards after the account cards, and last (after the export) deleting the account.
 */
export function SettingsWithData() {
  return (
    <SettingsPage
      extraCards={
        <>
          <EmailParserCard />
          <CalendarsCard />
          <DataTransferCards />
          <IntegrationCards />
          <CaldavCard />
          <DeleteAccountCard />
        </>
      }
    />
  );
}
