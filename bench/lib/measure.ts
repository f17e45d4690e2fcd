import autocannon, { type AutocannonOptions } from "autocannon";

export interface LatencyFigures {
  samples: number;
  p50: number;
  p99: number;
}

/** The value below which `fraction` of the sorted samples fall (nearest rank). */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/**
 * Latency of one request at a time, end to end over loopback: `iterations` runs (after a few
 * warm-ups), or fewer when `maxMs` has passed, so a slow machine still finishes. `request` may
 * return the milliseconds to count itself when it does untimed work too.
 */
export async function sequentialLatency(
  request: () => Promise<void | number>,
  options: { iterations: number; maxMs: number; warmup?: number },
): Promise<LatencyFigures> {
  for (let index = 0; index < (options.warmup ?? 5); index += 1) await request();
  const samples: number[] = [];
  const deadline = performance.now() + options.maxMs;
  while (samples.length < options.iterations && (samples.length < 10 || performance.now() < deadline)) {
    const start = performance.now();
    const timed = await request();
    // A request that does untimed work first (a change before a read) returns its own time.
    samples.push(typeof timed === "number" ? timed : performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { samples: samples.length, p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  failures: number;
}

/**
 * A bounded autocannon run. The load comes from a worker thread so it does not share the event
 * loop with the server under test; every non-2xx answer or socket error is counted as a failure.
 */
export async function loadTest(options: AutocannonOptions): Promise<LoadFigures> {
  const result = await autocannon({ connections: 10, duration: 3, workers: 1, timeout: 10, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors,
  };
}
