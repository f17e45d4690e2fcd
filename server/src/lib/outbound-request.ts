import { request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress, nonPublicReason, systemResolver, type ResolveHost } from "./public-address";

/**
 * The one guard of every request the server makes to an address a user chose (calendar
 * subscriptions, webhooks, Web Push endpoints): the address checked is the one connected to. A
 * check made before the request and a second lookup by the HTTP client could get different
 * answers (DNS rebinding), so the check runs inside the connection's own lookup instead, on every
 * hop of a redirect.
 */
export interface OutboundPolicy {
  /** Loopback and private addresses may be reached (the operator's *_ALLOW_PRIVATE setting). */
  allowPrivate: boolean;
  /** How host names are resolved; the system resolver unless a test gives its own. */
  resolve?: ResolveHost;
}

/** The request was not made: its host is, or resolved to, an address that is not public. */
export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutboundRefused";
  }
}

function notFound(hostname: string): Error {
  return Object.assign(new Error(`${hostname} does not resolve`), { code: "ENOTFOUND" });
}

/**
 * Why the server may not reach `url`, checked when a user hands it over so a mistake is told at
 * once (each request is checked again as it connects): its host is, or resolves to, an address
 * that is not public while the operator's `setting` is off, or it does not resolve.
 */
export async function refusedDestination(
  url: string,
  policy: OutboundPolicy,
  setting: string,
): Promise<string | undefined> {
  if (policy.allowPrivate) return undefined;
  const reason = await nonPublicReason(url, policy.resolve);
  if (reason === undefined || reason.endsWith("does not resolve")) return reason;
  return `${reason}; ${setting} is off`;
}

/** A `lookup` for sockets that refuses a host when any of its addresses is not public. */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  const resolve = policy.resolve ?? systemResolver;
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : undefined;
    resolve(hostname).then(
      (answers) => {
        const addresses = answers.filter((entry) => family === undefined || entry.family === family);
        const blocked = policy.allowPrivate
          ? undefined
          : addresses.find((entry) => !isPublicAddress(entry.address));
        const [first] = addresses;
        if (blocked) {
          callback(
            new OutboundRefused(`${hostname} is a private or local address (${blocked.address})`),
            "",
            0,
          );
        } else if (!first) callback(notFound(hostname), "", 0);
        else if (options.all) {
          (callback as unknown as (error: null, all: typeof addresses) => void)(null, addresses);
        } else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, "", 0),
    );
  };
}

/** Why `url` may not be connected to when its host is written as an address (no lookup is made then). */
function refusedLiteral(url: URL, policy: OutboundPolicy): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (policy.allowPrivate || !isIP(host) || isPublicAddress(host)) return undefined;
  return `${host} is a private or local address`;
}

/**
 * An HTTPS agent whose connections pass the guard, for clients that take one (web-push). `tls`
 * adds what a connection may trust besides the system's roots (tests' own push service).
 */
export function guardedHttpsAgent(policy: OutboundPolicy, tls: { ca?: string | Buffer } = {}): HttpsAgent {
  return new HttpsAgent({ lookup: guardedLookup(policy), ...tls });
}

/** Throws OutboundRefused when `url` is an address that is not public (names are checked on connect). */
export function assertOutboundAllowed(url: URL, policy: OutboundPolicy): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundRefused("Only http and https addresses are reached");
  }
  const refused = refusedLiteral(url, policy);
  if (refused) throw new OutboundRefused(refused);
}

/**
 * One guarded HTTP request (no redirect is followed: a caller that follows one calls again with
 * the new address, which is checked again). Resolves with the response, headers read.
 */
export function guardedRequest(
  url: URL,
  init: {
    method: "GET" | "POST";
    headers: Record<string, string>;
    body?: string;
    signal: AbortSignal;
    policy: OutboundPolicy;
  },
): Promise<IncomingMessage> {
  try {
    assertOutboundAllowed(url, init.policy);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: init.method,
        signal: init.signal,
        lookup: guardedLookup(init.policy),
        headers: init.headers,
      },
      resolve,
    );
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}
