import type { Project } from "@contract/projects";
import { SHARE_ROLES, type Member, type ShareRole } from "@contract/sharing";
import { useQuery } from "@tanstack/react-query";
import { UserMinus } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useAddMember, useRemoveMember, useUpdateMember } from "@/api/sharing/sharing-mutations";
import { sharingQueries } from "@/api/sharing/sharing-queries";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { IconButton } from "@/components/ui/icon-button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toaster";
import { canManageProject, PROJECT_ROLE_LABELS } from "@/lib/project-roles";
import { useSessionStore } from "@/stores/session-store";

/** What each role may do, under the role picker. */
const ROLE_HINT = "Viewers read; editors also change tasks and comment; admins also manage members.";

function RoleOptions() {
  return SHARE_ROLES.map((role) => (
    <option key={role} value={role}>
      {PROJECT_ROLE_LABELS[role]}
    </option>
  ));
}

/** Invite an existing account by username or e-mail, with a role. */
function InviteForm({ projectId }: { projectId: string }) {
  const [user, setUser] = useState("");
  const [role, setRole] = useState<ShareRole>("editor");
  const add = useAddMember(projectId);
  return (
    <form
      className="grid gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (!user.trim()) return;
        add.mutate(
          { user: user.trim(), role },
          {
            onSuccess: () => {
              toast.success("Invitation sent", {
                description: `${user.trim()} can accept it from the bell.`,
              });
              setUser("");
            },
          },
        );
      }}
    >
      <Field label="Username or e-mail">
        {(control) => (
          <Input
            {...control}
            value={user}
            autoComplete="off"
            onChange={(event) => setUser(event.target.value)}
          />
        )}
      </Field>
      <Field label="Role">
        {(control) => (
          <NativeSelect
            {...control}
            value={role}
            onChange={(event) => setRole(event.target.value as ShareRole)}
          >
            <RoleOptions />
          </NativeSelect>
        )}
      </Field>
      <Button type="submit" disabled={add.isPending || !user.trim()}>
        {add.isPending ? "Inviting..." : "Invite"}
      </Button>
      <p className="text-xs text-muted-foreground sm:col-span-3">{ROLE_HINT}</p>
    </form>
  );
}

/** One person: name, role (a picker for those who manage), Remove. */
function MemberRow({ member, projectId, manages }: { member: Member; projectId: string; manages: boolean }) {
  const me = useSessionStore((state) => state.user?.id);
  const update = useUpdateMember(projectId);
  const remove = useRemoveMember(projectId);
  const { username, id } = member.user;
  const editable = manages && member.role !== "owner" && id !== me;
  return (
    <li className="flex flex-wrap items-center gap-2 py-2">
      <span className="min-w-0 flex-1 truncate font-medium">
        {username}
        {id === me && <span className="font-normal text-muted-foreground"> (you)</span>}
      </span>
      {member.pending && <Badge variant="secondary">Invited</Badge>}
      {editable ? (
        <NativeSelect
          aria-label={`Role of ${username}`}
          className="h-8 w-28"
          value={member.role}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ userId: id, role: event.target.value as ShareRole })}
        >
          <RoleOptions />
        </NativeSelect>
      ) : (
        <span className="text-sm text-muted-foreground">{PROJECT_ROLE_LABELS[member.role]}</span>
      )}
      {editable && (
        <IconButton
          icon={UserMinus}
          destructive
          label={`Remove ${username}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate(id, { onSuccess: () => toast.success(`${username} was removed`) })}
        />
      )}
    </li>
  );
}

/**
 * A project's Share dialog: its owner and members with their roles; admins and the owner invite,
 * change roles and remove; a member may leave.
 */
export function ShareDialog({
  open,
  onOpenChange,
  project,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  project: Project;
}) {
  const members = useQuery({ ...sharingQueries.members(project.id), enabled: open });
  const manages = canManageProject(project.role);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{`Share "${project.name}"`}</DialogTitle>
          <DialogDescription>
            {manages
              ? "Invite people with a Tasklane account; they see its tasks once they accept."
              : `Shared by ${project.owner.username}. You are ${PROJECT_ROLE_LABELS[project.role].toLowerCase()}.`}
          </DialogDescription>
        </DialogHeader>
        {manages && <InviteForm projectId={project.id} />}
        <section aria-label="People">
          {members.isPending ? (
            <p className="text-sm text-muted-foreground">Loading members…</p>
          ) : members.isError ? (
            <p className="text-sm text-destructive">Members could not be loaded.</p>
          ) : (
            <ul aria-label="People with access" className="divide-y">
              {members.data.map((member) => (
                <MemberRow key={member.user.id} member={member} projectId={project.id} manages={manages} />
              ))}
            </ul>
          )}
        </section>
        {project.role !== "owner" && <LeaveButton project={project} />}
      </DialogContent>
    </Dialog>
  );
}

/** A member leaves: the project and its tasks are gone from their lists. */
function LeaveButton({ project }: { project: Project }) {
  const me = useSessionStore((state) => state.user?.id) ?? "";
  const remove = useRemoveMember(project.id);
  const navigate = useNavigate();
  return (
    <Button
      variant="outline"
      className="justify-self-start text-destructive"
      disabled={remove.isPending}
      onClick={() =>
        // Awaited: the project leaves the list (and this dialog with its page) before it settles.
        void remove
          .mutateAsync(me)
          .then(() => {
            void navigate("/tasks", { replace: true });
            toast.success(`You left "${project.name}"`);
          })
          .catch(() => undefined)
      }
    >
      Leave project
    </Button>
  );
}
