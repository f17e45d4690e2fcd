import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { benchCacheDir, repoRoot, withDeadline } from "./bounded";

/**
 * The production build the browser sections measure. It goes to a folder of the bench's own
 * (with Vite's manifest and hidden source maps, which `npm run build` does not write) so that a bench never rewrites the
 * dist/ an e2e run may be serving, and it is reused while no source file is newer than it.
 */

const BUILD_MS = 4 * 60_000;
export const spaBuildDir = path.join(benchCacheDir, "spa");

/** One entry of dist/.vite/manifest.json, keyed by source path ("src/app/routes/landing.tsx"). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface SpaBuild {
  dir: string;
  manifest: Manifest;
  /** "fresh build, 14.2 s" or "reused, built 2026-…" */
  origin: string;
}

/** What the bundle is made of: a change to any of these makes the cached build stale. */
const INPUTS = [
  "src",
  "contract",
  "public",
  "index.html",
  "vite.config.ts",
  "tailwind.config.ts",
  "package-lock.json",
  "tsconfig.app.json",
  "bench/support/spa-build.ts",
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    // Tests do not reach the bundle.
    if (entry.isFile() && /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

const manifestPath = path.join(spaBuildDir, ".vite", "manifest.json");

function isFresh(): boolean {
  if (!existsSync(manifestPath) || !existsSync(path.join(spaBuildDir, "index.html"))) return false;
  const builtAt = statSync(manifestPath).mtimeMs;
  return INPUTS.every((input) => newestMtime(path.join(repoRoot, input)) < builtAt);
}

async function build(): Promise<SpaBuild> {
  if (isFresh()) {
    return {
      dir: spaBuildDir,
      manifest: JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest,
      origin: `reused (built ${statSync(manifestPath).mtime.toISOString()}, no source newer)`,
    };
  }
  const started = performance.now();
  const vite = path.join(repoRoot, "node_modules", "vite", "bin", "vite.js");
  await withDeadline(
    promisify(execFile)(
      process.execPath,
      // Hidden source maps: the same JavaScript as `npm run build`, plus maps that say what is in it.
      [
        vite,
        "build",
        "--outDir",
        spaBuildDir,
        "--emptyOutDir",
        "--manifest",
        "--sourcemap",
        "hidden",
        "--logLevel",
        "warn",
      ],
      {
        cwd: repoRoot,
        timeout: BUILD_MS,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, NODE_ENV: "production" },
      },
    ),
    BUILD_MS + 5_000,
    "vite build",
  );
  return {
    dir: spaBuildDir,
    manifest: JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest,
    origin: `fresh \`vite build\` (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  };
}

let pending: Promise<SpaBuild> | undefined;

/** The production SPA build, built at most once per bench run. */
export function spaBuild(): Promise<SpaBuild> {
  pending ??= build();
  return pending;
}
