/* global console, process -- a Node script */
/**
 * The two builds of the product and when they are current, for `npm start`, `npm run build` and
 * `npm run admin`. Each build (the web app in dist/, the server in dist-server/) records a hash of
 * the sources it was built from in a `.build-hash` file inside its output; a build whose sources
 * hash the same is reused instead of rebuilt. Vite and build-server.mjs empty their output
 * directory first, so a hash file only ever sits beside the build that wrote it.
 *
 * Only Node's own modules are imported here: these scripts also run where `npm ci --omit=dev`
 * left the build tools out (a production machine or the container, with a built copy).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const SHARED_INPUTS = ["package.json", "package-lock.json", "tsconfig.base.json", "contract"];

/**
 * What each build reads. Test files are left out (no build reads them); files or directories
 * that do not exist count as absent, so creating one (a `.env`, say) changes the hash.
 */
export const parts = {
  web: {
    name: "the web app",
    output: "dist",
    builtFile: "index.html",
    tool: "node_modules/vite/bin/vite.js",
    command: ["node_modules/vite/bin/vite.js", "build"],
    inputs: [
      ...SHARED_INPUTS,
      "index.html",
      "vite.config.ts",
      "tailwind.config.ts",
      "tsconfig.json",
      "tsconfig.app.json",
      "scripts/route-chunks.ts",
      "src",
      "public",
      // Vite reads VITE_* variables from these and from the environment (see webEnvironment).
      ".env",
      ".env.local",
      ".env.production",
      ".env.production.local",
    ],
    /** The sources are here (a clone), not only the build (a production copy). */
    sourceMarker: "src",
  },
  server: {
    name: "the server",
    output: "dist-server",
    builtFile: "main.mjs",
    tool: "node_modules/esbuild/package.json",
    command: ["scripts/build-server.mjs"],
    inputs: [...SHARED_INPUTS, "tsconfig.node.json", "scripts/build-server.mjs", "server/src"],
    sourceMarker: "server/src",
  },
};

const HASH_FILE = ".build-hash";

function isTestFile(name) {
  return /\.test\.[cm]?[jt]sx?$/.test(name);
}

function listFiles(relative, into) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) {
    into.push([relative, null]);
    return;
  }
  if (statSync(absolute).isDirectory()) {
    for (const entry of readdirSync(absolute).sort()) {
      if (entry === "node_modules" || isTestFile(entry)) continue;
      listFiles(path.posix.join(relative, entry), into);
    }
  } else {
    into.push([relative, absolute]);
  }
}

/** The VITE_* variables of this process: Vite builds them into the web app. */
function webEnvironment() {
  return Object.keys(process.env)
    .filter((name) => name.startsWith("VITE_"))
    .sort()
    .map((name) => `${name}=${process.env[name]}`)
    .join("\n");
}

/** A hash of every file a build reads (path and content), and of the environment it reads. */
export function sourceHash(part) {
  const files = [];
  for (const input of part.inputs) listFiles(input, files);
  const hash = createHash("sha256");
  for (const [relative, absolute] of files) {
    hash.update(`${relative}\0`);
    hash.update(absolute === null ? "(absent)" : readFileSync(absolute));
    hash.update("\0");
  }
  if (part === parts.web) hash.update(webEnvironment());
  return hash.digest("hex");
}

function isBuilt(part) {
  return existsSync(path.join(root, part.output, part.builtFile));
}

function recordedHash(part) {
  try {
    return readFileSync(path.join(root, part.output, HASH_FILE), "utf8").trim();
  } catch {
    return undefined;
  }
}

export class BuildError extends Error {}

/** Builds one part from its sources, then records their hash beside the build. */
export function build(part, hash = sourceHash(part)) {
  if (!existsSync(path.join(root, part.tool))) {
    throw new BuildError(
      `Cannot build ${part.name}: the build tools are not installed (npm ci --omit=dev leaves them out). ` +
        "Run `npm ci` and then `npm run build`.",
    );
  }
  const started = Date.now();
  const result = spawnSync(process.execPath, part.command, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    throw new BuildError(`Building ${part.name} failed (exit code ${result.status ?? result.signal}).`);
  }
  writeFileSync(path.join(root, part.output, HASH_FILE), `${hash}\n`);
  console.log(`Built ${part.name} into ${part.output}/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Builds the part unless its build is current. Without the sources (a copy that holds only the
 * build, as in the container) the build is used as it is; with sources but without the build
 * tools, an out-of-date build is an error rather than silently serving old code.
 */
export function ensureBuilt(part) {
  const hasSources = existsSync(path.join(root, part.sourceMarker));
  if (!hasSources) {
    if (isBuilt(part)) return;
    throw new BuildError(`There is neither a build of ${part.name} (${part.output}/) nor its sources.`);
  }
  const hash = sourceHash(part);
  if (isBuilt(part) && recordedHash(part) === hash) return;
  if (!existsSync(path.join(root, part.tool))) {
    throw new BuildError(
      `The build of ${part.name} (${part.output}/) is ${isBuilt(part) ? "older than its sources" : "missing"}, ` +
        "and the build tools are not installed (npm ci --omit=dev leaves them out). " +
        "Run `npm ci` and `npm run build`, or `npm run serve` to serve the build as it is.",
    );
  }
  console.log(`Building ${part.name}: ${isBuilt(part) ? "its sources changed" : "no build yet"}`);
  build(part, hash);
}

/** Runs `action`, turning a BuildError into its message and exit code 1. */
export async function orExit(action) {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
