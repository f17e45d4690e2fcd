import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { extractResponseSchema, type ExtractRequest } from "@contract/extract";
import { premiumLimitSchema } from "@contract/premium";
import { apiRoutes } from "@contract/routes";
import { createAiProvider } from "../../src/ai";
import { testConfig } from "../../src/config";
import type { Db } from "../../src/db/database";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "../fake-openai-server";
import { bearer, createTestApp, signUp, testDatabase, type TestApp } from "../helpers";

const EXTRACT = apiRoutes.extractText.path;
const QUOTA_MESSAGE =
  "You have reached your monthly AI usage limit. Please upgrade to continue using AI extraction.";

let db: Db;
/** The default set-up: no AI_BASE_URL, so the built-in engine; a free limit of 3 uses. */
let offline: TestApp;
/** AI_BASE_URL pointing at a fake OpenAI-compatible server; a timeout no busy machine reaches. */
let online: TestApp;
/** The same endpoint with a short timeout, for the one test of a slow answer. */
let impatient: TestApp;
let fake: FakeOpenAiServer;

beforeAll(async () => {
  db = await testDatabase();
  fake = await startFakeOpenAiServer();
  offline = await createTestApp({ db, env: { AI_FREE_MONTHLY_LIMIT: "3" } });
  const env = { AI_FREE_MONTHLY_LIMIT: "2", AI_BASE_URL: fake.url, AI_TIMEOUT_MS: "10000" };
  online = await createTestApp({ db, env, ai: createAiProvider(testConfig(env).ai) });
  const impatientEnv = { ...env, AI_TIMEOUT_MS: "300" };
  impatient = await createTestApp({
    db,
    env: impatientEnv,
    ai: createAiProvider(testConfig(impatientEnv).ai),
  });
});
afterAll(async () => {
  await offline?.close();
  await online?.close();
  await impatient?.close();
  await fake?.close();
  await db?.destroy();
});
beforeEach(() => fake.reset());

async function newUser(t: TestApp) {
  const { token } = await signUp(t);
  const headers = bearer(token);
  return {
    headers,
    extract: (payload: ExtractRequest | Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: EXTRACT, headers, payload }),
    async usage() {
      const response = await t.app.inject({ method: "GET", url: apiRoutes.premiumLimit.path, headers });
      expect(response.statusCode, response.body).toBe(200);
      return premiumLimitSchema.parse(response.json()).current_usage;
    },
    async setTimezone(timezone: string) {
      const response = await t.app.inject({
        method: "POST",
        url: apiRoutes.timezone.path,
        headers,
        payload: { timezone },
      });
      expect(response.statusCode, response.body).toBe(200);
    },
  };
}

const validAiAnswer = {
  tasks: [
    {
      title: "Send the invoice",
      description: null,
      priority: "high",
      status: "pending",
      due_date: null,
      tags: [],
    },
  ],
};

describe("POST /api/v1/extract/text — input", () => {
  it("needs a bearer token", async () => {
    const response = await offline.app.inject({
      method: "POST",
      url: EXTRACT,
      payload: { content: "- [ ] x" },
    });
    expect(response.statusCode).toBe(401);
  });

  it("refuses blank content with 400 'Please enter some text to extract tasks from.'", async () => {
    const user = await newUser(offline);
    for (const strategy of ["pattern", "llm"] as const) {
      const response = await user.extract({ content: "  \n\t ", strategy });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: "Please enter some text to extract tasks from." });
    }
    expect(await user.usage()).toBe(0);
  });

  it("refuses a missing content, an unknown strategy and a timezone that is not an IANA name with 400", async () => {
    const user = await newUser(offline);
    const missing = await user.extract({ strategy: "pattern" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/content/);
    const strategy = await user.extract({ content: "- [ ] x", strategy: "magic" });
    expect(strategy.statusCode).toBe(400);
    expect(strategy.json().message).toMatch(/strategy must be pattern or llm/);
    const zone = await user.extract({ content: "- [ ] x", timezone: "+02:00" });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().message).toMatch(/IANA time-zone name/);
  });

  it("accepts 50,000 characters and refuses 50,001 with 413 naming the limit", async () => {
    const user = await newUser(offline);
    const atLimit = await user.extract({ content: `- [ ] Ship it\n${"x".repeat(50_000 - 14)}` });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect(atLimit.json()).toHaveLength(1);
    for (const strategy of ["pattern", "llm"] as const) {
      const tooLong = await user.extract({ content: "x".repeat(50_001), strategy });
      expect(tooLong.statusCode).toBe(413);
      expect(tooLong.json().message).toContain("50,000 characters");
    }
    expect(await user.usage()).toBe(0);
  });

  it("answers a body beyond the 1 MiB request limit with 413, not 500", async () => {
    const user = await newUser(offline);
    const response = await user.extract({ content: "x".repeat(1_100_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toHaveProperty("message");
  });
});

describe("POST /api/v1/extract/text — the pattern method", () => {
  it("returns the tasks found, unsaved, with the pattern source, and is never charged", async () => {
    const user = await newUser(offline);
    const response = await user.extract({
      content: "- [ ] Review Q3 report #high #finance\n- [x] Plan May Day party\nTODO: Call 3 suppliers",
      strategy: "pattern",
    });
    expect(response.statusCode, response.body).toBe(200);
    const tasks = extractResponseSchema.parse(response.json());
    expect(tasks).toEqual([
      {
        title: "Review Q3 report",
        description: null,
        priority: "high",
        status: "pending",
        due_date: null,
        tags: ["finance"],
        source: { type: "Manual", origin: "pattern" },
        recurrence: null,
      },
      {
        title: "Plan May Day party",
        description: null,
        priority: "medium",
        status: "completed",
        due_date: null,
        tags: [],
        source: { type: "Manual", origin: "pattern" },
        recurrence: null,
      },
      {
        title: "Call 3 suppliers",
        description: null,
        priority: "medium",
        status: "pending",
        due_date: null,
        tags: [],
        source: { type: "Manual", origin: "pattern" },
        recurrence: null,
      },
    ]);
    expect(await user.usage()).toBe(0);
    const saved = await offline.app.inject({
      method: "GET",
      url: apiRoutes.listTasks.path,
      headers: user.headers,
    });
    expect(saved.json()).toEqual([]);
  });

  it("is the default strategy and stays free at the AI limit", async () => {
    const user = await newUser(offline);
    for (let use = 0; use < 3; use += 1)
      expect((await user.extract({ content: "Please call Bob.", strategy: "llm" })).statusCode).toBe(200);
    const response = await user.extract({ content: "- [ ] Still works" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(1);
    expect(await user.usage()).toBe(3);
  });

  it("reads due dates in the request's timezone, else in the user's", async () => {
    // Saturday 21 November 2026, 16:00 UTC: 11:00 Saturday in New York, 01:00 Sunday in Tokyo.
    offline.clock.set("2026-11-21T16:00:00.000Z");
    const user = await newUser(offline);
    const content = "- [ ] Call the office tomorrow";
    const dueIn = async (payload: ExtractRequest) => {
      const response = await user.extract(payload);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { due_date: string }[])[0]?.due_date;
    };
    expect(await dueIn({ content })).toBe("2026-11-22T23:59:59.000Z"); // the default zone, UTC
    await user.setTimezone("Asia/Tokyo");
    expect(await dueIn({ content })).toBe("2026-11-23T14:59:59.000Z"); // Monday in Tokyo
    expect(await dueIn({ content, timezone: "America/New_York" })).toBe("2026-11-23T04:59:59.000Z"); // Sunday in New York
    expect(await dueIn({ content, strategy: "llm", timezone: "America/New_York" })).toBe(
      "2026-11-23T04:59:59.000Z",
    );
  });
});

describe("POST /api/v1/extract/text — the AI method with the built-in engine", () => {
  it("finds requests in prose, marks them as AI, and charges one use per request", async () => {
    const user = await newUser(offline);
    const response = await user.extract({
      content: "Hi! Could you please send me the signed contract? Also, we need to book the venue ASAP.",
      strategy: "llm",
    });
    expect(response.statusCode, response.body).toBe(200);
    const tasks = extractResponseSchema.parse(response.json());
    expect(tasks.map((task) => [task.title, task.priority])).toEqual([
      ["Send me the signed contract", "medium"],
      ["Book the venue", "urgent"],
    ]);
    expect(tasks.every((task) => task.source.type === "Llm" && task.source.origin === "builtin")).toBe(true);
    expect(await user.usage()).toBe(1);
  });

  it("charges a request that finds no tasks too: the AI did the work", async () => {
    const user = await newUser(offline);
    const response = await user.extract({ content: "Lovely weather today.", strategy: "llm" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(await user.usage()).toBe(1);
  });

  it("refuses with 403 and the quota message once current_usage reaches usage_limit", async () => {
    const user = await newUser(offline);
    for (let use = 1; use <= 3; use += 1) {
      expect((await user.extract({ content: "Call Bob.", strategy: "llm" })).statusCode).toBe(200);
      expect(await user.usage()).toBe(use);
    }
    const refused = await user.extract({ content: "Call Bob.", strategy: "llm" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: QUOTA_MESSAGE, code: "quota_exceeded" });
    expect(await user.usage()).toBe(3);
  });

  it("charges only one of two simultaneous requests for the last unit", async () => {
    const user = await newUser(offline);
    for (let use = 0; use < 2; use += 1) await user.extract({ content: "Call Bob.", strategy: "llm" });
    const answers = await Promise.all([
      user.extract({ content: "Please call Ann.", strategy: "llm" }),
      user.extract({ content: "Please call Ben.", strategy: "llm" }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    expect(await user.usage()).toBe(3);
  });

  it("counts each user's uses separately", async () => {
    const first = await newUser(offline);
    const second = await newUser(offline);
    await first.extract({ content: "Call Bob.", strategy: "llm" });
    expect(await first.usage()).toBe(1);
    expect(await second.usage()).toBe(0);
  });
});

describe("POST /api/v1/extract/text — the AI method with an OpenAI-compatible endpoint", () => {
  it("returns the model's validated tasks and charges one use", async () => {
    const user = await newUser(online);
    fake.enqueue({ json: validAiAnswer });
    const response = await user.extract({ content: "Send the invoice, it matters.", strategy: "llm" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      {
        title: "Send the invoice",
        description: null,
        priority: "high",
        status: "pending",
        due_date: null,
        tags: [],
        source: { type: "Llm", origin: "openai" },
        recurrence: null,
      },
    ]);
    expect(await user.usage()).toBe(1);
  });

  it("retries an invalid answer once and charges a single use for the request", async () => {
    const user = await newUser(online);
    fake.enqueue({ content: "{not json" }, { json: validAiAnswer });
    const response = await user.extract({ content: "Send the invoice.", strategy: "llm" });
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.requests).toHaveLength(2);
    expect(await user.usage()).toBe(1);
  });

  it("answers 502 and charges nothing when the answer is invalid twice", async () => {
    const user = await newUser(online);
    fake.enqueue({ content: "no" }, { json: { items: [] } });
    const response = await user.extract({ content: "Send the invoice.", strategy: "llm" });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      message: "The AI service returned an invalid answer. Please try again.",
    });
    expect(await user.usage()).toBe(0);
  });

  it("answers 502 and charges nothing when the endpoint fails with HTTP 500", async () => {
    const user = await newUser(online);
    fake.enqueue({ status: 500 });
    const response = await user.extract({ content: "Send the invoice.", strategy: "llm" });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      message: "The AI service returned an invalid answer. Please try again.",
    });
    expect(await user.usage()).toBe(0);
  });

  it("answers 504 and charges nothing when the endpoint is too slow", async () => {
    const user = await newUser(impatient);
    fake.enqueue({ json: validAiAnswer, delayMs: 2_000 });
    const response = await user.extract({ content: "Send the invoice.", strategy: "llm" });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({
      message: "The AI service took too long to answer. Please try again.",
    });
    expect(await user.usage()).toBe(0);
  });

  it("does not call the endpoint at all once the limit is reached", async () => {
    const user = await newUser(online);
    fake.enqueue({ json: validAiAnswer }, { json: validAiAnswer });
    expect((await user.extract({ content: "a", strategy: "llm" })).statusCode).toBe(200);
    expect((await user.extract({ content: "b", strategy: "llm" })).statusCode).toBe(200);
    const refused = await user.extract({ content: "c", strategy: "llm" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(QUOTA_MESSAGE);
    expect(fake.requests).toHaveLength(2);
  });

  it("never calls the endpoint for the pattern method", async () => {
    const user = await newUser(online);
    const response = await user.extract({ content: "- [ ] Offline only", strategy: "pattern" });
    expect(response.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(0);
  });
});
