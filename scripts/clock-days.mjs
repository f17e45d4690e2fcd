#!/usr/bin/env node
/* global console, process */
/**
 * The days that break date code, on which CI runs the web and server suites under libfaketime
 * (Debian's `faketime`): every test owns its clock, so none of them may notice the machine's date.
 * CI takes a different day each calendar day and prints it, so a failure can be reproduced:
 *
 *   node scripts/clock-days.mjs                  # the list, and today's pick
 *   node scripts/clock-days.mjs pick             # today's pick (an ISO instant)
 *   node scripts/clock-days.mjs run <day> <cmd…> # <cmd> under libfaketime on <day> (index or ISO)
 *   node scripts/clock-days.mjs every <cmd…>     # <cmd> on each day of the list, in turn
 *
 * e.g. `node scripts/clock-days.mjs every npx vitest run --project web --project server`.
 */
import { spawnSync } from "node:child_process";

export const CLOCK_DAYS = [
  { at: "2027-03-14T06:50:00Z", what: "the night the US moves its clocks forward (02:00 in New York)" },
  { at: "2027-03-28T00:50:00Z", what: "the night Europe moves its clocks forward (01:00 UTC)" },
  { at: "2027-10-31T00:50:00Z", what: "the night Europe moves its clocks back (01:00 UTC)" },
  { at: "2027-11-07T05:50:00Z", what: "the night the US moves its clocks back (02:00 in New York)" },
  { at: "2027-12-31T23:50:00Z", what: "New Year's Eve at 23:50 UTC" },
  { at: "2028-02-29T21:30:00Z", what: "29 February, late in the evening UTC" },
  { at: "2027-04-30T22:40:00Z", what: "the last day of a month, late in the evening UTC" },
  {
    at: "2026-10-25T00:50:00Z",
    what: "an earlier night Europe moved its clocks back (before the tests' own dates)",
  },
];

/** Today's day of the list: one per calendar day (UTC), in turn. */
export function dayFor(date = new Date()) {
  const daysSinceEpoch = Math.floor(date.getTime() / 86_400_000);
  return CLOCK_DAYS[daysSinceEpoch % CLOCK_DAYS.length];
}

/** A day of the list by its index, or by its instant (another instant: a day of your choice). */
export function resolveDay(spec) {
  if (/^\d+$/.test(spec)) {
    const day = CLOCK_DAYS[Number(spec)];
    if (!day)
      throw new Error(`No day ${spec}: the list has ${CLOCK_DAYS.length} (0-${CLOCK_DAYS.length - 1})`);
    return day;
  }
  const at = new Date(spec);
  if (Number.isNaN(at.getTime()))
    throw new Error(`Not a day: "${spec}" (an index of the list or an ISO instant)`);
  return (
    CLOCK_DAYS.find((day) => day.at === at.toISOString().replace(".000Z", "Z")) ?? {
      at: spec,
      what: "a day of your choice",
    }
  );
}

/**
 * `command` with the clock of every process it starts set to `day` (and running on from there).
 * libfaketime takes a local time: the instant is given in UTC, so run it with TZ=UTC.
 * Only the wall clock moves (`--exclude-monotonic`): the monotonic clock measures elapsed time,
 * which no date depends on, and Node reads it hundreds of thousands of times per test file
 * (timers, the event loop, performance.now()); each faked read in the multi-threaded library
 * took ten times as long as a real one.
 */
export function clockCommand(day, command) {
  const at = new Date(day.at).toISOString().replace("T", " ").slice(0, 19);
  return ["faketime", "-m", "--exclude-monotonic", at, ...command];
}

/** Runs `command` on `day` (see clockCommand); its exit status. */
function runOnDay(day, command) {
  console.log(`Clock: ${day.at}, ${day.what}`);
  const [program, ...args] = clockCommand(day, command);
  const result = spawnSync(program, args, { stdio: "inherit", env: { ...process.env, TZ: "UTC" } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [verb, ...rest] = process.argv.slice(2);
  if (verb === "pick") {
    console.log(dayFor().at);
  } else if (verb === "run") {
    const [spec, ...command] = rest;
    if (!spec || command.length === 0) throw new Error("usage: clock-days.mjs run <day> <command…>");
    process.exitCode = runOnDay(resolveDay(spec), command);
  } else if (verb === "every") {
    if (rest.length === 0) throw new Error("usage: clock-days.mjs every <command…>");
    const failed = CLOCK_DAYS.filter((day) => runOnDay(day, rest) !== 0);
    for (const day of failed) console.error(`FAILED on ${day.at} (${day.what})`);
    process.exitCode = failed.length === 0 ? 0 : 1;
  } else {
    const today = dayFor();
    for (const [index, day] of CLOCK_DAYS.entries()) {
      console.log(`${day === today ? "*" : " "} ${index}  ${day.at}  ${day.what}`);
    }
  }
}
