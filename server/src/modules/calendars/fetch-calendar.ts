import type { IncomingMessage } from "node:http";
import { guardedRequest, OutboundRefused, type OutboundPolicy } from "../../lib/outbound-request";

/** Why a calendar could not be fetched, in words the user can act on. */
export class CalendarFetchFailed extends Error {}

export interface FetchLimits extends OutboundPolicy {
  timeoutMs: number;
  maxBytes: number;
}

const MAX_REDIRECTS = 3;

/** webcal:// is how calendar links ask to be subscribed; it is fetched over https. */
export function normaliseCalendarUrl(url: string): string {
  return url.trim().replace(/^webcal:\/\//i, "https://");
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new CalendarFetchFailed(`The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new CalendarFetchFailed(`The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function describe(error: unknown, host: string, timeoutMs: number, signal: AbortSignal): CalendarFetchFailed {
  if (error instanceof CalendarFetchFailed) return error;
  if (error instanceof OutboundRefused) return new CalendarFetchFailed(error.message);
  // However the abort surfaced (an AbortError, or a reset of the body being read), it was the time.
  if (signal.aborted)
    return new CalendarFetchFailed(`${host} did not answer within ${Math.round(timeoutMs / 1000)} s`);
  const code = (error as { code?: string; name?: string }).code;
  const name = (error as { name?: string }).name;
  if (name === "AbortError" || name === "TimeoutError" || code === "ABORT_ERR") {
    return new CalendarFetchFailed(`${host} did not answer within ${Math.round(timeoutMs / 1000)} s`);
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new CalendarFetchFailed(`${host} does not resolve`);
  if (code === "ECONNREFUSED") return new CalendarFetchFailed(`${host} refused the connection`);
  if (typeof code === "string" && /CERT|SSL|TLS/.test(code)) {
    return new CalendarFetchFailed(`${host} has no valid TLS certificate (${code})`);
  }
  return new CalendarFetchFailed(`Could not fetch the calendar from ${host}${code ? ` (${code})` : ""}`);
}

/**
 * GETs a calendar: http or https only, at most three redirects (each checked again), within the
 * time and size limits, and never from a loopback or private address unless allowed. Throws
 * CalendarFetchFailed saying why.
 */
export async function fetchCalendarText(address: string, limits: FetchLimits): Promise<string> {
  let url: URL;
  try {
    url = new URL(normaliseCalendarUrl(address));
  } catch {
    throw new CalendarFetchFailed("The address is not a URL");
  }
  const signal = AbortSignal.timeout(limits.timeoutMs);
  for (let redirects = 0; ; redirects += 1) {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new CalendarFetchFailed("Only http, https and webcal addresses can be subscribed to");
    }
    if (url.username || url.password) {
      throw new CalendarFetchFailed("Addresses with a user name or password are not fetched");
    }
    const host = url.hostname;
    let response: IncomingMessage;
    try {
      response = await guardedRequest(url, {
        method: "GET",
        headers: { accept: "text/calendar, */*;q=0.5", "user-agent": "Tasklane calendar reader" },
        signal,
        policy: limits,
      });
    } catch (error) {
      throw describe(error, host, limits.timeoutMs, signal);
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      if (redirects >= MAX_REDIRECTS) throw new CalendarFetchFailed("Too many redirects");
      url = new URL(location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new CalendarFetchFailed(
        `${host} answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ""}`,
      );
    }
    try {
      return await readBody(response, limits.maxBytes);
    } catch (error) {
      throw describe(error, host, limits.timeoutMs, signal);
    }
  }
}
