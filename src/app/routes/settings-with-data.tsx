import { CaldavCard } from "@/features/caldav/caldav-card";
import { DataTransferCards } from "@/features/data-transfer/data-transfer-cards";
import { SettingsPage } from "@/features/settings/components/settings-page";

/** Settings with the export, import, calendar-feed and CalDAV cards after the account cards. */
export function SettingsWithData() {
  return (
    <SettingsPage
      extraCards={
        <>
          <DataTransferCards />
          <CaldavCard />
        </>
      }
    />
  );
}
