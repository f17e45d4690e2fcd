import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PasswordInput, PasswordToggle } from "@/components/ui/password-input";
import { toast } from "@/components/ui/toaster";
import { useChangePassword } from "@/api/current-user/account-mutations";
import { emptyPasswordForm, passwordFormSchema, type PasswordFormValues } from "../settings-forms";
import { SettingsFormCard } from "./settings-form-card";

const fields = [
  { name: "current_password", label: "Current Password", autoComplete: "current-password" },
  { name: "new_password", label: "New Password", autoComplete: "new-password" },
  { name: "confirm_password", label: "Confirm New Password", autoComplete: "new-password" },
] as const;

/** The password card: current, new and confirmation, with one show/hide toggle for all three. */
export function PasswordCard() {
  const [visible, setVisible] = useState(false);
  const changePassword = useChangePassword();
  const form = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: emptyPasswordForm,
    // The check runs on submit only; its message is a toast, not a line under a field.
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
      },
    );
  }, onInvalid);

  return (
    <SettingsFormCard
      icon={KeyRound}
      title="Change Password"
      description="Other devices are signed out when the password changes."
      onSubmit={onSubmit}
      noValidate
      contentClassName="grid gap-4"
      footer={
        <Button type="submit" disabled={changePassword.isPending} className="w-full sm:w-auto">
          {changePassword.isPending ? "Changing..." : "Change Password"}
        </Button>
      }
    >
      {fields.map((field) => (
        <Field key={field.name} label={field.label}>
          {(control) => (
            <PasswordInput
              {...control}
              aria-invalid={errors[field.name] ? true : undefined}
              visible={visible}
              autoComplete={field.autoComplete}
              {...form.register(field.name)}
            />
          )}
        </Field>
      ))}
      <div>
        <PasswordToggle visible={visible} onToggle={() => setVisible((shown) => !shown)} className="-ml-3">
          Show passwords
        </PasswordToggle>
      </div>
    </SettingsFormCard>
  );
}
