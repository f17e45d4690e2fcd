import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

// ---------------------------------------------------------------------------------------------
// Prometheus metrics (prom-client), served by GET /metrics (plugins/metrics.ts) when
// METRICS_TOKEN is set. Counters and histograms count what this instance did; Prometheus adds the
// instances up. The job queue is shared by every instance, so it is read from the database at
// each scrape instead.
// ---------------------------------------------------------------------------------------------

/** This process's registry (its own, not prom-client's global one), with Node's process metrics. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });
const registers = [metricsRegistry];

export const httpRequestDuration = new Histogram({
  name: "tasklane_http_request_duration_seconds",
  help: "HTTP requests (the count) and how long they took, by method, route pattern and status code",
  labelNames: ["method", "route", "status_code"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const jobsQueued = new Gauge({
  name: "tasklane_jobs_queued",
  help: "Jobs due to run and not yet claimed by any instance, by kind",
  labelNames: ["kind"] as const,
  registers,
});

export const jobsOldestQueuedAge = new Gauge({
  name: "tasklane_jobs_oldest_queued_age_seconds",
  help: "How long the oldest due, unclaimed job has waited past its time, by kind (0: none waits)",
  labelNames: ["kind"] as const,
  registers,
});

export const jobsRunning = new Gauge({
  name: "tasklane_jobs_running",
  help: "Jobs claimed and running on some instance, by kind",
  labelNames: ["kind"] as const,
  registers,
});

const reminderDelay = new Histogram({
  name: "tasklane_reminder_delay_seconds",
  help: "How long after its time each reminder was delivered to the bell",
  buckets: [1, 5, 15, 30, 60, 120, 300, 900, 3600],
  registers,
});

const remindersLate = new Counter({
  name: "tasklane_reminders_late_total",
  help: "Reminders delivered late: more than a minute after their time (their text says so)",
  registers,
});

/** A reminder reached its owner's bell `delayMs` after its time. */
export function reminderDelivered(delayMs: number, late: boolean): void {
  reminderDelay.observe(Math.max(0, delayMs) / 1000);
  if (late) remindersLate.inc();
}

const inboundMail = new Counter({
  name: "tasklane_inbound_mail_total",
  help: "Inbound messages, once per addressed user: accepted (reason created or duplicate) or refused (reason why)",
  labelNames: ["outcome", "reason"] as const,
  registers,
});

/** The outcomes of one inbound message (SMTP or webhook). */
export function countInboundMail(outcomes: readonly { status: string; reason?: string }[]): void {
  for (const { status, reason } of outcomes) {
    if (status === "refused") inboundMail.inc({ outcome: "refused", reason: reason ?? "unknown" });
    else inboundMail.inc({ outcome: "accepted", reason: status });
  }
}

export const aiCallDuration = new Histogram({
  name: "tasklane_ai_call_duration_seconds",
  help: "Calls to the AI provider (the count) and how long they took, by provider, operation and outcome",
  labelNames: ["provider", "operation", "outcome"] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers,
});
