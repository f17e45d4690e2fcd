import { execFile, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { e2eEnvironment, serverEnvironment } from "./environment";

/**
 * The run's server instances, started by global setup side by side on the compiled server
 * (dist-server/main.mjs, what `npm start` runs): the default one, and those beside it for the AI
 * journeys and the single sign-on journey. As Playwright webServer entries they started one after
 * another, each waiting for the last, and the two extra ones compiled the server's sources again
 * through tsx.
 */
export interface ServerInstance {
  /** Shown before each line of the instance's output. */
  name: string;
  port: number;
  baseUrl: string;
  /** Its database's folder, inside the run's data directory (global teardown removes it). */
  dataDirName?: string;
  /**
   * A script under e2e/support/ that starts what the instance needs (a fake AI, an OpenID
   * Provider) and then the compiled server in its own process; without one, the server alone.
   */
  script?: string;
  /** What sets the instance apart from `serverEnvironment`. */
  env: Record<string, string>;
}

export interface RunningInstance {
  stop(): Promise<void>;
}

/**
 * How long an instance may take to answer /health: the three start at once on a machine that may
 * be busy, so the three minutes their webServer entries had between them, each.
 */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 5_000;
const REPOSITORY = fileURLToPath(new URL("../..", import.meta.url));

/** Compiles the server into dist-server/ (scripts/build-server.mjs), as `npm start` would run it. */
export async function buildServer(): Promise<void> {
  await promisify(execFile)(process.execPath, ["scripts/build-server.mjs"], { cwd: REPOSITORY });
}

async function answersHealth(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/health`)).ok;
  } catch {
    return false;
  }
}

/** The child's output in the run's, each line marked with the instance's name. */
function forwardOutput(child: ChildProcess, name: string): void {
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    from?.setEncoding("utf8");
    from?.on("data", (text: string) => to.write(text.replace(/^(?=.)/gm, `[${name}] `)));
  }
}

/** Starts the instance and resolves once it answers /health; fails if it exits first. */
export async function startInstance(instance: ServerInstance): Promise<RunningInstance> {
  // As Playwright's webServer: a server left over from another run must not answer for this one.
  if (await answersHealth(instance.baseUrl)) {
    throw new Error(`${instance.baseUrl} is already used: stop what runs on port ${instance.port}`);
  }
  const args = instance.script
    ? ["--import", "tsx", fileURLToPath(new URL(instance.script, import.meta.url))]
    : ["dist-server/main.mjs"];
  const child = spawn(process.execPath, args, {
    // STATIC_DIR and the tsconfig are relative to the repository.
    cwd: REPOSITORY,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: "tsconfig.node.json",
      ...serverEnvironment({
        ...instance,
        dataDir: instance.dataDirName
          ? path.join(e2eEnvironment.dataDir, instance.dataDirName)
          : e2eEnvironment.dataDir,
      }),
      ...instance.env,
    },
  });
  forwardOutput(child, instance.name);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code;
      resolve();
    }),
  );

  const deadline = performance.now() + START_TIMEOUT_MS;
  while (!(await answersHealth(instance.baseUrl))) {
    if (exitCode !== undefined) throw new Error(`${instance.name} exited (${exitCode}) before it answered`);
    if (performance.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${instance.name} did not answer ${instance.baseUrl}/health in ${START_TIMEOUT_MS} ms`);
    }
    await delay(50);
  }

  return {
    async stop() {
      if (exitCode !== undefined) return;
      // The server's own shutdown (main.ts) on SIGTERM.
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
