import { zodResolver } from "@hookform/resolvers/zod";
import { Eye, EyeOff, KeyRound } from "lucide-react";
import { useId, useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { useChangePassword } from "../api/account-mutations";
import { emptyPasswordForm, passwordFormSchema, type PasswordFormValues } from "../settings-forms";

const fields = [
  { name: "current_password", label: "Current Password", autoComplete: "current-password" },
  { name: "new_password", label: "New Password", autoComplete: "new-password" },
  { name: "confirm_password", label: "Confirm New Password", autoComplete: "new-password" },
] as const;

/** spec §2: current, new and confirmation, with one show/hide toggle for all three. */
export function PasswordCard() {
  const ids = useId();
  const [visible, setVisible] = useState(false);
  const changePassword = useChangePassword();
  const form = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: emptyPasswordForm,
    // The check runs on submit only; its message is a toast (spec §8), not a line under a field.
    mode: "onSubmit",
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;

  const onInvalid = (invalid: FieldErrors<PasswordFormValues>) => {
    const message = fields.map((field) => invalid[field.name]?.message).find(Boolean);
    if (message) toast.error(message);
  };

  const onSubmit = form.handleSubmit(({ current_password, new_password }) => {
    changePassword.mutate(
      { current_password, new_password },
      {
        onSuccess: () => {
          form.reset(emptyPasswordForm);
          setVisible(false);
          toast.success("Password changed", { description: "Your password has been updated." });
        },
        onError: (error) => {
          toast.error("Failed to change password", { description: errorMessage(error, "Please try again") });
        },
      },
    );
  }, onInvalid);

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
        <CardHeader>
          <CardTitle id={`${ids}-title`} className="flex items-center gap-2">
            <KeyRound aria-hidden className="size-4 text-muted-foreground" />
            Change Password
          </CardTitle>
          <CardDescription>Other devices are signed out when the password changes.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {fields.map((field) => (
            <div key={field.name} className="grid gap-2">
              <Label htmlFor={`${ids}-${field.name}`}>{field.label}</Label>
              <Input
                id={`${ids}-${field.name}`}
                type={visible ? "text" : "password"}
                autoComplete={field.autoComplete}
                aria-invalid={errors[field.name] ? true : undefined}
                {...form.register(field.name)}
              />
            </div>
          ))}
          <div>
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={visible}
              onClick={() => setVisible((shown) => !shown)}
              className="-ml-3"
            >
              {visible ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
              Show passwords
            </Button>
          </div>
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={changePassword.isPending} className="w-full sm:w-auto">
            {changePassword.isPending ? "Changing..." : "Change Password"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
