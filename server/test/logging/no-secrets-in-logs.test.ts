import { createHash, randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createAiProvider } from "../../src/ai";
import { buildApp } from "../../src/app";
import type { AppDeps } from "../../src/app-types";
import { testConfig } from "../../src/config";
import { engineOf } from "../../src/db/database";
import { createLogger } from "../../src/lib/logger";
import { createMailer } from "../../src/mail/mailer";
import { testClock, testDatabase } from "../helpers";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Every line the server logs, at its most talkative level, as JSON (what a log shipper stores). */
function captureLog() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger("trace", { destination, pretty: false }) };
}

describe("the server log", () => {
  it("shows the verification code as one plain line and never a password, token or hash", async () => {
    const { lines, logger } = captureLog();
    // No SMTP_URL: the verification code goes to the log, as on a first `npm start`.
    const config = testConfig({ STATIC_DIR: "./no-spa-in-server-tests", LOG_LEVEL: "trace" });
    const db = await testDatabase();
    const deps: AppDeps = {
      config,
      db,
      engine: engineOf({ databaseUrl: process.env.TEST_DATABASE_URL }),
      clock: testClock(),
      mailer: createMailer({ from: config.mailFrom }, logger),
      ai: createAiProvider(config.ai),
    };
    const app = await buildApp(deps, { loggerInstance: logger });
    try {
      const email = `log-${randomUUID()}@example.com`;
      const password = "Quiet-Harbor-Lantern-42";
      const sent = await app.inject({ method: "POST", url: "/auth/send-verification", payload: { email } });
      expect(sent.statusCode).toBe(200);

      const codeLines = lines.filter((line) => line.includes(`Verification code for ${email}: `));
      expect(codeLines).toHaveLength(1);
      const code = /: (\d{6}) /.exec(JSON.parse(codeLines[0]!).msg as string)?.[1];
      expect(code).toMatch(/^\d{6}$/);

      const registered = await app.inject({
        method: "POST",
        url: "/auth/register",
        payload: {
          email,
          verification_code: code,
          username: `log${randomUUID().slice(0, 8)}`,
          password,
          first_name: "Log",
          last_name: "Reader",
        },
      });
      expect(registered.statusCode).toBe(200);
      const login = await app.inject({ method: "POST", url: "/auth/login", payload: { email, password } });
      expect(login.statusCode).toBe(200);
      const token = (login.json() as { token: string }).token;
      const registerToken = (registered.json() as { token: string }).token;
      const created = await app.inject({
        method: "POST",
        url: "/api/v1/tasks",
        headers: { authorization: `Bearer ${token}` },
        payload: { title: "Water the plants" },
      });
      expect(created.statusCode).toBe(201);
      await app.inject({
        method: "POST",
        url: "/auth/logout",
        headers: { authorization: `Bearer ${token}` },
      });

      const log = lines.join("\n");
      // The journey was logged (requests and responses), so the search below means something.
      expect(log).toContain('"url":"/api/v1/tasks"');
      for (const secret of [
        token,
        registerToken,
        sha256(token),
        sha256(registerToken),
        sha256(`${email}:${code}`),
        password,
      ]) {
        expect(log).not.toContain(secret);
      }
      // The code itself appears once: in its own line.
      expect(lines.filter((line) => line.includes(code!))).toHaveLength(1);
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
