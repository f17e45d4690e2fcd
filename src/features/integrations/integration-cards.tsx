import { useSessionStore } from "@/stores/session-store";
import { ApiTokensCard } from "./components/api-tokens-card";
import { ConnectAssistantCard } from "./components/connect-assistant-card";
import { SignInsCard } from "./components/sign-ins-card";
import { WebhooksCard } from "./components/webhooks-card";

/** Settings: every way into the account, and the ways scripts and other apps reach the user's tasks. */
export function IntegrationCards() {
  const timeZone = useSessionStore((state) => state.user?.timezone ?? "UTC");
  return (
    <>
      <ConnectAssistantCard />
      <SignInsCard timeZone={timeZone} />
      <ApiTokensCard timeZone={timeZone} />
      <WebhooksCard timeZone={timeZone} />
    </>
  );
}
