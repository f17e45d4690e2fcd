import { MonitorDown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useInstallOffer } from "@/lib/install-prompt";

/** "Install Tasklane" in the header, only where the browser offers to install the app. */
export function InstallButton() {
  const install = useInstallOffer();
  if (!install) return null;
  return (
    <Button variant="outline" size="sm" aria-label="Install Tasklane" onClick={() => void install()}>
      <MonitorDown aria-hidden />
      <span className="hidden md:inline">Install Tasklane</span>
    </Button>
  );
}
