#!/usr/bin/env node
/* global console, URL -- a Node script; eslint.config.js gives Node globals to *.ts tooling only */
/**
 * Completes package-lock.json with the platform-specific optional packages a filtered registry
 * mirror does not serve (e.g. `@tailwindcss/oxide-darwin-arm64` when only Linux builds are
 * mirrored). Without their entries `npm ci` refuses the lock ("Missing: …@ from lock file") even
 * though this machine would never install them. Each added entry carries the package's version and
 * its os/cpu/libc (read from its name), so npm skips it on every other platform exactly as it
 * skips a fully resolved entry; on a full registry it resolves as usual.
 *
 * Usage: node scripts/complete-lockfile.mjs && npm install --package-lock-only
 * (npm keeps the entries on later installs; re-run only if `npm ci` reports Missing entries again.)
 */
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const OS = new Set([
  "aix",
  "android",
  "darwin",
  "freebsd",
  "linux",
  "netbsd",
  "openbsd",
  "openharmony",
  "sunos",
  "win32",
]);
const CPU = new Set([
  "arm",
  "arm64",
  "ia32",
  "loong64",
  "mips64el",
  "ppc64",
  "riscv64",
  "s390x",
  "wasm32",
  "x64",
]);

/** `@unrs/resolver-binding-linux-arm-musleabihf` → { os: ["linux"], cpu: ["arm"], libc: ["musl"] } */
function platformOf(name) {
  const tokens = name.split(/[/-]/);
  const os = tokens.find((token) => OS.has(token));
  const cpu = tokens.find((token) => CPU.has(token));
  if (!os && !cpu) return undefined;
  const platform = {};
  if (os) platform.os = [os];
  if (cpu) platform.cpu = [cpu];
  if (os === "linux") {
    if (tokens.some((token) => token.startsWith("musl"))) platform.libc = ["musl"];
    else if (tokens.some((token) => token.startsWith("gnu"))) platform.libc = ["glibc"];
  }
  return platform;
}

/** Node's lookup: the dependency next to the dependent, then in each enclosing node_modules. */
function isResolved(packages, dependentPath, name) {
  let base = dependentPath;
  for (;;) {
    if (packages[`${base ? `${base}/` : ""}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut === -1 ? "" : base.slice(0, cut);
  }
}

const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const packages = lock.packages;
const added = [];

for (const [path, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (isResolved(packages, path, name)) continue;
    const platform = platformOf(name);
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec) || !platform) {
      console.warn(
        `skipped ${name}@${spec} (needed by ${path || "the project"}): not an exact, platform-specific version`,
      );
      continue;
    }
    packages[`node_modules/${name}`] = { version: spec, optional: true, ...platform };
    added.push(`${name}@${spec}`);
  }
}

if (added.length === 0) {
  console.log("package-lock.json already lists every optional platform package.");
} else {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
  );
  writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    `Added ${added.length} entries:\n  ${added.join("\n  ")}\nNow run: npm install --package-lock-only`,
  );
}
