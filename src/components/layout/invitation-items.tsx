import type { Invitation } from "@contract/sharing";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { PROJECT_ROLE_LABELS } from "@/lib/project-roles";

/** The bell's invitations to shared projects, each with Accept and Decline, above the notifications. */
export function InvitationItems({
  invitations,
  onAnswer,
}: {
  invitations: readonly Invitation[];
  onAnswer(invitation: Invitation, accept: boolean): void;
}) {
  if (invitations.length === 0) return null;
  return (
    <>
      <div role="group" aria-label="Invitations" className="p-1">
        {invitations.map((invitation) => (
          <div key={invitation.id} className="grid gap-1 px-2 py-1.5 text-sm">
            <p className="break-words">
              <span className="font-medium">{invitation.invited_by.username}</span> invited you to{" "}
              <span className="font-medium">{invitation.project_name}</span> as{" "}
              {PROJECT_ROLE_LABELS[invitation.role].toLowerCase()}
            </p>
            <div className="flex gap-1">
              <DropdownMenuItem
                className="h-7 rounded-full border bg-primary px-3 text-xs text-primary-foreground focus:bg-primary/90 focus:text-primary-foreground"
                aria-label={`Accept the invitation to "${invitation.project_name}"`}
                onSelect={() => onAnswer(invitation, true)}
              >
                Accept
              </DropdownMenuItem>
              <DropdownMenuItem
                className="h-7 rounded-full border px-3 text-xs"
                aria-label={`Decline the invitation to "${invitation.project_name}"`}
                onSelect={() => onAnswer(invitation, false)}
              >
                Decline
              </DropdownMenuItem>
            </div>
          </div>
        ))}
      </div>
      <DropdownMenuSeparator className="mx-0 my-0" />
    </>
  );
}
