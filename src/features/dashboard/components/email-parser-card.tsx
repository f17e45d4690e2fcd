import { Copy, Mail } from "lucide-react";
import { Fragment } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toaster";
import { env } from "@/config/env";
import { useSessionStore } from "@/stores/session-store";

/**
 * The address with a line-break opportunity before the "@" and each dot, so a narrow card wraps
 * it there rather than in the middle of a word.
 */
function BreakableAddress({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/**
 * The "Email Auto Parser" card: the user's inbound address, with a copy button, and what reading
 * mail costs. On the dashboard and in Settings, where people look for it.
 */
export function EmailParserCard() {
  const username = useSessionStore((state) => state.user?.username);
  const ownEmail = useSessionStore((state) => state.user?.email);
  if (!username) return null;
  const address = `${username}@${env.mailDomain}`;

  async function copyAddress() {
    try {
      // navigator.clipboard is missing outside secure contexts (plain http on another host).
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(address);
      toast.success("Email copied!", {
        description: "Your personal email address has been copied to clipboard.",
      });
    } catch {
      toast.error("Could not copy", { description: "Select the address and copy it by hand." });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail className="size-4" aria-hidden />
          Email Auto Parser
        </CardTitle>
        <CardDescription>
          Send or forward e-mails to your personal address and they become tasks: AI extracts the relevant
          information, such as the title, due date and priority.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center gap-2 rounded-md border bg-muted/40 p-2">
          {/* Mid-word breaks only for a part longer than the whole line. */}
          <code className="min-w-0 flex-1 px-1 text-sm [overflow-wrap:anywhere]" title={address}>
            <BreakableAddress address={address} />
          </code>
          <Button
            variant="outline"
            size="icon"
            aria-label="Copy email address"
            onClick={() => void copyAddress()}
          >
            <Copy aria-hidden />
          </Button>
        </div>
        <p className="mt-2 text-xs text-muted-foreground">
          On the free plan each e-mail uses one AI use of your monthly quota; once none are left, mail is
          still read, by pattern matching.
        </p>
        {env.inboundSenderPolicy === "owner" && ownEmail && (
          <p className="mt-2 text-xs text-muted-foreground">
            Only mail sent from your account’s own address ({ownEmail}) becomes tasks.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
