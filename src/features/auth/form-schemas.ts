import {
  emailSchema,
  loginRequestSchema,
  messages,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from "@contract/auth";
import { z } from "zod";

/** The login form: the contract's payload rules are the form's rules. */
export const loginFormSchema = loginRequestSchema;

/** The register form: the payload plus a confirmation that must equal the password. */
export const registerFormSchema = registerRequestSchema
  .extend({ confirm_password: z.string() })
  .refine((values) => values.password === values.confirm_password, {
    error: messages.passwordsDontMatch,
    path: ["confirm_password"],
  });

/** The registration payload: the names only when given. */
export function registrationFromForm(values: z.output<typeof registerFormSchema>) {
  return {
    email: values.email,
    verification_code: values.verification_code,
    username: values.username,
    password: values.password,
    ...(values.first_name ? { first_name: values.first_name } : {}),
    ...(values.last_name ? { last_name: values.last_name } : {}),
  };
}

const ENTER_EMAIL_FIRST = "Enter email first";

/** A code request needs an e-mail; an empty one says "Enter email first". */
export function verificationEmailError(email: string): string | null {
  if (!email.trim()) return ENTER_EMAIL_FIRST;
  const result = emailSchema.safeParse(email);
  return result.success ? null : (result.error.issues[0]?.message ?? messages.invalidEmail);
}

/** "Forgot password?": the reset payload plus a confirmation, with registration's rules. */
export const resetPasswordFormSchema = resetPasswordRequestSchema
  .extend({ confirm_password: z.string() })
  .refine((values) => values.new_password === values.confirm_password, {
    error: messages.passwordsDontMatch,
    path: ["confirm_password"],
  });
