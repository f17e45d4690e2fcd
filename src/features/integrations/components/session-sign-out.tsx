import type { SignedInSession } from "@contract/integrations";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import {
  useSignOutOtherSessions,
  useSignOutSession,
} from "@/api/account-security/account-security-mutations";

/** A session as the list names it: its browser or app and the address it signed in from. */
export function sessionName(session: SignedInSession): string {
  const device = session.user_agent ?? "A signed-in browser or app";
  const where = session.ip ? ` (${session.ip})` : "";
  return session.current ? `This browser${where}` : `${device}${where}`;
}

/** Signs one other session out at once. */
export function SignOutSessionButton({ sessionId }: { sessionId: string }) {
  const signOut = useSignOutSession();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={signOut.isPending}
      onClick={() => signOut.mutate(sessionId, { onSuccess: () => toast.success("Signed out") })}
    >
      Sign out
    </Button>
  );
}

/** "Sign out everywhere else": every session but this one. */
export function SignOutOthersButton() {
  const signOut = useSignOutOtherSessions();
  return (
    <Button
      variant="outline"
      className="justify-self-start"
      disabled={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, { onSuccess: () => toast.success("Signed out everywhere else") })
      }
    >
      Sign out everywhere else
    </Button>
  );
}
