/** An error with the status and message the client should see (`{ message }`, ARCHITECTURE.md). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message = "Authentication required") => new HttpError(401, message);
export const forbidden = (message: string, code?: string) => new HttpError(403, message, code);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (message: string) => new HttpError(429, message, "rate_limited");
