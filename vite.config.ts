import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, URL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Plugin, Rolldown } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";

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

const SIGN_IN_PAGES = [
  "src/features/auth/components/login-page.tsx",
  "src/features/auth/components/register-page.tsx",
  "src/features/auth/components/forgot-password-page.tsx",
];
const SHELL = "src/app/routes/app-layout.tsx";
const SIGNED_IN_SCREENS = [
  "src/app/routes/dashboard.tsx",
  "src/app/routes/tasks-with-quick-add.tsx",
  "src/features/extract/components/extract-page.tsx",
  "src/app/routes/settings-with-data.tsx",
  "src/features/daily-plan/components/daily-plan-page.tsx",
  "src/app/routes/coming-soon.tsx",
];
/**
 * How the pages nest (src/app/router.tsx): a page inside a layout is only ever loaded with that
 * layout, since the router requests a page's layouts together with it.
 */
const ROUTE_NESTING: Record<string, string[]> = {
  "src/app/routes/api-layout.tsx": [...SIGN_IN_PAGES, SHELL],
  [SHELL]: SIGNED_IN_SCREENS,
};

interface RouteChunk {
  /** The chunk's name. */
  name: string;
  /** The layout or screen whose chunk it is. */
  root: string;
  /** Modules of these pages nested in `root` join the chunk when the shell needs them too. */
  sharedWithShell?: string[];
  /** Pages nested in `root` whose modules join the chunk when two or more of them need them. */
  sharedAmong?: string[];
}
const ROUTE_CHUNKS: RouteChunk[] = [
  // What the sign-in pages share with the signed-in app's shell joins the API pages' chunk.
  { name: "api-pages", root: "src/app/routes/api-layout.tsx", sharedWithShell: SIGN_IN_PAGES },
  // What two signed-in screens share joins the shell's chunk.
  { name: "shell", root: SHELL, sharedAmong: SIGNED_IN_SCREENS },
  { name: "dashboard-screen", root: "src/app/routes/dashboard.tsx" },
  { name: "tasks-screen", root: "src/app/routes/tasks-with-quick-add.tsx" },
  { name: "extract-screen", root: "src/features/extract/components/extract-page.tsx" },
  { name: "settings-screen", root: "src/app/routes/settings-with-data.tsx" },
  { name: "daily-plan-screen", root: "src/features/daily-plan/components/daily-plan-page.tsx" },
];

/**
 * Fewer, larger chunks per page. Left to itself the bundler makes one chunk per set of pages and
 * on-demand parts that share modules, which gave the Tasks screen 47 chunks, each a request
 * through the service worker and a `modulepreload` link; now it loads 20. Each layout and
 * signed-in screen gets one chunk with the modules that it, or only what loads after it, needs
 * (plus, for the API pages, what the sign-in pages share with the shell, and for the shell, what
 * two screens share, which a third screen then loads too: measured, every route still loads
 * fewer bytes than before, the chunks' own overhead having gone). A module that anything loaded
 * without it also needs (the entry, the landing page, a sibling screen, a menu the shell loads on
 * demand) stays where the bundler puts it. So the landing and sign-in pages load none of the
 * signed-in app, and no chunk imports one that loads later: the modules left out are what the
 * other loads import, closed under imports. `npm run bench -- spa-bundles` checks both.
 */
function routeChunks(): Rolldown.CodeSplittingNameFunction {
  let groupOf: Map<string, string> | undefined;
  return (moduleId, ctx) => {
    groupOf ??= routeGroups(ctx);
    return groupOf.get(moduleId) ?? null;
  };
}

function routeGroups(ctx: Rolldown.ChunkingContext): Map<string, string> {
  const root = path.dirname(fileURLToPath(import.meta.url));
  const id = (file: string) => path.join(root, file);
  // lucide-react's index re-exports every icon: a module importing some icons from it imports
  // those icons' modules, not all of them.
  const iconIndex = id("node_modules/lucide-react/dist/esm/lucide-react.js");
  const iconModules = new Map<string, string>();
  for (const [, names = "", file = ""] of ctx
    .getModuleInfo(iconIndex)
    ?.code?.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g) ?? [])
    for (const [, name = ""] of names.matchAll(/default as (\w+)/g))
      iconModules.set(name, path.join(path.dirname(iconIndex), file));
  const imports = (module: string): string[] => {
    const info = ctx.getModuleInfo(module);
    const ids = info?.importedIds ?? [];
    if (!ids.includes(iconIndex) || !info?.code) return ids;
    const statements = [...info.code.matchAll(/\b(import|export)\s*([^;]*?)\s*from\s*["']lucide-react["']/g)];
    // Anything but `import { A, B as C } from "lucide-react"` counts as importing every icon.
    const icons = statements.flatMap(([, keyword, clause = ""]) =>
      keyword === "import" && /^\{[^}]*\}$/.test(clause)
        ? clause
            .slice(1, -1)
            .split(",")
            .map((name) => name.trim().split(/\s+as\s+/)[0]!)
            .filter(Boolean)
            .map((name) => iconModules.get(name) ?? iconIndex)
        : [iconIndex],
    );
    return [...ids.filter((imported) => imported !== iconIndex), ...(icons.length > 0 ? icons : [iconIndex])];
  };
  const closures = new Map<string, Set<string>>();
  /** The modules `start` imports statically, directly or not, itself included. */
  const closure = (start: string): Set<string> => {
    let found = closures.get(start);
    if (found) return found;
    found = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (found.has(next)) continue;
      found.add(next);
      stack.push(...imports(next));
    }
    closures.set(start, found);
    return found;
  };
  const closureOf = (starts: Iterable<string>) =>
    new Set([...starts].flatMap((start) => [...closure(start)]));
  // Every start of a load: the entry and each target of a dynamic import, with their importers.
  const entry = id("src/main.tsx");
  const loadRoots = new Set<string>([entry]);
  const dynamicImporters = new Map<string, string[]>();
  const collectDynamic = (module: string) => {
    for (const target of ctx.getModuleInfo(module)?.dynamicallyImportedIds ?? []) {
      dynamicImporters.set(target, [...(dynamicImporters.get(target) ?? []), module]);
      if (loadRoots.has(target)) continue;
      loadRoots.add(target);
      for (const reached of closure(target)) collectDynamic(reached);
    }
  };
  for (const module of closure(entry)) collectDynamic(module);

  const groups = new Map<string, string>();
  for (const { name, root: file, sharedWithShell = [], sharedAmong = [] } of ROUTE_CHUNKS) {
    const start = id(file);
    if (!loadRoots.has(start))
      throw new Error(`${file} is not loaded on demand (vite.config.ts, ROUTE_CHUNKS)`);
    // What loads only after `start`: the pages nested in it, and the parts imported on demand
    // (not by the router) that only modules of those pages import.
    const after = new Set<string>([start]);
    const nest = (layout: string) => {
      for (const page of ROUTE_NESTING[layout] ?? []) {
        after.add(id(page));
        nest(page);
      }
    };
    nest(file);
    const entryModules = closure(entry);
    const parts = [...loadRoots].filter(
      (target) =>
        target !== entry &&
        !after.has(target) &&
        !dynamicImporters.get(target)?.some((importer) => entryModules.has(importer)),
    );
    parts.forEach((part) => after.add(part));
    for (let shrank = true; shrank;) {
      shrank = false;
      const elsewhere = closureOf([...loadRoots].filter((other) => !after.has(other)));
      for (const part of parts) {
        if (after.has(part) && dynamicImporters.get(part)?.some((importer) => elsewhere.has(importer))) {
          after.delete(part);
          shrank = true;
        }
      }
    }
    const elsewhere = closureOf([...loadRoots].filter((other) => !after.has(other)));
    const members = new Set(closure(start));
    const shell = closure(id(SHELL));
    for (const module of closureOf(sharedWithShell.map(id))) if (shell.has(module)) members.add(module);
    const users = new Map<string, number>();
    for (const page of sharedAmong)
      for (const module of closure(id(page))) users.set(module, (users.get(module) ?? 0) + 1);
    for (const [module, count] of users) if (count > 1) members.add(module);
    // The modules that start a load keep chunks of their own (a few hundred bytes that import the
    // group's): put in a group, Rolldown 1.2 left their namespace export undefined
    // ("Export 'app_layout_exports' is not defined" in the browser).
    for (const module of members)
      if (!elsewhere.has(module) && !loadRoots.has(module)) groups.set(module, name);
  }
  return groups;
}

const apiPort = process.env.PORT ?? "3000";
const proxiedPaths = ["/auth", "/api", "/premium", "/docs", "/inbound", "/health"];

/** The server's own paths: the service worker never answers them, whether online or not. */
const SERVER_PATHS = [/^\/(api|auth|inbound|docs)(\/|$)/, /^\/premium\//, /^\/(health|ready)$/];

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
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressBuild(), pwa],
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
    projects: [
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          globals: true,
          include: ["src/**/*.test.{ts,tsx}", "contract/**/*.test.ts"],
          setupFiles: ["./src/test/setup.ts"],
          // Whole screens with lazy routes: generous on a loaded 2-core machine.
          testTimeout: 20_000,
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
        },
      },
    ],
  },
});
