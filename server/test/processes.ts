import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";

/** The server's own TypeScript settings: its imports of @contract/… resolve through them. */
const TSCONFIG = path.join(import.meta.dirname, "..", "..", "tsconfig.node.json");

/**
 * Runs the TypeScript file `script` (through tsx) in one Node process per list of arguments, as
 * several server instances would run: each loads at its own pace and says so (`waitForGo`), then
 * all are told to go at the same moment, and every one must exit with 0. Waiting for each to be
 * ready, rather than a fixed time agreed on the real clock, costs nothing where they load quickly
 * and still holds where they load slowly.
 */
export async function runTogether(script: string, argumentLists: string[][]): Promise<void> {
  const children = argumentLists.map((args) =>
    spawn(process.execPath, ["--import", "tsx", script, ...args], {
      env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG },
      stdio: ["pipe", "pipe", "inherit"],
    }),
  );
  const exits = children.map(
    (child) =>
      new Promise<void>((resolve, reject) => {
        child.once("error", reject);
        child.once("exit", (code, signal) =>
          code === 0
            ? resolve()
            : reject(new Error(`${path.basename(script)} ${child.pid} exited with ${code ?? signal}`)),
        );
      }),
  );
  try {
    // A process that fails while loading ends the wait at once.
    await Promise.race([
      Promise.all(children.map((child) => once(child.stdout, "data"))),
      Promise.all(exits),
    ]);
    for (const child of children) child.stdin.end("go\n");
    await Promise.all(exits);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill();
  }
}

/** In a process of `runTogether`: says it is ready, and returns once all are told to go. */
export async function waitForGo(): Promise<void> {
  process.stdout.write("ready\n");
  await once(process.stdin, "data");
  process.stdin.pause();
}
