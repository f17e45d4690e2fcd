import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin, Rolldown } from "vite";

/**
 * The web app's route chunks, for vite.config.ts (`build.rolldownOptions.output.codeSplitting`).
 * The paths below are the router's pages (src/app/router.tsx): a page added there that should get
 * a chunk of its own is added here too.
 */

const SIGN_IN_PAGES = [
  "src/features/auth/components/login-page.tsx",
  "src/features/auth/components/register-page.tsx",
  "src/features/auth/components/forgot-password-page.tsx",
  "src/features/auth/components/oidc-landing-page.tsx",
];
const SHELL = "src/app/routes/app-layout.tsx";
const CALENDAR_SCREEN = "src/features/calendar/components/calendar-page.tsx";
const API_LAYOUT = "src/app/routes/api-layout.tsx";
/**
 * What the router loads on demand outside every layout: the pages outside them, and `cn` warmed up
 * ahead of the shell's first use.
 */
const LOADED_OUTSIDE_LAYOUTS = [
  "src/app/routes/landing.tsx",
  "src/app/routes/not-found.tsx",
  API_LAYOUT,
  "src/lib/cn.ts",
];
const SIGNED_IN_SCREENS = [
  "src/app/routes/dashboard.tsx",
  "src/app/routes/tasks-with-quick-add.tsx",
  "src/features/extract/components/extract-page.tsx",
  "src/app/routes/settings-with-data.tsx",
  "src/features/analytics/components/analytics-page.tsx",
  "src/features/analytics/components/review-page.tsx",
  "src/app/routes/daily-with-schedule.tsx",
  CALENDAR_SCREEN,
  "src/features/trash/components/trash-page.tsx",
  "src/app/routes/coming-soon.tsx",
];
/**
 * How the pages nest (src/app/router.tsx): a page inside a layout is only ever loaded with that
 * layout, since the router requests a page's layouts together with it. A page of the router
 * missing here would count as loading without its layout, and the layout's chunk would then hold
 * modules the pages' chunk imports while importing that chunk: a cycle, whose chunks' code runs
 * in whichever order they arrive (once "I is not a function" on /login). The build fails instead.
 */
const ROUTE_NESTING: Record<string, string[]> = {
  [API_LAYOUT]: [...SIGN_IN_PAGES, SHELL],
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
  { name: "api-pages", root: API_LAYOUT, sharedWithShell: SIGN_IN_PAGES },
  // What two signed-in screens share joins the shell's chunk. Not what the calendar shares with
  // another screen (date formatting, dialogs, the day plan's review): that would put about 19 KB
  // gzip more in the shell, which every screen loads; it stays in chunks of its own instead.
  {
    name: "shell",
    root: SHELL,
    sharedAmong: SIGNED_IN_SCREENS.filter((screen) => screen !== CALENDAR_SCREEN),
  },
  { name: "dashboard-screen", root: "src/app/routes/dashboard.tsx" },
  { name: "tasks-screen", root: "src/app/routes/tasks-with-quick-add.tsx" },
  { name: "extract-screen", root: "src/features/extract/components/extract-page.tsx" },
  { name: "settings-screen", root: "src/app/routes/settings-with-data.tsx" },
  { name: "analytics-screen", root: "src/features/analytics/components/analytics-page.tsx" },
  { name: "review-screen", root: "src/features/analytics/components/review-page.tsx" },
  { name: "daily-plan-screen", root: "src/app/routes/daily-with-schedule.tsx" },
  { name: "calendar-screen", root: CALENDAR_SCREEN },
  { name: "trash-screen", root: "src/features/trash/components/trash-page.tsx" },
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
export function routeChunks(): Rolldown.CodeSplittingNameFunction {
  let groupOf: Map<string, string> | undefined;
  return (moduleId, ctx) => {
    groupOf ??= routeGroups(ctx);
    return groupOf.get(moduleId) ?? null;
  };
}

function routeGroups(ctx: Rolldown.ChunkingContext): Map<string, string> {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const id = (file: string) => path.join(root, file);
  // lucide-react's index re-exports every icon: a module importing some icons from it imports
  // those icons' modules, not all of them.
  // As the bundler names it: the real path, also where node_modules is a link (a worktree's).
  const iconIndex = realpathSync(id("node_modules/lucide-react/dist/esm/lucide-react.js"));
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
  const routerPages = new Set([...LOADED_OUTSIDE_LAYOUTS, ...Object.values(ROUTE_NESTING).flat()].map(id));
  for (const page of ctx.getModuleInfo(id("src/app/router.tsx"))?.dynamicallyImportedIds ?? [])
    if (!routerPages.has(page))
      throw new Error(
        `${path.relative(root, page)} is loaded by the router but missing from scripts/route-chunks.ts`,
      );

  const importedStatically = new Set([...closureOf(loadRoots)].flatMap(imports));
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
    // The modules that only start a load keep chunks of their own (a few hundred bytes that import
    // the group's): put in a group, Rolldown 1.2 left their namespace export undefined
    // ("Export 'app_layout_exports' is not defined" in the browser). One that the group's modules
    // also import statically joins the group: left out, the bundler put it in the chunk of the
    // group's root, which imports the group's chunk, which imported it back.
    for (const module of members)
      if (!elsewhere.has(module) && (!loadRoots.has(module) || importedStatically.has(module)))
        groups.set(module, name);
  }
  return groups;
}

/**
 * Fails the build when chunks import each other, directly or not: of two chunks in a cycle, the
 * one that arrives first runs first, possibly before code it uses is there (what the route chunks
 * above must never produce, whatever the pages become).
 */
export function acyclicChunks(): Plugin {
  return {
    name: "tasklane:acyclic-chunks",
    apply: "build",
    generateBundle(_options, bundle) {
      const cycle = chunkCycle(
        new Map(
          Object.values(bundle).flatMap((output) =>
            output.type === "chunk" ? [[output.fileName, output.imports]] : [],
          ),
        ),
      );
      if (cycle) this.error(`Chunks import each other: ${cycle.join(" -> ")}`);
    },
  };
}

/** A cycle of `imports` (each chunk's static imports), as the chunks along it, if there is one. */
function chunkCycle(imports: Map<string, string[]>): string[] | undefined {
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (chunk: string): string[] | undefined => {
    const at = trail.indexOf(chunk);
    if (at >= 0) return [...trail.slice(at), chunk];
    if (done.has(chunk)) return undefined;
    trail.push(chunk);
    for (const imported of imports.get(chunk) ?? []) {
      const cycle = visit(imported);
      if (cycle) return cycle;
    }
    trail.pop();
    done.add(chunk);
    return undefined;
  };
  for (const chunk of imports.keys()) {
    const cycle = visit(chunk);
    if (cycle) return cycle;
  }
  return undefined;
}
