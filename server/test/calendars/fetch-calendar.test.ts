import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CalendarFetchFailed, fetchCalendarText } from "../../src/modules/calendars/fetch-calendar";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/silent.ics") return; // accepts, never answers
    if (request.url === "/drip.ics") {
      // Answers at once, then sends a line now and then, never ending.
      response.writeHead(200, { "content-type": "text/calendar" });
      response.write("BEGIN:VCALENDAR\r\n");
      const timer = setInterval(() => response.write("X-DRIP:1\r\n"), 50);
      response.on("close", () => clearInterval(timer));
      return;
    }
    if (request.url === "/loop.ics") {
      response.writeHead(302, { location: "/loop.ics" }).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/calendar" }).end("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const limits = { allowPrivate: true, timeoutMs: 400, maxBytes: 1024 * 1024 };

describe("fetching a calendar", () => {
  it("reads what the server sends", async () => {
    await expect(fetchCalendarText(`${base}/ok.ics`, limits)).resolves.toContain("BEGIN:VCALENDAR");
  });

  it.each(["/silent.ics", "/drip.ics"])("gives up on %s when the time is up", async (path) => {
    const started = performance.now();
    const failure = fetchCalendarText(`${base}${path}`, limits);
    await expect(failure).rejects.toThrow(CalendarFetchFailed);
    await expect(failure).rejects.toThrow("did not answer within");
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("stops after three redirects", async () => {
    await expect(fetchCalendarText(`${base}/loop.ics`, limits)).rejects.toThrow("Too many redirects");
  });

  it("refuses this machine when private addresses are not allowed, by address or by name", async () => {
    const guarded = { ...limits, allowPrivate: false };
    await expect(fetchCalendarText(`${base}/ok.ics`, guarded)).rejects.toThrow("private or local address");
    await expect(
      fetchCalendarText(`${base.replace("127.0.0.1", "localhost")}/ok.ics`, guarded),
    ).rejects.toThrow("private or local address");
    await expect(fetchCalendarText("http://[::1]:9/ok.ics", guarded)).rejects.toThrow(
      "private or local address",
    );
    await expect(fetchCalendarText("http://169.254.169.254/latest/meta-data", guarded)).rejects.toThrow(
      "private or local address",
    );
  });
});
