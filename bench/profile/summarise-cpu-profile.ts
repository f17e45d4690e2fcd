import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * `BENCH_CPU_PROF=/tmp/prof npm run bench -- --only tasks-load` writes a V8 CPU profile of each
 * bench server (bench/support/server-process.ts); then
 * `npx tsx --tsconfig tsconfig.node.json bench/profile/summarise-cpu-profile.ts /tmp/prof/*.cpuprofile`
 * prints this summary of each.
 *
 * Reads a V8 CPU profile (`node --cpu-prof`) and says where the time went: self time grouped by
 * where the code lives (a package of node_modules, a file of the server, Node's own internals,
 * garbage collection, idle), the busiest functions, and the inclusive time of the server's own
 * hooks and handlers (their synchronous part: what runs before their first await).
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Sampled time, idle excluded, in ms. */
  busyMs: number;
  idleMs: number;
  byPlace: Array<[string, number]>;
  byFunction: Array<[string, number]>;
  inclusive: Array<[string, number]>;
}

/** Where a function lives, as a short name: "fastify", "zod", "server/src/…", "node:internal", … */
export function placeOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === "(garbage collector)") return "garbage collection";
    if (functionName === "(idle)") return "(idle)";
    if (functionName === "(program)") return "(program: native, not attributed)";
    return `native: ${functionName || "(anonymous)"}`;
  }
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules?.[1]) return modules[1];
  if (url.startsWith("node:")) return url.startsWith("node:internal") ? "node internals" : url;
  const repo = /\/(server\/src\/.*|contract\/.*|bench\/.*)$/.exec(url);
  return repo?.[1] ?? url;
}

const label = (frame: CallFrame) =>
  `${frame.functionName || "(anonymous)"} ${placeOf(frame)}:${frame.lineNumber + 1}`;

/**
 * `window`: only the samples taken between these two monotonic times (µs, as
 * `process.hrtime.bigint() / 1000n` reads them; V8 stamps its samples with the same clock), so
 * that the server's start-up does not count.
 */
export function summariseCpuProfile(
  file: string,
  options: { inclusiveOf?: RegExp; window?: [number, number] } = {},
): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const [from, to] = options.window ?? [-Infinity, Infinity];
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if (time < from || time > to) return;
    self.set(id, (self.get(id) ?? 0) + delta / 1000);
  });

  const inclusiveOfNode = new Map<number, number>();
  const inclusive = (id: number): number => {
    const known = inclusiveOfNode.get(id);
    if (known !== undefined) return known;
    const node = nodes.get(id);
    const total =
      (self.get(id) ?? 0) + (node?.children ?? []).reduce((sum, child) => sum + inclusive(child), 0);
    inclusiveOfNode.set(id, total);
    return total;
  };

  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let idleMs = 0;
  for (const [id, ms] of self) {
    const node = nodes.get(id);
    if (!node) continue;
    const place = placeOf(node.callFrame);
    if (place === "(idle)") {
      idleMs += ms;
      continue;
    }
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
    const name = label(node.callFrame);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }

  // Inclusive time of matching functions, counting a function once per stack (recursion).
  const byInclusive = new Map<string, number>();
  if (options.inclusiveOf) {
    const pattern = options.inclusiveOf;
    const walk = (id: number, inside: Set<string>) => {
      const node = nodes.get(id);
      if (!node) return;
      const name = label(node.callFrame);
      let next = inside;
      if (pattern.test(name) && !inside.has(name)) {
        byInclusive.set(name, (byInclusive.get(name) ?? 0) + inclusive(id));
        next = new Set(inside).add(name);
      }
      for (const child of node.children ?? []) walk(child, next);
    };
    const root = profile.nodes[0];
    if (root) walk(root.id, new Set());
  }

  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  const busyMs = [...byPlace.values()].reduce((sum, ms) => sum + ms, 0);
  return {
    busyMs,
    idleMs,
    byPlace: sorted(byPlace),
    byFunction: sorted(byFunction),
    inclusive: sorted(byInclusive),
  };
}

/** Server functions whose inclusive time is worth seeing: hooks, handlers, serialisers. */
const INCLUSIVE =
  /server\/src|helmet|@fastify\/compress|fastify-type-provider-zod|serialize|preSerialization|onSendHook|hookRunner|kysely.*executeQuery|JSON\.stringify/;

function printSummary(file: string): void {
  const summary = summariseCpuProfile(file, { inclusiveOf: INCLUSIVE });
  const share = (ms: number) => `${((100 * ms) / Math.max(1, summary.busyMs)).toFixed(1).padStart(5)}%`;
  console.log(`== ${file}: busy ${summary.busyMs.toFixed(0)} ms, idle ${summary.idleMs.toFixed(0)} ms`);
  console.log("-- self time by place");
  for (const [place, ms] of summary.byPlace.slice(0, 25)) console.log(`${share(ms)}  ${place}`);
  console.log("-- busiest functions (self)");
  for (const [name, ms] of summary.byFunction.slice(0, 30)) console.log(`${share(ms)}  ${name}`);
  console.log("-- inclusive (synchronous part) of server code, hooks, serialisers");
  for (const [name, ms] of summary.inclusive.slice(0, 40)) console.log(`${share(ms)}  ${name}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = process.argv.slice(2);
  if (files.length === 0) throw new Error("name one or more .cpuprofile files");
  for (const file of files) printSummary(file);
}
