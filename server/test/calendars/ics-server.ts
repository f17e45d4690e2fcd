import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/calendars/${name}`, import.meta.url), "utf8");

/** What a path answers: a calendar file, another status, or something that is no calendar. */
export type Answer =
  { status: number; body: string; type?: string } | { redirect: string } | { bytes: number };

/**
 * A calendar server on 127.0.0.1, as Google or Nextcloud would serve a private address: each
 * path answers what the test sets, and every request is counted.
 */
export async function startIcsServer(): Promise<{
  url(path: string): string;
  set(path: string, answer: Answer): void;
  requests(path: string): number;
  close(): Promise<void>;
}> {
  const answers = new Map<string, Answer>();
  const counts = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? "/";
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const answer = answers.get(path) ?? { status: 404, body: "Not found", type: "text/plain" };
    if ("redirect" in answer) {
      response.writeHead(302, { location: answer.redirect }).end();
    } else if ("bytes" in answer) {
      // A calendar that never ends: chunks without a declared length.
      response.writeHead(200, { "content-type": "text/calendar" });
      const chunk = Buffer.alloc(64 * 1024, "X");
      let sent = 0;
      const write = () => {
        while (sent < answer.bytes) {
          sent += chunk.length;
          if (!response.write(chunk)) {
            response.once("drain", write);
            return;
          }
        }
        response.end();
      };
      response.on("error", () => undefined);
      write();
    } else {
      response.writeHead(answer.status, { "content-type": answer.type ?? "text/calendar; charset=utf-8" });
      response.end(answer.body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set: (path, answer) => answers.set(path, answer),
    requests: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
