import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, pathFor } from "@contract/routes";
import {
  bearer,
  createTestApp,
  latestVerificationCode,
  signUp,
  type SignedUp,
  type TestApp,
} from "../helpers";

/**
 * Every status a call answers is in the served OpenAPI description. Each operation is driven
 * through the answers it can give (no token, a bad body, a wrong content type, an oversized body,
 * an unknown id, its own refusals); every status seen is then looked up in /docs/json.
 */
type Method = "GET" | "POST" | "PUT" | "DELETE";
interface Operation {
  method: Method;
  path: string;
}

const SECRET = "openapi-webhook-secret-0123456789";
const WEBHOOK: Operation = { method: "POST", path: "/inbound/email" };
const operations: Operation[] = [...Object.values(apiRoutes), WEBHOOK];
const observed = new Map<string, Set<number>>();
const keyOf = (operation: Operation) => `${operation.method} ${operation.path}`;

let t: TestApp;
let me: SignedUp;

async function send(
  operation: Operation,
  options: {
    token?: string;
    payload?: string | object | Buffer;
    contentType?: string;
    id?: string;
    ip?: string;
  } = {},
): Promise<number> {
  const url = pathFor(operation.path, {
    id: options.id ?? "no-such-id",
    user_id: "no-such-user",
    file: "no-such-feed.ics",
  });
  const headers: Record<string, string> = {};
  if (options.token) Object.assign(headers, bearer(options.token));
  if (options.contentType) headers["content-type"] = options.contentType;
  const response = await t.app.inject({
    method: operation.method,
    url,
    headers,
    remoteAddress: options.ip ?? "192.0.2.200",
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
  const statuses = observed.get(keyOf(operation)) ?? new Set<number>();
  statuses.add(response.statusCode);
  observed.set(keyOf(operation), statuses);
  return response.statusCode;
}

beforeAll(async () => {
  t = await createTestApp({
    env: { INBOUND_WEBHOOK_SECRET: SECRET, AI_FREE_MONTHLY_LIMIT: "1", INBOUND_MAX_TASKS_PER_DAY: "1" },
  });
  me = await signUp(t);
});
afterAll(async () => {
  await t?.close();
});

describe("the OpenAPI description lists every status the API answers", () => {
  it("drives every operation through its answers", async () => {
    for (const operation of operations) {
      // Signing out revokes the token it is sent with: that call gets a session of its own.
      const token = operation === apiRoutes.logout ? (await signUp(t)).token : me.token;
      const hasBody = operation.method === "POST" || operation.method === "PUT";
      await send(operation);
      await send(operation, { token });
      if (hasBody) {
        await send(operation, { token, payload: { title: 5, email: "x", content: 7, timezone: "+02:00" } });
        await send(operation, { token, payload: "{not json", contentType: "application/json" });
        await send(operation, { token, payload: "", contentType: "application/json" });
        await send(operation, { token, payload: "plain words", contentType: "application/xml" });
        await send(operation, {
          token,
          payload: JSON.stringify({ content: "x".repeat(2 * 1024 * 1024) }),
          contentType: "application/json",
        });
      }
    }

    // Each call's own refusals.
    const { token } = me;
    await send(apiRoutes.login, { payload: { email: me.user.email, password: "Wrong-Guess-42" } });
    for (let i = 0; i < 25; i += 1) {
      await send(apiRoutes.login, {
        payload: { email: `n${i}@example.com`, password: "Wrong-Guess-42" },
        ip: "192.0.2.201",
      });
    }
    await send(apiRoutes.sendVerification, { payload: { email: "openapi@example.com" } });
    await send(apiRoutes.sendVerification, { payload: { email: "openapi@example.com" } });
    await send(apiRoutes.register, {
      payload: {
        email: "openapi@example.com",
        verification_code: latestVerificationCode(t.mailer, "openapi@example.com"),
        username: me.user.username,
        password: "Quiet-Harbor-Lantern",
      },
    });
    await send(apiRoutes.forgotPassword, { payload: { email: me.user.email } });
    await send(apiRoutes.forgotPassword, { payload: { email: me.user.email } });
    await send(apiRoutes.resetPassword, {
      payload: { email: me.user.email, code: "000000", new_password: "Quiet-Harbor-Lantern-9" },
    });
    await send(apiRoutes.changePassword, {
      token,
      payload: { current_password: "Wrong-Guess-42", new_password: "Quiet-Harbor-Lantern" },
    });
    await send(apiRoutes.extractText, { token, payload: { content: "   " } });
    await send(apiRoutes.extractText, { token, payload: { content: "x".repeat(50_001) } });
    await send(apiRoutes.extractText, { token, payload: { content: "TODO: Call Bob", strategy: "llm" } });
    await send(apiRoutes.extractText, { token, payload: { content: "TODO: Call Bob", strategy: "llm" } });
    await send(apiRoutes.generateDaily, { token });
    await send(apiRoutes.createTask, { token, payload: { title: "Documented" } });
    await send(apiRoutes.createTask, { token, payload: { title: "Lost", parent_id: "no-such-task" } });
    await send(apiRoutes.createProject, { token, payload: { name: "Documented" } });
    await send(apiRoutes.createProject, { token, payload: { name: "documented" } });
    const projects = (
      await t.app.inject({ method: "GET", url: apiRoutes.listProjects.path, headers: bearer(token) })
    ).json<Array<{ id: string; is_inbox: boolean }>>();
    const inbox = projects.find((project) => project.is_inbox)?.id ?? "";
    const other = projects.find((project) => !project.is_inbox)?.id ?? "";
    await send(apiRoutes.updateProject, { token, id: inbox, payload: { archived: true } });
    await send(apiRoutes.updateProject, { token, id: other, payload: { name: "Documented" } });
    await send(apiRoutes.deleteProject, { token, id: inbox });
    await send(apiRoutes.deleteProject, { token, id: other });

    const webhook = (raw: string, contentType = "message/rfc822", secret = SECRET) =>
      t.app.inject({
        method: "POST",
        url: WEBHOOK.path,
        headers: { "content-type": contentType, authorization: `Bearer ${secret}` },
        payload: raw,
      });
    const mail = (to: string, id: string) =>
      [
        `From: ${me.user.email}`,
        `To: ${to}`,
        "Subject: Hi",
        `Message-ID: <${id}@example.com>`,
        "",
        "TODO: Reply",
      ].join("\r\n");
    for (const response of [
      await webhook(mail(`${me.user.username}@tasklane.localhost`, "a")),
      await webhook(mail(`${me.user.username}@tasklane.localhost`, "a")),
      await webhook(mail(`${me.user.username}@tasklane.localhost`, "b")),
      await webhook(mail("nobody-here@tasklane.localhost", "c")),
      await webhook(
        mail(`${me.user.username}@tasklane.localhost`, "d").replace(me.user.email, "x@example.com"),
      ),
      await webhook(mail(`${me.user.username}@tasklane.localhost`, "e"), "message/rfc822", "wrong-secret"),
      await webhook("", "message/rfc822"),
      await webhook("{}", "application/json"),
    ]) {
      observed.get(keyOf(WEBHOOK))?.add(response.statusCode);
    }

    // The drive is not hollow: most calls answered something other than success.
    const errorStatuses = [...observed.values()].flatMap((statuses) =>
      [...statuses].filter((status) => status >= 400),
    );
    expect(errorStatuses.length).toBeGreaterThan(45);
  });

  it("documents each of those statuses, with the error body, for each operation", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/docs/json" })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses?: Record<
              string,
              { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
            >;
          }
        >
      >;
    };
    const missing: string[] = [];
    for (const operation of operations) {
      const documented =
        doc.paths[operation.path.replace(/:([A-Za-z_]+)/g, "{$1}")]?.[operation.method.toLowerCase()];
      expect(documented, keyOf(operation)).toBeDefined();
      for (const status of observed.get(keyOf(operation)) ?? []) {
        const response = documented?.responses?.[String(status)];
        if (!response) {
          missing.push(`${keyOf(operation)} → ${status}`);
          continue;
        }
        if (status >= 400) {
          expect(
            response.content?.["application/json"]?.schema?.properties,
            `${keyOf(operation)} ${status}`,
          ).toHaveProperty("message");
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("the OpenAPI description says which calls need a token", () => {
  it("marks exactly the contract's signed-in calls with bearer security", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/docs/json" })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const wrong = Object.values(apiRoutes).flatMap((route) => {
      const documented =
        doc.paths[route.path.replace(/:([A-Za-z_]+)/g, "{$1}")]?.[route.method.toLowerCase()];
      const needsToken = (documented?.security ?? []).length > 0;
      return needsToken === route.auth ? [] : [`${route.method} ${route.path}`];
    });
    expect(wrong).toEqual([]);
  });
});
