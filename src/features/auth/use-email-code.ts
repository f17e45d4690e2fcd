import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import { verificationEmailError } from "./form-schemas";

/** The e-mail field of the form that asks for a code: how to read it and show its error. */
export interface EmailCodeField {
  read(): string;
  showError(message: string): void;
  clearError(): void;
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
