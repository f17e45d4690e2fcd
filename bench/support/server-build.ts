import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { benchCacheDir, repoRoot, withDeadline } from "./bounded";

/**
 * The server as `npm start` runs it: compiled by scripts/build-server.mjs into one module and run
 * with plain Node. The bench builds its own copy (never the dist-server/ an e2e run may be
 * serving), once per run.
 */

const BUILD_MS = 2 * 60_000;
const serverBuildDir = path.join(benchCacheDir, "server");

let building: Promise<string> | undefined;

/** The path of the compiled server's entry, relative to the repository root. */
export function serverBuild(): Promise<string> {
  building ??= withDeadline(
    promisify(execFile)(process.execPath, ["scripts/build-server.mjs", "--outdir", serverBuildDir], {
      cwd: repoRoot,
    }),
    BUILD_MS,
    "building the server",
  ).then(() => path.relative(repoRoot, path.join(serverBuildDir, "main.mjs")));
  return building;
}
