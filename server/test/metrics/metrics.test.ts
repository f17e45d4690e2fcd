import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import { parseConfig } from "../../src/config";
import { runDueJobs } from "../../src/jobs/runner";
import { jobKinds } from "../../src/services";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

const TOKEN = "metrics-token-0123456789abcdef";
const SECRET = "test-webhook-secret-0123456789";
const quiet = { warn: () => undefined, error: () => undefined };

/** The value of one series in Prometheus' text format ("name{label="x"} 3"), 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

function mail(from: string, to: string, id: string): Buffer {
  const text = readFileSync(path.join(import.meta.dirname, "..", "fixtures", "mail", "plain.eml"), "latin1")
    .replaceAll("{{FROM}}", from)
    .replaceAll("{{TO}}", to)
    .replaceAll("{{ID}}", id);
  return Buffer.from(text, "latin1");
}

describe("GET /metrics", () => {
  let t: TestApp;
  let me: SignedUp;

  const scrape = async () => {
    const response = await t.app.inject({ method: "GET", url: "/metrics", headers: bearer(TOKEN) });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, INBOUND_WEBHOOK_SECRET: SECRET } });
    me = await signUp(t);
  });
  afterAll(async () => t.close());

  it("is off (404) without METRICS_TOKEN", async () => {
    const off = await createTestApp({ db: t.deps.db });
    const response = await off.app.inject({ method: "GET", url: "/metrics", headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
    await off.close();
  });

  it("answers 401 without the token or with another one", async () => {
    for (const headers of [{}, bearer("metrics-token-0123456789abcdeX"), { authorization: TOKEN }]) {
      const response = await t.app.inject({ method: "GET", url: "/metrics", headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it("refuses a token shorter than 16 characters at start", () => {
    expect(() => parseConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 16/);
  });

  it("answers Prometheus' text format with the token: requests by route pattern and status", async () => {
    const response = await t.app.inject({ method: "GET", url: "/metrics", headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toContain("# TYPE tasklane_http_request_duration_seconds histogram");
    expect(response.body).toContain("# TYPE process_cpu_seconds_total counter");

    // The process's registry also counts other apps' requests (test files share a process):
    // what this test adds is the difference.
    const count = (text: string, labels: string) =>
      sample(text, `tasklane_http_request_duration_seconds_count{${labels}}`);
    const before = await scrape();
    const task = (
      await t.app.inject({
        method: "POST",
        url: apiRoutes.listTasks.path,
        headers: bearer(me.token),
        payload: { title: "Counted" },
      })
    ).json() as { id: string };
    await t.app.inject({ method: "GET", url: `/api/v1/tasks/${task.id}`, headers: bearer(me.token) });
    await t.app.inject({ method: "GET", url: "/no/such/path/42" });
    const text = await scrape();
    const added = (labels: string) => count(text, labels) - count(before, labels);
    expect(added('method="POST",route="/api/v1/tasks",status_code="201"')).toBe(1);
    expect(added('method="GET",route="/api/v1/tasks/:id",status_code="200"')).toBe(1);
    expect(added('method="GET",route="unmatched",status_code="404"')).toBe(1);
    expect(text).not.toContain("/no/such/path");
  });

  it("shows the job queue by kind, and reminders delivered late", async () => {
    const before = await scrape();
    t.clock.set("2026-11-21T10:00:00.000Z");
    const created = await t.app.inject({
      method: "POST",
      url: apiRoutes.listTasks.path,
      headers: bearer(me.token),
      payload: { title: "Call the dentist", remind_at: "2026-11-21T10:30:00.000Z" },
    });
    expect(created.statusCode, created.body).toBe(201);
    let text = await scrape();
    // Not due yet: waiting, but not queued.
    expect(sample(text, 'tasklane_jobs_queued{kind="task_reminder"}')).toBe(0);
    expect(sample(text, 'tasklane_jobs_queued{kind="daily_plan"}')).toBe(0);

    t.clock.set("2026-11-21T11:00:00.000Z");
    text = await scrape();
    expect(sample(text, 'tasklane_jobs_queued{kind="task_reminder"}')).toBe(1);
    expect(sample(text, 'tasklane_jobs_oldest_queued_age_seconds{kind="task_reminder"}')).toBe(1800);

    await runDueJobs(t.deps, jobKinds, "test-worker", quiet);
    text = await scrape();
    expect(sample(text, 'tasklane_jobs_queued{kind="task_reminder"}')).toBe(0);
    expect(sample(text, 'tasklane_jobs_oldest_queued_age_seconds{kind="task_reminder"}')).toBe(0);
    expect(
      sample(text, "tasklane_reminders_late_total") - sample(before, "tasklane_reminders_late_total"),
    ).toBe(1);
    expect(sample(text, "tasklane_reminder_delay_seconds_count")).toBe(
      sample(before, "tasklane_reminder_delay_seconds_count") + 1,
    );
    expect(sample(text, 'tasklane_reminder_delay_seconds_bucket{le="3600"}')).toBeGreaterThanOrEqual(1);
  });

  it("counts inbound mail accepted and refused, and the AI calls it made", async () => {
    const before = await scrape();
    const post = (raw: Buffer) =>
      t.app.inject({
        method: "POST",
        url: "/inbound/email",
        headers: { "content-type": "message/rfc822", authorization: `Bearer ${SECRET}` },
        payload: raw,
      });
    const address = `${me.user.username}@tasklane.localhost`;
    expect((await post(mail(me.user.email, address, "metrics-1"))).statusCode).toBe(201);
    expect((await post(mail(me.user.email, "nobody-here@tasklane.localhost", "metrics-2"))).statusCode).toBe(
      404,
    );
    const text = await scrape();
    const delta = (series: string) => sample(text, series) - sample(before, series);
    expect(delta('tasklane_inbound_mail_total{outcome="accepted",reason="created"}')).toBe(1);
    expect(delta('tasklane_inbound_mail_total{outcome="refused",reason="unknown_recipient"}')).toBe(1);
    expect(
      delta(
        'tasklane_ai_call_duration_seconds_count{provider="builtin",operation="extract_tasks",outcome="ok"}',
      ),
    ).toBeGreaterThanOrEqual(1);
  });
});
