import http from "node:http";
import { percentile } from "./measure";

/**
 * An open-loop load at a fixed rate: request i is due at start + i / rate and is sent then,
 * whether or not earlier ones have answered, and its latency runs from when it was due, not from
 * when it left. A server that falls behind therefore shows it in the latency (the requests
 * waiting for a connection, or for this process, count), which a closed loop (autocannon: each
 * connection waits for its answer before sending the next) hides by slowing down with the server.
 *
 * Plain node:http with a keep-alive agent: at a few thousand requests a second at most, on
 * loopback, nothing more is needed. Bounded: the schedule is `rate × seconds` requests, each
 * request gives up after `timeoutMs` (counted as an error), and the run ends at most `timeoutMs`
 * after the last was due.
 */

export interface PlannedRequest {
  method: "GET" | "POST" | "PUT";
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Called with a successful (2xx or 304) answer, to keep the simulated user's state current. */
  answered?: (status: number, headers: http.IncomingHttpHeaders, body: string) => void;
}

export interface OpenLoopFigures {
  rate: number;
  seconds: number;
  /** Requests answered with 2xx or 304. */
  ok: number;
  /** Non-2xx/304 answers, socket errors and timeouts. */
  errors: number;
  /** The first few errors, to say what went wrong. */
  errorSamples: string[];
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Answers per status code ("304": 1234). */
  statuses: Record<string, number>;
  /** The latest any request left this process after it was due: whether this process kept up. */
  worstSendLagMs: number;
}

export async function openLoop(options: {
  /** http://127.0.0.1:port: the load is for loopback only. */
  baseUrl: string;
  rate: number;
  seconds: number;
  next: (index: number) => PlannedRequest;
  timeoutMs?: number;
  /** Connections kept open at most (a browser keeps one or a few per user). */
  connections?: number;
}): Promise<OpenLoopFigures> {
  const url = new URL(options.baseUrl);
  if (url.hostname !== "127.0.0.1") throw new Error(`The bench loads 127.0.0.1 only, not ${url.hostname}`);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const total = Math.round(options.rate * options.seconds);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections ?? 256 });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const errorSamples: string[] = [];
  let errors = 0;
  let worstSendLagMs = 0;

  const fail = (what: string) => {
    errors += 1;
    if (errorSamples.length < 5) errorSamples.push(what);
  };

  const send = (planned: PlannedRequest, dueAt: number): Promise<void> =>
    new Promise((resolve) => {
      let settled = false;
      const settle = (error?: string) => {
        if (settled) return;
        settled = true;
        latencies.push(performance.now() - dueAt);
        if (error) fail(`${planned.method} ${planned.path}: ${error}`);
        resolve();
      };
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: planned.method,
          path: planned.path,
          headers: {
            ...planned.headers,
            ...(planned.body === undefined
              ? {}
              : { "content-type": "application/json", "content-length": Buffer.byteLength(planned.body) }),
          },
          timeout: timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", (error) => settle(error.message));
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            statuses[status] = (statuses[status] ?? 0) + 1;
            const body = Buffer.concat(chunks).toString("utf8");
            if ((status >= 200 && status < 300) || status === 304) {
              try {
                planned.answered?.(status, response.headers, body);
              } catch (error) {
                settle(`unreadable answer: ${error instanceof Error ? error.message : String(error)}`);
                return;
              }
              settle();
            } else settle(`answered ${status} ${body.slice(0, 120)}`);
          });
        },
      );
      request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      request.on("error", (error) => settle(error.message));
      request.end(planned.body);
    });

  const inFlight = new Set<Promise<void>>();
  const start = performance.now() + 20;
  const dueAt = (index: number) => start + (index * 1000) / options.rate;
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    while (sent < total && dueAt(sent) <= now) {
      worstSendLagMs = Math.max(worstSendLagMs, now - dueAt(sent));
      const sending = send(options.next(sent), dueAt(sent));
      inFlight.add(sending);
      void sending.then(() => inFlight.delete(sending));
      sent += 1;
    }
    if (sent < total) await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt(sent) - now)));
  }
  // Every request gives up after timeoutMs, so this ends; the deadline is a second guard.
  await Promise.race([
    Promise.all(inFlight),
    new Promise((resolve) => setTimeout(resolve, timeoutMs + 1_000).unref()),
  ]);
  for (let index = inFlight.size; index > 0; index -= 1) {
    latencies.push(timeoutMs);
    fail("still unanswered at the end of the run");
  }
  agent.destroy();

  latencies.sort((a, b) => a - b);
  return {
    rate: options.rate,
    seconds: options.seconds,
    ok: latencies.length - errors,
    errors,
    errorSamples,
    p50: percentile(latencies, 0.5),
    p90: percentile(latencies, 0.9),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    statuses,
    worstSendLagMs,
  };
}
