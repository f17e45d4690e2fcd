#!/usr/bin/env node
/* global console, process -- a Node script */
/**
 * Compiles the server (server/src/main.ts and everything it imports from server/ and contract/)
 * into one ES module, dist-server/main.mjs, which `npm start` and `npm run serve` run with plain
 * Node; and the admin CLI (server/src/admin.ts) into dist-server/admin.mjs, which `npm run admin`
 * runs, so that neither needs the build tools where `npm ci --omit=dev` left them out. Running the
 * TypeScript through tsx instead costs the process about 65 MB of resident memory for as long as
 * it runs (tsx's loader thread, the source maps it keeps, one module record per file), and a
 * slower start. npm packages stay outside the bundle and load from node_modules as usual.
 *
 * Files the server reads next to its own code (relative to import.meta.url) are copied beside
 * the bundle: the request classifier's weights (model.bin), with the NOTICE that gives their
 * origin and licence.
 */
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// `--outdir <dir>`: somewhere else than dist-server/ (the bench builds its own copy).
const outdirArgument = process.argv.indexOf("--outdir");
const outdir = path.resolve(
  outdirArgument === -1 ? path.join(root, "dist-server") : process.argv[outdirArgument + 1],
);

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: "server/src/main.ts", admin: "server/src/admin.ts" },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.node.json",
  // A map file for reading stack traces; Node does not load it unless told to.
  sourcemap: "linked",
  logLevel: "warning",
});
copyFileSync(path.join(root, "server/src/ai/intent/model.bin"), path.join(outdir, "model.bin"));
copyFileSync(path.join(root, "server/src/ai/intent/NOTICE"), path.join(outdir, "model.bin.NOTICE"));
console.log(`Server built into ${path.relative(process.cwd(), outdir) || "."}`);
