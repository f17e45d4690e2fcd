import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { verificationEmailError } from "./form-schemas";

/** The e-mail field of the form that asks for a code: how to read it and show its error. */
export interface EmailCodeField {
  read(): string;
  showError(message: string): void;
  clearError(): void;
}

/**
 * The `email` field of a react-hook-form form; clearing its error also clears the page's own
 * problem message (a failed send shown above the form).
 */
export function emailFieldOf<TForm extends FieldValues & { email: string }>(
  form: UseFormReturn<TForm>,
  clearProblem: () => void,
): EmailCodeField {
  const field = "email" as Path<TForm>;
  return {
    read: () => String(form.getValues(field)),
    // "Enter email first" when there is no address to send the code to.
    showError: (message) => form.setError(field, { message }, { shouldFocus: true }),
    clearError: () => {
      form.clearErrors(field);
      clearProblem();
    },
  };
}

interface EmailCodeOptions<TAnswer> {
  send: UseMutationResult<TAnswer, Error, string>;
  email: EmailCodeField;
  onSent(answer: TAnswer, email: string): void;
  onFailure(error: Error): void;
}

/**
 * Asking for a one-time code by e-mail (sign-up's verification code, the password reset code):
 * the address is checked first ("Enter email first" when empty), and the page learns whether a code
 * went out, so it can offer "Resend" and show the code field.
 */
export function useEmailCode<TAnswer>({ send, email, onSent, onFailure }: EmailCodeOptions<TAnswer>) {
  const [codeSent, setCodeSent] = useState(false);

  function requestCode() {
    const address = email.read().trim();
    const problem = verificationEmailError(address);
    if (problem) {
      email.showError(problem);
      return;
    }
    email.clearError();
    send.mutate(address, {
      onSuccess: (answer) => {
        setCodeSent(true);
        onSent(answer, address);
      },
      onError: onFailure,
    });
  }

  return { codeSent, requestCode, sending: send.isPending };
}
