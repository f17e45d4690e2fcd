import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A test double for an OpenAI-compatible endpoint: a real HTTP server on
 * 127.0.0.1 speaking the chat-completions API, so the real `openai` SDK is exercised end to end.
 * Each test scripts its answers: valid JSON, invalid JSON, an HTTP error, a slow answer.
 */

export type FakeAnswer = ({ content: string } | { json: unknown } | { status: number; error?: string }) & {
  delayMs?: number;
};

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: { type: string };
    [key: string]: unknown;
  };
}

export type FakeResponder = (request: RecordedRequest) => FakeAnswer;

export interface FakeOpenAiServer {
  /** The base URL to give the SDK (AI_BASE_URL), ending in /v1 */
  url: string;
  /** Every chat-completion request received, in order */
  requests: RecordedRequest[];
  /** Answers for the next requests, one each, in order */
  enqueue(...answers: FakeAnswer[]): void;
  /** What to answer once the queue is empty (by default HTTP 500 "nothing scripted") */
  setFallback(responder: FakeResponder): void;
  /** Empties the queue and the recorded requests, and restores the default fallback */
  reset(): void;
  close(): Promise<void>;
}

const nothingScripted: FakeResponder = () => ({
  status: 500,
  error: "The fake AI server has no answer scripted",
});

/**
 * A responder for end-to-end runs: each non-blank line of the text becomes a task titled with
 * it; a planning request picks the first three tasks it is given.
 */
export const linesAsTasks: FakeResponder = (request) => {
  const messages = request.body.messages ?? [];
  const userText = messages.filter((message) => message.role === "user").at(0)?.content ?? "";
  const isPlan = /plan a person's day/i.test(messages[0]?.content ?? "");
  if (/weekly task review/i.test(messages[0]?.content ?? "")) {
    const facts = JSON.parse(userText) as { completed: number };
    return { json: { summary: `The fake AI saw ${facts.completed} completed tasks.` } };
  }
  if (isPlan) {
    const { tasks } = JSON.parse(userText) as { tasks: { id: string }[] };
    return {
      json: {
        picks: tasks.slice(0, 3).map((task) => ({ task_id: task.id, reason: "Picked by the fake AI" })),
      },
    };
  }
  const lines = userText
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return {
    json: {
      tasks: lines.map((line) => ({
        title: line.slice(0, 120),
        description: null,
        priority: "medium",
        status: "pending",
        due_date: null,
        tags: [],
      })),
    },
  };
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.destroyed || response.writableEnded) return;
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startFakeOpenAiServer(
  options: { port?: number; fallback?: FakeResponder } = {},
): Promise<FakeOpenAiServer> {
  const queue: FakeAnswer[] = [];
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let fallback = options.fallback ?? nothingScripted;
  let completions = 0;

  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? "").split("?")[0] ?? "";
      if (request.method !== "POST" || !path.endsWith("/chat/completions")) {
        sendJson(response, 404, {
          error: { message: `No route ${request.method} ${path}`, type: "invalid_request_error" },
        });
        return;
      }
      let body: RecordedRequest["body"];
      try {
        body = JSON.parse(await readBody(request)) as RecordedRequest["body"];
      } catch {
        sendJson(response, 400, {
          error: { message: "The body is not JSON", type: "invalid_request_error" },
        });
        return;
      }
      const recorded: RecordedRequest = { path, authorization: request.headers.authorization, body };
      requests.push(recorded);
      const answer = queue.shift() ?? fallback(recorded);
      const respond = () => {
        if ("status" in answer) {
          sendJson(response, answer.status, {
            error: { message: answer.error ?? "Scripted failure", type: "server_error" },
          });
          return;
        }
        completions += 1;
        const content = "json" in answer ? JSON.stringify(answer.json) : answer.content;
        sendJson(response, 200, {
          id: `chatcmpl-fake-${completions}`,
          object: "chat.completion",
          // eslint-disable-next-line no-restricted-syntax -- a stand-in for a remote server, which has its own clock
          created: Math.floor(Date.now() / 1000),
          model: body.model ?? "fake-model",
          choices: [
            {
              index: 0,
              message: { role: "assistant", content, refusal: null },
              finish_reason: "stop",
              logprobs: null,
            },
          ],
          usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
        });
      };
      if (answer.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          respond();
        }, answer.delayMs);
        timers.add(timer);
      } else {
        respond();
      }
    })();
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...answers) => {
      queue.push(...answers);
    },
    setFallback: (responder) => {
      fallback = responder;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fallback = options.fallback ?? nothingScripted;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
