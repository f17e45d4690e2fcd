import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAiProvider } from "../../src/ai";
import { AiProviderError, type AiProvider, type PlanCandidate } from "../../src/ai/provider";
import { testConfig } from "../../src/config";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "../fake-openai-server";

/** The real `openai` SDK talking HTTP to a fake OpenAI-compatible server. */

const input = {
  content: "Please send the invoice to Dana by Friday.",
  timeZone: "America/New_York",
  now: new Date("2026-11-18T15:00:00.000Z"), // Wednesday 10:00 in New York
};

const validAnswer = {
  tasks: [
    {
      title: "Send the invoice to Dana",
      description: "Dana asked for it",
      priority: "High",
      status: "pending",
      due_date: "2026-11-20",
      tags: ["#billing", "billing", "finance"],
    },
  ],
};

async function failureOf(promise: Promise<unknown>): Promise<AiProviderError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AiProviderError))
    throw new Error(`expected an AiProviderError, got ${String(error)}`);
  return error;
}

describe("the OpenAI-compatible provider", () => {
  let fake: FakeOpenAiServer;
  let provider: AiProvider;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    provider = createAiProvider({
      ...testConfig().ai,
      baseUrl: fake.url,
      apiKey: "test-key",
      model: "test-model",
      timeoutMs: 1_500,
    });
  });
  afterAll(async () => fake.close());
  beforeEach(() => fake.reset());

  it("is chosen when AI_BASE_URL is set, the built-in engine otherwise", () => {
    expect(provider.name).toBe("openai");
    expect(createAiProvider(testConfig().ai).name).toBe("builtin");
  });

  it("asks for a JSON object with the model, the key and the user's date and zone, and returns validated tasks", async () => {
    fake.enqueue({ json: validAnswer });
    const tasks = await provider.extractTasks(input);
    expect(tasks).toEqual([
      {
        title: "Send the invoice to Dana",
        description: "Dana asked for it",
        priority: "high",
        status: "pending",
        // A date without a time: the end of Friday 20 November in New York.
        due_date: "2026-11-21T04:59:59.000Z",
        tags: ["billing", "finance"],
        source: { type: "Llm", origin: "openai" },
        recurrence: null,
      },
    ]);
    const [request] = fake.requests;
    expect(request?.authorization).toBe("Bearer test-key");
    expect(request?.body.model).toBe("test-model");
    expect(request?.body.response_format).toEqual({ type: "json_object" });
    const [system, user] = request?.body.messages ?? [];
    expect(system?.role).toBe("system");
    expect(system?.content).toContain("America/New_York");
    expect(system?.content).toContain("Wednesday, 18/11/2026, 10:00");
    expect(user).toEqual({ role: "user", content: input.content });
  });

  it("tells the model the hour this user means by morning: 09:00 unless they chose another", async () => {
    fake.enqueue({ json: validAnswer });
    fake.enqueue({ json: validAnswer });
    await provider.extractTasks(input);
    await provider.extractTasks({ ...input, morningHour: 7 });
    const [plain, early] = fake.requests.map((request) => request.body.messages?.[0]?.content);
    expect(plain).toContain('"morning" with no hour written means 09:00');
    expect(early).toContain('"morning" with no hour written means 07:00');
  });

  it("reads local times in the user's zone and keeps explicit offsets", async () => {
    fake.enqueue({
      json: {
        tasks: [
          { title: "Call Dana", due_date: "2026-11-19T15:30" },
          { title: "Ship it", due_date: "2026-11-19T15:30:00Z", priority: "whenever", status: "done-ish" },
          { title: "Read the memo", due_date: null },
        ],
      },
    });
    const tasks = await provider.extractTasks(input);
    expect(tasks.map((task) => [task.title, task.due_date, task.priority, task.status])).toEqual([
      ["Call Dana", "2026-11-19T20:30:00.000Z", "medium", "pending"],
      ["Ship it", "2026-11-19T15:30:00.000Z", "medium", "pending"],
      ["Read the memo", null, "medium", "pending"],
    ]);
  });

  it("accepts an empty list when the text has no tasks", async () => {
    fake.enqueue({ json: { tasks: [] } });
    await expect(provider.extractTasks(input)).resolves.toEqual([]);
  });

  it("asks once more after an answer that is not JSON, telling the model what was wrong", async () => {
    fake.enqueue({ content: "Sure! Here are your tasks: send the invoice." }, { json: validAnswer });
    const tasks = await provider.extractTasks(input);
    expect(tasks.map((task) => task.title)).toEqual(["Send the invoice to Dana"]);
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1]?.body.messages ?? [];
    expect(retry.at(-2)).toEqual({
      role: "assistant",
      content: "Sure! Here are your tasks: send the invoice.",
    });
    expect(retry.at(-1)?.content).toContain("not valid JSON");
  });

  it("asks once more after JSON that does not match the schema", async () => {
    fake.enqueue({ json: { tasks: [{ description: "no title" }] } }, { json: validAnswer });
    await expect(provider.extractTasks(input)).resolves.toHaveLength(1);
    expect(fake.requests[1]?.body.messages?.at(-1)?.content).toContain("title");
  });

  it("gives up with bad_response after two invalid answers", async () => {
    fake.enqueue({ content: "not json" }, { json: { tasks: [{ title: "X", due_date: "next friday-ish" }] } });
    const error = await failureOf(provider.extractTasks(input));
    expect(error.kind).toBe("bad_response");
    expect(fake.requests).toHaveLength(2);
  });

  it("turns an HTTP 500 into bad_response without retrying", async () => {
    fake.enqueue({ status: 500, error: "model crashed" });
    const error = await failureOf(provider.extractTasks(input));
    expect(error.kind).toBe("bad_response");
    expect(fake.requests).toHaveLength(1);
  });

  it("turns a slow answer into timeout", async () => {
    const impatient = createAiProvider({ ...testConfig().ai, baseUrl: fake.url, timeoutMs: 200 });
    fake.enqueue({ json: validAnswer, delayMs: 2_000 });
    const started = performance.now();
    const error = await failureOf(impatient.extractTasks(input));
    expect(error.kind).toBe("timeout");
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it("keeps both attempts within one timeout", async () => {
    const impatient = createAiProvider({ ...testConfig().ai, baseUrl: fake.url, timeoutMs: 400 });
    fake.enqueue({ content: "not json", delayMs: 250 }, { json: validAnswer, delayMs: 250 });
    const error = await failureOf(impatient.extractTasks(input));
    expect(error.kind).toBe("timeout");
  });

  it("reports an endpoint that cannot be reached as unavailable", async () => {
    const closed = await startFakeOpenAiServer();
    const url = closed.url;
    await closed.close();
    const unreachable = createAiProvider({ ...testConfig().ai, baseUrl: url, timeoutMs: 1_000 });
    const error = await failureOf(unreachable.extractTasks(input));
    expect(error.kind).toBe("unavailable");
  });

  describe("prioritise (daily plan)", () => {
    const candidates: PlanCandidate[] = [
      {
        id: "t1",
        title: "Pay rent",
        description: null,
        status: "pending",
        priority: "high",
        due_date: null,
        created_at: "2026-11-01T00:00:00.000Z",
      },
      {
        id: "t2",
        title: "Call mom",
        description: null,
        status: "pending",
        priority: "medium",
        due_date: null,
        created_at: "2026-11-02T00:00:00.000Z",
      },
    ];
    const planInput = {
      tasks: candidates,
      timeZone: "Europe/Berlin",
      now: new Date("2026-11-18T15:00:00.000Z"),
    };

    it("returns the model's picks in order, dropping unknown and repeated ids", async () => {
      fake.enqueue({
        json: {
          picks: [
            { task_id: "t2", reason: "Quick and overdue for a chat" },
            { task_id: "made-up", reason: "?" },
            { task_id: "t1", reason: "High priority" },
            { task_id: "t2", reason: "again" },
          ],
        },
      });
      await expect(provider.prioritise(planInput)).resolves.toEqual([
        { task_id: "t2", reason: "Quick and overdue for a chat" },
        { task_id: "t1", reason: "High priority" },
      ]);
      const [system, user] = fake.requests[0]?.body.messages ?? [];
      expect(system?.content).toContain("Europe/Berlin");
      expect(JSON.parse(user?.content ?? "{}")).toEqual({ tasks: candidates });
    });

    it("asks again when every id is unknown, then gives up with bad_response", async () => {
      fake.enqueue(
        { json: { picks: [{ task_id: "nope", reason: "x" }] } },
        { json: { picks: [{ task_id: 42, reason: "y" }] } },
      );
      const error = await failureOf(provider.prioritise(planInput));
      expect(error.kind).toBe("bad_response");
      expect(fake.requests).toHaveLength(2);
    });

    it("times out like extraction", async () => {
      const impatient = createAiProvider({ ...testConfig().ai, baseUrl: fake.url, timeoutMs: 200 });
      fake.enqueue({ json: { picks: [] }, delayMs: 2_000 });
      expect((await failureOf(impatient.prioritise(planInput))).kind).toBe("timeout");
    });

    it("does not call the model when there is nothing to plan", async () => {
      await expect(provider.prioritise({ ...planInput, tasks: [] })).resolves.toEqual([]);
      expect(fake.requests).toHaveLength(0);
    });
  });
});
