import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import {
  bearer,
  createTestApp,
  latestVerificationCode,
  signUp,
  type SignedUp,
  type TestApp,
} from "../helpers";

let t: TestApp;
let me: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  me = await signUp(t);
});
afterAll(async () => {
  await t?.close();
});

describe("answers carrying a token or account data", () => {
  it("send Cache-Control: no-store from sign-up and sign-in", async () => {
    const email = "cache-control@example.com";
    const sent = await t.app.inject({
      method: "POST",
      url: apiRoutes.sendVerification.path,
      payload: { email },
    });
    expect(sent.headers["cache-control"]).toBe("no-store");
    const registered = await t.app.inject({
      method: "POST",
      url: apiRoutes.register.path,
      payload: {
        email,
        verification_code: latestVerificationCode(t.mailer, email),
        username: "cache-control",
        password: "Quiet-Harbor-Lantern",
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.headers["cache-control"]).toBe("no-store");
    const login = await t.app.inject({
      method: "POST",
      url: apiRoutes.login.path,
      payload: { email, password: "Quiet-Harbor-Lantern" },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers["cache-control"]).toBe("no-store");
  });

  it("send Cache-Control: no-store with the user, their tasks and their usage, and on errors", async () => {
    const headers = bearer(me.token);
    for (const [method, url, payload] of [
      ["GET", apiRoutes.me.path, undefined],
      ["POST", apiRoutes.timezone.path, { timezone: "Europe/Berlin" }],
      ["PUT", apiRoutes.profile.path, { first_name: "Ada" }],
      ["GET", apiRoutes.premiumStatus.path, undefined],
      ["GET", apiRoutes.dailyStatus.path, undefined],
    ] as const) {
      const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
    // The task list and statistics carry an ETag instead: the browser keeps them privately only to
    // ask "changed?" each time (a 304 costs no body), never answering from its copy unasked.
    for (const url of [apiRoutes.listTasks.path, apiRoutes.taskStats.path]) {
      const response = await t.app.inject({ method: "GET", url, headers });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.headers["cache-control"], url).toBe("private, no-cache");
      expect(response.headers.etag, url).toBeTruthy();
    }
    const unauthorised = await t.app.inject({ method: "GET", url: apiRoutes.me.path });
    expect(unauthorised.statusCode).toBe(401);
    expect(unauthorised.headers["cache-control"]).toBe("no-store");
  });
});
