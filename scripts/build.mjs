#!/usr/bin/env node
/**
 * `npm run build`: builds the web app (dist/) and the server (dist-server/, with the admin CLI),
 * whatever their state, and records the hash of the sources each was built from, so that
 * `npm start` reuses them. `npm run serve` then serves the build.
 */
import { build, orExit, parts } from "./build-cache.mjs";

await orExit(() => {
  build(parts.web);
  build(parts.server);
});
