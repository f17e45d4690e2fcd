/**
 * What can go wrong in the server's rules, named in the domain's words. Services and hooks throw
 * these and never choose an HTTP status: the one error handler (plugins/error-handler.ts) maps
 * each kind to a status and answers `{ message }`, plus `code` when one is given (a stable word
 * the web app acts on, e.g. "quota_exceeded"). The message is shown to the user as it is.
 */
export type DomainErrorKind =
  | "validation"
  | "unauthenticated"
  | "forbidden"
  | "quota_exceeded"
  | "not_found"
  | "conflict"
  | "too_large"
  | "rate_limited"
  | "ai_unavailable"
  | "ai_timeout"
  | "mail_undeliverable";

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input breaks a rule (a bad field, an unknown filter value, a wrong current password). */
export class Validation extends DomainError {
  readonly kind = "validation";
}

/** No signed-in user, or credentials that do not hold. */
export class Unauthenticated extends DomainError {
  readonly kind = "unauthenticated";

  constructor(message = "Authentication required", code?: string) {
    super(message, code);
  }
}

/** Known caller, refused by a policy (e.g. an inbound sender that is not the account's owner). */
export class Forbidden extends DomainError {
  readonly kind = "forbidden";
}

/** The month's AI uses are spent. */
export class QuotaExceeded extends DomainError {
  readonly kind = "quota_exceeded";
}

/** No such thing among what the caller may see (another user's task is "not found" too). */
export class NotFound extends DomainError {
  readonly kind = "not_found";

  constructor(message = "Not found", code?: string) {
    super(message, code);
  }
}

/** The request clashes with what exists (an e-mail address or username already taken). */
export class Conflict extends DomainError {
  readonly kind = "conflict";
}

/** The input is over a size limit. */
export class TooLarge extends DomainError {
  readonly kind = "too_large";
}

/** Too many attempts in a time window; `retryAfterSeconds`, when known, is how long to wait. */
export class RateLimited extends DomainError {
  readonly kind = "rate_limited";

  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message, "rate_limited");
  }
}

/** The AI provider failed or answered something unusable; nothing was charged. */
export class AiUnavailable extends DomainError {
  readonly kind = "ai_unavailable";
}

/** The AI provider did not answer in time; nothing was charged. */
export class AiTimeout extends DomainError {
  readonly kind = "ai_timeout";
}

/** An e-mail we had to send (a verification code) could not be handed to the mail server. */
export class MailUndeliverable extends DomainError {
  readonly kind = "mail_undeliverable";
}
