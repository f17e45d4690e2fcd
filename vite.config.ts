import { readFile, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath, URL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";
import { acyclicChunks, routeChunks } from "./scripts/route-chunks";

const alias = {
  "@": fileURLToPath(new URL("./src", import.meta.url)),
  "@contract": fileURLToPath(new URL("./contract", import.meta.url)),
  "@mocks": fileURLToPath(new URL("./mocks", import.meta.url)),
};

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Below this, compression gains less than a network packet. */
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Responses compressed ahead of time: a .br and a .gz twin of every sizeable script, style sheet and
 * document of the build, compressed once here at the highest levels. The server sends them as
 * they are (server/src/app.ts, @fastify/static `preCompressed`), smaller than what it could
 * afford to compress per response.
 */
function precompressBuild(): Plugin {
  return {
    name: "tasklane:precompress-build",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? "dist";
      const files = Object.keys(bundle).filter((file) => /\.(js|css|html|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(outDir, file);
          const content = await readFile(target);
          if (content.length < PRECOMPRESS_MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipped(content, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

const apiPort = process.env.PORT ?? "3000";
const proxiedPaths = ["/auth", "/api", "/premium", "/docs", "/inbound", "/health", "/mcp"];

/** The server's own paths: the service worker never answers them, whether online or not. */
const SERVER_PATHS = [/^\/(api|auth|inbound|docs)(\/|$)/, /^\/premium\//, /^\/(health|ready|robots\.txt)$/];

/**
 * Installable and readable offline: the manifest, and a Workbox service worker that precaches
 * the app shell (index.html, scripts, styles, icons) and answers page navigations with it.
 * Nothing of the API is cached by the worker: offline data comes from the query cache kept in
 * IndexedDB (src/lib/query-persistence.ts), under the offline banner. A new version waits for
 * "Update available — Reload" (registerType "prompt": no skipWaiting). The page registers the
 * worker itself once loaded (src/lib/pwa-register.ts), so injectRegister is off.
 */
const pwa = VitePWA({
  registerType: "prompt",
  injectRegister: false,
  includeAssets: ["favicon.svg", "apple-touch-icon.png"],
  manifest: {
    name: "Tasklane",
    short_name: "Tasklane",
    description: "An AI-assisted personal task manager",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    theme_color: "#4f46e5",
    background_color: "#ffffff",
    icons: [
      { src: "/pwa-192.png", sizes: "192x192", type: "image/png" },
      { src: "/pwa-512.png", sizes: "512x512", type: "image/png" },
      { src: "/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  workbox: {
    globPatterns: ["**/*.{js,css,html,svg,png}"],
    navigateFallback: "/index.html",
    navigateFallbackDenylist: SERVER_PATHS,
    cleanupOutdatedCaches: true,
    runtimeCaching: [],
    // Reminders by Web Push: the worker's push and notificationclick handlers (public/).
    importScripts: ["/push-handler.js"],
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressBuild(), acyclicChunks(), pwa],
  resolve: { alias },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxiedPaths.map((path) => [path, { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    rolldownOptions: {
      // A zod call whose result nothing uses is dropped: the contract's schemas that only the
      // server uses (marked pure in contract/) leave the web app's bundle whole, their fields too.
      treeshake: { manualPureFunctions: ["z"] },
      output: {
        codeSplitting: {
          // The modules left out of a group are closed under imports: nothing to pull in.
          groups: [{ name: routeChunks(), includeDependenciesRecursively: false }],
        },
      },
    },
  },
  test: {
    // One test file per core: Vitest's default leaves one of a 2-core machine's cores idle.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          // Processes, not worker threads: the tests move the process's time zone (TZ) as a
          // browser's would differ, which Node honours only in a process's main thread.
          globals: true,
          include: ["src/**/*.test.{ts,tsx}", "contract/**/*.test.ts"],
          // node-file-for-fetch first: it patches Request before msw's modules extend it.
          setupFiles: ["./src/test/node-file-for-fetch.ts", "./src/test/setup.ts"],
          // date-fns as one pre-bundled module rather than its hundreds of files: for each of them
          // Node 24 (not 20) parses the exports map of date-fns' 200 KB package.json again, seconds
          // per test file with the thread blocked (a lazy screen that first needs it outlasts waitFor).
          deps: { optimizer: { client: { enabled: true, include: ["date-fns", "date-fns-tz"] } } },
          // Whole screens with lazy routes: generous on a loaded 2-core machine.
          testTimeout: 20_000,
          // A worker keeps its jsdom window and the modules it loaded from one file to the next:
          // building the window and importing msw, the contract and React again for every file was
          // about half of this suite's time. src/test/setup.ts leaves nothing of a test behind.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The PostgreSQL run shares one database: files run one after another.
          fileParallelism: !process.env.TEST_DATABASE_URL,
          // A worker more than cores: two fifths of the server tests' time is spent waiting (on
          // their child processes, sockets and timers), which left the cores idle that long.
          maxWorkers: availableParallelism() + 1,
          // Its own group (after the web tests when both run at once): a group has one pool size.
          sequence: { groupOrder: 1 },
          // A worker keeps the server's modules loaded from one file to the next (importing them
          // was half of this suite's time): each file builds its own app and database, and no
          // server module keeps state beyond caches of pure results.
          isolate: false,
        },
      },
    ],
  },
});
