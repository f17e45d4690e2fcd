#!/usr/bin/env node
/* global console, performance, process */
/**
 * `npm test`: every check, one after another, each step's duration printed, stopping at the first
 * that fails. With TEST_CLOCK_DAY set (an index of scripts/clock-days.mjs's list or an ISO
 * instant; CI sets it to the day's pick), the web and server suites run under libfaketime on that
 * day: their tests own their clock, so the machine's date must not matter to them. The end-to-end
 * journeys keep the real clock (they compute their dates from it).
 */
import { spawnSync } from "node:child_process";
import { resolveDay, runOnDay } from "./clock-days.mjs";

const clockDay = process.env.TEST_CLOCK_DAY ? resolveDay(process.env.TEST_CLOCK_DAY) : undefined;

const steps = [
  { name: "typecheck", command: ["npm", "run", "typecheck"] },
  { name: "lint", command: ["npm", "run", "lint"] },
  { name: "web and contract tests", command: ["npm", "run", "test:unit"], ownClock: true },
  { name: "server tests", command: ["npm", "run", "test:server"], ownClock: true },
  { name: "end-to-end journeys", command: ["npm", "run", "test:e2e"] },
];

function minutes(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
}
const took = [];
for (const step of steps) {
  console.log(`\n--> ${step.name}`);
  const started = performance.now();
  const status =
    step.ownClock && clockDay
      ? runOnDay(clockDay, step.command)
      : (spawnSync(step.command[0], step.command.slice(1), { stdio: "inherit" }).status ?? 1);
  took.push(`${step.name}: ${minutes(performance.now() - started)}`);
  console.log(`<-- ${took.at(-1)}${status === 0 ? "" : " (FAILED)"}`);
  if (status !== 0) {
    process.exitCode = status;
    break;
  }
}
console.log(`\nnpm test: ${took.join("; ")}`);
