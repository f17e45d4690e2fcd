#!/usr/bin/env node
/**
 * `npm start`: builds what changed since the last build (nothing, usually: each build is reused
 * while its sources hash the same), then serves the product from this process, as
 * `npm run serve` does.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, orExit, parts, root } from "./build-cache.mjs";

await orExit(() => {
  ensureBuilt(parts.web);
  ensureBuilt(parts.server);
});
await import(pathToFileURL(path.join(root, "dist-server", "main.mjs")).href);
