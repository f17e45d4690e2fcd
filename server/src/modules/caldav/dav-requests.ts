import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../app-types";
import { Unauthenticated } from "../../lib/domain-errors";
import { userOfAppPassword } from "./app-passwords";
import { findCollection, type DavCollection, type DavUser } from "./service";

/** Who a DAV request comes from (HTTP Basic with an app password), and what its path names. */

declare module "fastify" {
  interface FastifyRequest {
    davUser?: DavUser & { email: string };
  }
}

const REALM = 'Basic realm="Tasklane CalDAV", charset="UTF-8"';

function basicCredentials(request: FastifyRequest): { name: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  return { name: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * HTTP Basic with a username or e-mail and an app password (never the account password). OPTIONS
 * answers without: clients ask what the server speaks before they sign in.
 */
export function davAuthenticate(deps: Pick<AppDeps, "db" | "clock">) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.method === "OPTIONS") return;
    try {
      const credentials = basicCredentials(request);
      if (!credentials) throw new Unauthenticated("Sign in with your username or e-mail and an app password");
      const user = await userOfAppPassword(deps.db, deps.clock, credentials, request.ip);
      request.davUser = { id: user.id, username: user.username, timezone: user.timezone, email: user.email };
    } catch (error) {
      if (error instanceof Unauthenticated) void reply.header("www-authenticate", REALM);
      throw error;
    }
  };
}

// ---------------------------------------------------------------------------------------------
// What a path names
// ---------------------------------------------------------------------------------------------

export type Target =
  | { kind: "root" }
  | { kind: "principal" }
  | { kind: "home" }
  | { kind: "collection"; collection: DavCollection }
  | { kind: "object"; collection: DavCollection; name: string };

function segmentsOf(pathname: string): string[] | undefined {
  try {
    return pathname
      .replace(/^\/dav\/?/, "")
      .split("/")
      .filter((segment) => segment.length > 0)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    // A malformed %-escape names nothing here.
    return undefined;
  }
}

export function pathnameOf(url: string): string {
  return new URL(url, "http://localhost").pathname;
}

/** What a path names for this user; undefined for nothing (another user's paths included). */
export async function resolve(deps: AppDeps, user: DavUser, pathname: string): Promise<Target | undefined> {
  const segments = segmentsOf(pathname);
  if (!segments) return undefined;
  if (segments.length === 0) return { kind: "root" };
  const [area, owner, collectionId, name, ...rest] = segments;
  if (rest.length > 0 || owner === undefined || owner.toLowerCase() !== user.username.toLowerCase()) {
    return undefined;
  }
  if (area === "principals") return collectionId === undefined ? { kind: "principal" } : undefined;
  if (area !== "calendars") return undefined;
  if (collectionId === undefined) return { kind: "home" };
  const collection = await findCollection(deps.db, deps.clock, user, collectionId);
  if (!collection) return undefined;
  return name === undefined ? { kind: "collection", collection } : { kind: "object", collection, name };
}
