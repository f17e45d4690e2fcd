import {
  loginRequestSchema,
  registerRequestSchema,
  sendVerificationRequestSchema,
  type AuthResponse,
  type SendVerificationResponse,
} from "@contract/auth";
import type { ErrorBody } from "@contract/common";
import { apiRoutes } from "@contract/routes";
import { http, HttpResponse } from "msw";
import type { z } from "zod";
import { buildUser } from "../fixtures";
import { currentAccount, seedAccount } from "./account";

/**
 * An in-memory fake of the sign-in calls: send-verification, register, login, me and
 * logout. It shares the one fake account of ./account (the user a test renders with) and answers
 * like our server: contract shapes, or a 4xx `{ message }`.
 */

/** The code every address "receives" (the real one is 6 random digits). */
export const FAKE_VERIFICATION_CODE = "123456";
const FAKE_CODE_EXPIRES_IN_MINUTES = 10;
const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";
const INVALID_CODE_MESSAGE = "Invalid or expired verification code";

/** Addresses a code was sent to: register only accepts the code for those. */
const codesSentTo = new Set<string>();
let tokenSequence = 0;

function error(status: number, message: string) {
  return HttpResponse.json<ErrorBody>({ message }, { status });
}

async function readBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<{ body: z.output<Schema> } | { failure: Response }> {
  const parsed = schema.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success) return { failure: error(400, parsed.error.issues[0]?.message ?? "Invalid request") };
  return { body: parsed.data };
}

function hasBearer(request: Request): boolean {
  return /^Bearer \S+/.test(request.headers.get("Authorization") ?? "");
}

function issueToken(): string {
  tokenSequence += 1;
  return `fake-token-${tokenSequence}`;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export const authHandlers = [
  http.post(apiRoutes.sendVerification.path, async ({ request }) => {
    const read = await readBody(request, sendVerificationRequestSchema);
    if ("failure" in read) return read.failure;
    codesSentTo.add(read.body.email.toLowerCase());
    return HttpResponse.json<SendVerificationResponse>({
      message: "Verification code sent",
      expires_in: FAKE_CODE_EXPIRES_IN_MINUTES,
    });
  }),

  http.post(apiRoutes.register.path, async ({ request }) => {
    const read = await readBody(request, registerRequestSchema);
    if ("failure" in read) return read.failure;
    const { email, verification_code, username, password, first_name, last_name } = read.body;
    if (!codesSentTo.has(email.toLowerCase()) || verification_code !== FAKE_VERIFICATION_CODE) {
      return error(400, INVALID_CODE_MESSAGE);
    }
    const existing = currentAccount().user;
    if (sameAddress(existing.email, email)) return error(409, "An account with this email already exists");
    if (sameAddress(existing.username, username)) return error(409, "This username is already taken");
    const user = buildUser({
      id: `user-${username}`,
      email,
      username,
      first_name: first_name || null,
      last_name: last_name || null,
      llm_usage_count: 0,
    });
    seedAccount(user, password);
    codesSentTo.delete(email.toLowerCase());
    return HttpResponse.json<AuthResponse>({ token: issueToken(), user }, { status: 201 });
  }),

  http.post(apiRoutes.login.path, async ({ request }) => {
    const read = await readBody(request, loginRequestSchema);
    if ("failure" in read) return read.failure;
    const { user, password } = currentAccount();
    // One message for an unknown e-mail and a wrong password.
    if (!sameAddress(user.email, read.body.email) || password !== read.body.password) {
      return error(401, INVALID_CREDENTIALS_MESSAGE);
    }
    return HttpResponse.json<AuthResponse>({ token: issueToken(), user });
  }),

  http.get(apiRoutes.me.path, ({ request }) => {
    if (!hasBearer(request)) return error(401, "Not authenticated");
    return HttpResponse.json(currentAccount().user);
  }),

  http.post(apiRoutes.logout.path, ({ request }) => {
    if (!hasBearer(request)) return error(401, "Not authenticated");
    return new HttpResponse(null, { status: 204 });
  }),
];
