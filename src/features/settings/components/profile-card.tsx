import type { User } from "@contract/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { UserRound } from "lucide-react";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { useUpdateProfile } from "../api/account-mutations";
import {
  profileChanges,
  profileFormSchema,
  profileFormValues,
  type ProfileFormValues,
} from "../settings-forms";

/** spec §2: first and last name editable; e-mail and username read-only. */
export function ProfileCard({ user }: { user: User }) {
  const ids = useId();
  const updateProfile = useUpdateProfile();
  const form = useForm<ProfileFormValues, unknown, z.output<typeof profileFormSchema>>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormValues(user),
  });
  const watched = useWatch({ control: form.control });
  // spec §2 and §5: the button is disabled unless a name changed.
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
      onError: (error) => {
        toast.error("Failed to update profile", { description: errorMessage(error, "Please try again") });
      },
    });
  });

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
        <CardHeader>
          <CardTitle id={`${ids}-title`} className="flex items-center gap-2">
            <UserRound aria-hidden className="size-4 text-muted-foreground" />
            Profile
          </CardTitle>
          <CardDescription>Your name as it appears in Tasklane.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-first-name`}>First Name</Label>
            <Input
              id={`${ids}-first-name`}
              autoComplete="given-name"
              aria-invalid={errors.first_name ? true : undefined}
              aria-describedby={errors.first_name ? `${ids}-first-name-error` : undefined}
              {...form.register("first_name")}
            />
            {errors.first_name && (
              <p id={`${ids}-first-name-error`} className="text-sm text-destructive">
                {errors.first_name.message}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-last-name`}>Last Name</Label>
            <Input
              id={`${ids}-last-name`}
              autoComplete="family-name"
              aria-invalid={errors.last_name ? true : undefined}
              aria-describedby={errors.last_name ? `${ids}-last-name-error` : undefined}
              {...form.register("last_name")}
            />
            {errors.last_name && (
              <p id={`${ids}-last-name-error`} className="text-sm text-destructive">
                {errors.last_name.message}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-email`}>Email</Label>
            <Input
              id={`${ids}-email`}
              type="email"
              value={user.email}
              readOnly
              aria-describedby={`${ids}-fixed`}
              className="bg-muted text-muted-foreground"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-username`}>Username</Label>
            <Input
              id={`${ids}-username`}
              value={user.username}
              readOnly
              aria-describedby={`${ids}-fixed`}
              className="bg-muted text-muted-foreground"
            />
          </div>
          <p id={`${ids}-fixed`} className="text-xs text-muted-foreground sm:col-span-2">
            Email and username cannot be changed.
          </p>
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={!changed || updateProfile.isPending} className="w-full sm:w-auto">
            {updateProfile.isPending ? "Updating..." : "Update Profile"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
