import { DataTransferCards } from "@/features/data-transfer/data-transfer-cards";
import { IntegrationCards } from "@/features/integrations/integration-cards";
import { SettingsPage } from "@/features/settings/components/settings-page";

/** Settings with the export, import, calendar-feed and integration cards after the account cards. */
export function SettingsWithData() {
  return (
    <SettingsPage
      extraCards={
        <>
          <DataTransferCards />
          <IntegrationCards />
        </>
      }
    />
  );
}
