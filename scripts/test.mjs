#!/usr/bin/env node
/* global Buffer, console, performance, process */
/**
 * `npm test`: every check, typecheck and lint side by side, then the rest one after another, each
 * step's duration printed, stopping at the first that fails. With TEST_CLOCK_DAY set (an index of scripts/clock-days.mjs's list or an ISO
 * instant; CI sets it to the day's pick), the web and server suites run under libfaketime on that
 * day: their tests own their clock, so the machine's date must not matter to them. The end-to-end
 * journeys keep the real clock (they compute their dates from it). With TEST_PROGRESS_FILE set, the
 * name of each step is appended to that file as it starts (CI starts background work on it).
 */
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import { clockCommand, resolveDay } from "./clock-days.mjs";

const clockDay = process.env.TEST_CLOCK_DAY ? resolveDay(process.env.TEST_CLOCK_DAY) : undefined;

/**
 * The steps, in order; the steps of one group run side by side (typecheck and lint are one
 * process each, and a machine has two cores at least), their output shown when each ends.
 */
const groups = [
  [
    { name: "typecheck", command: ["npm", "run", "typecheck"] },
    { name: "lint", command: ["npm", "run", "lint"] },
  ],
  [{ name: "web and contract tests", command: ["npm", "run", "test:unit"], ownClock: true }],
  [{ name: "server tests", command: ["npm", "run", "test:server"], ownClock: true }],
  [{ name: "end-to-end journeys", command: ["npm", "run", "test:e2e"] }],
];

function minutes(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
}

/** Runs a step; alone, its output streams; beside others, it is shown once the step ends. */
function run(step, alone) {
  const [program, ...args] = step.ownClock && clockDay ? clockCommand(clockDay, step.command) : step.command;
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
      env: step.ownClock && clockDay ? { ...process.env, TZ: "UTC" } : process.env,
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      if (!alone) process.stdout.write(Buffer.concat(output));
      const took = `${step.name}: ${minutes(performance.now() - started)}`;
      console.log(`<-- ${took}${code === 0 ? "" : " (FAILED)"}`);
      resolve({ took, code: code ?? 1 });
    });
  });
}

const took = [];
for (const group of groups) {
  console.log(`\n--> ${group.map((step) => step.name).join(" and ")}`);
  if (process.env.TEST_PROGRESS_FILE) {
    appendFileSync(process.env.TEST_PROGRESS_FILE, group.map((step) => `${step.name}\n`).join(""));
  }
  if (group.some((step) => step.ownClock) && clockDay) console.log(`Clock: ${clockDay.at}, ${clockDay.what}`);
  const results = await Promise.all(group.map((step) => run(step, group.length === 1)));
  took.push(...results.map((result) => result.took));
  const failed = results.find((result) => result.code !== 0);
  if (failed) {
    process.exitCode = failed.code;
    break;
  }
}
console.log(`\nnpm test: ${took.join("; ")}`);
