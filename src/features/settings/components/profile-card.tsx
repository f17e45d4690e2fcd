import type { User } from "@contract/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { UserRound } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { useUpdateProfile } from "@/api/current-user/account-mutations";
import {
  profileChanges,
  profileFormSchema,
  profileFormValues,
  type ProfileFormValues,
} from "../settings-forms";
import { SettingsFormCard } from "./settings-form-card";

const FIXED_HINT = "Cannot be changed.";
const readOnly = { readOnly: true, className: "bg-muted text-muted-foreground" } as const;

/** The profile card: first and last name editable; e-mail and username read-only. */
export function ProfileCard({ user }: { user: User }) {
  const updateProfile = useUpdateProfile();
  const form = useForm<ProfileFormValues, unknown, z.output<typeof profileFormSchema>>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormValues(user),
  });
  const watched = useWatch({ control: form.control });
  // The button is disabled unless a name changed.
  const changed =
    Object.keys(
      profileChanges(user, { first_name: watched.first_name ?? "", last_name: watched.last_name ?? "" }),
    ).length > 0;
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((submitted) => {
    const changes = profileChanges(user, submitted);
    if (Object.keys(changes).length === 0) return;
    updateProfile.mutate(changes, {
      onSuccess: (saved) => {
        form.reset(profileFormValues(saved));
        toast.success("Profile updated", { description: "Your name has been saved." });
      },
    });
  });

  return (
    <SettingsFormCard
      icon={UserRound}
      title="Profile"
      description="Your name as it appears in Tasklane."
      onSubmit={onSubmit}
      noValidate
      contentClassName="grid gap-4 sm:grid-cols-2"
      footer={
        <Button type="submit" disabled={!changed || updateProfile.isPending} className="w-full sm:w-auto">
          {updateProfile.isPending ? "Updating..." : "Update Profile"}
        </Button>
      }
    >
      <Field label="First Name" error={errors.first_name?.message}>
        {(control) => <Input {...control} autoComplete="given-name" {...form.register("first_name")} />}
      </Field>
      <Field label="Last Name" error={errors.last_name?.message}>
        {(control) => <Input {...control} autoComplete="family-name" {...form.register("last_name")} />}
      </Field>
      <Field label="Email" description={FIXED_HINT}>
        {(control) => <Input {...control} type="email" value={user.email} {...readOnly} />}
      </Field>
      <Field label="Username" description={FIXED_HINT}>
        {(control) => <Input {...control} value={user.username} {...readOnly} />}
      </Field>
    </SettingsFormCard>
  );
}
