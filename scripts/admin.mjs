#!/usr/bin/env node
/**
 * `npm run admin -- <command>`: the administrator's CLI (server/src/admin.ts), run from the
 * server's build, so that it also works where `npm ci --omit=dev` left the build tools out. The
 * server is rebuilt first when its sources changed (and the tools are there to do it).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, orExit, parts, root } from "./build-cache.mjs";

await orExit(() => ensureBuilt(parts.server));
await import(pathToFileURL(path.join(root, "dist-server", "admin.mjs")).href);
