import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext } from "@playwright/test";
import type { BenchSection, BenchTable } from "../lib/report";
import { withDeadline } from "../support/bounded";
import { chunkContents } from "../support/bundle-contents";
import { BROWSER_STEP_MS, launchChromium, signedInContext } from "../support/chromium";
import { spaBuild, type Manifest } from "../support/spa-build";
import { startSpaServer, type SpaServer } from "../support/spa-server";

/**
 * The JavaScript the browser downloads to show each screen, measured for real: every
 * route is opened in Chromium (a fresh context, empty cache; signed in for the guarded ones)
 * against the real server serving the production build, and the gzip size of every .js file it
 * requested is summed. Budgets: the landing page ≤ 100 KB; the landing, login and register pages
 * load none of the signed-in app's code; any signed-in route ≤ 250 KB.
 */

const KB = 1000;
const LANDING_BUDGET = 100 * KB;
const SIGNED_IN_BUDGET = 250 * KB;
const SECTION_MS = 5 * 60_000;
const HEADING_MS = 15_000;
const COMPOSITION_ROWS = 12;

const PUBLIC_ROUTES = ["/", "/login", "/register"];
const SIGNED_IN_ROUTES = ["/dashboard", "/tasks", "/extract", "/daily", "/calendar", "/settings"];
/**
 * The route modules a visitor who is not signed in may load (src/app/router.tsx). Every other
 * lazily loaded route module — the shell and each signed-in screen, and any screen added later —
 * counts as the signed-in app.
 */
const PUBLIC_ROUTE_MODULES = [
  "src/app/routes/landing.tsx",
  // The query client and toasts of login and register (and of the signed-in app).
  "src/app/routes/api-layout.tsx",
  "src/features/auth/components/login-page.tsx",
  "src/features/auth/components/register-page.tsx",
  "src/app/routes/not-found.tsx",
];

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/** The chunk files `roots` load, following static imports (what Vite preloads with them). */
function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  roots.forEach(visit);
  return files;
}

/**
 * Files only the signed-in app needs: its route modules' own chunks, and the chunks reachable
 * from them that no public page needs.
 */
function signedInOnlyFiles(manifest: Manifest): Set<string> {
  const dynamicEntries = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry);
  const missing = PUBLIC_ROUTE_MODULES.filter((module) => !dynamicEntries.includes(module));
  if (missing.length > 0) {
    throw new Error(
      `Not lazily loaded route modules in the build: ${missing.join(", ")} (update PUBLIC_ROUTE_MODULES)`,
    );
  }
  const signedInModules = dynamicEntries.filter((key) => !PUBLIC_ROUTE_MODULES.includes(key));
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const publicFiles = staticClosure(manifest, [...entry, ...PUBLIC_ROUTE_MODULES]);
  const own = signedInModules.map((key) => manifest[key]?.file ?? "");
  const reachable = [...staticClosure(manifest, signedInModules)].filter((file) => !publicFiles.has(file));
  return new Set([...own, ...reachable]);
}

interface RouteLoad {
  route: string;
  /** "assets/index-….js" → bytes sent over the wire (after the server's compression) */
  scripts: Map<string, number>;
  /** Content-Encoding of those responses ("gzip", "br", "identity") */
  encodings: Set<string>;
  landedOn: string;
}

async function loadRoute(context: BrowserContext, baseUrl: string, route: string): Promise<RouteLoad> {
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  const encodings = new Set<string>();
  const sizes: Promise<void>[] = [];
  page.on("requestfinished", (request) => {
    const url = new URL(request.url());
    if (url.origin !== baseUrl || !url.pathname.endsWith(".js")) return;
    sizes.push(
      (async () => {
        const [size, response] = await Promise.all([request.sizes(), request.response()]);
        scripts.set(url.pathname.replace(/^\//, ""), size.responseBodySize);
        encodings.add((await response?.headerValue("content-encoding")) ?? "identity");
      })(),
    );
  });
  page.on("requestfailed", (request) => {
    if (request.url().endsWith(".js"))
      sizes.push(Promise.reject(new Error(`${request.url()} failed to load`)));
  });
  await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle", timeout: BROWSER_STEP_MS });
  // The screen is there: its heading shows (soon after the network went quiet), not the error page.
  await page.locator("h1").first().waitFor({ state: "visible", timeout: HEADING_MS });
  if (await page.getByText("Something went wrong").isVisible())
    throw new Error(`${route} shows the error page`);
  await page.waitForLoadState("networkidle", { timeout: BROWSER_STEP_MS });
  await Promise.all(sizes);
  const landedOn = new URL(page.url()).pathname;
  await page.close();
  return { route, scripts, encodings, landedOn };
}

async function measure(
  browser: Browser,
  server: SpaServer,
  route: string,
  signedIn: boolean,
): Promise<RouteLoad> {
  const context = signedIn ? await signedInContext(browser, server) : await browser.newContext();
  try {
    return await loadRoute(context, server.baseUrl, route);
  } finally {
    await context.close();
  }
}

const spaBundles: BenchSection = async () => {
  const build = await spaBuild();
  const gzipOf = new Map<string, number>();
  const gzipped = (file: string): number => {
    let size = gzipOf.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(build.dir, file)), { level: 9 }).length;
      gzipOf.set(file, size);
    }
    return size;
  };
  const signedInOnly = signedInOnlyFiles(build.manifest);
  const moduleOf = new Map(
    Object.entries(build.manifest).map(([key, chunk]) => [chunk.file, chunk.src ?? key.replace(/^_/, "")]),
  );

  const server = await startSpaServer();
  let browser: Browser | undefined;
  try {
    const chromium = await launchChromium();
    browser = chromium;
    // A route that fails is reported in its row; the others are still measured.
    const loads: Array<{ route: string; signedIn: boolean; load?: RouteLoad; error?: string }> = [];
    await withDeadline(
      (async () => {
        for (const [route, signedIn] of [
          ...PUBLIC_ROUTES.map((route) => [route, false] as const),
          ...SIGNED_IN_ROUTES.map((route) => [route, true] as const),
        ]) {
          try {
            loads.push({ route, signedIn, load: await measure(chromium, server, route, signedIn) });
          } catch (error) {
            loads.push({
              route,
              signedIn,
              error: (error instanceof Error ? error.message : String(error)).split("\n")[0],
            });
          }
        }
      })(),
      SECTION_MS,
      "opening every route",
    );

    const budgetOf = (route: string, signedIn: boolean) =>
      signedIn ? SIGNED_IN_BUDGET : route === "/" ? LANDING_BUDGET : undefined;
    const totalOf = (load: RouteLoad) =>
      [...load.scripts.keys()].reduce((sum, file) => sum + gzipped(file), 0);
    const rows = loads.map(({ route, signedIn, load, error }) => {
      if (!load) return [route, "—", "—", "—", "—", "—", `NOT MEASURED: ${error ?? "unknown error"}`];
      const files = [...load.scripts.keys()];
      const total = totalOf(load);
      const sent = [...load.scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
      const leaked = signedIn ? [] : files.filter((file) => signedInOnly.has(file));
      const budget = budgetOf(route, signedIn);
      const problems = [
        ...(load.landedOn !== route ? [`landed on ${load.landedOn}`] : []),
        ...(budget !== undefined && total > budget ? ["over budget"] : []),
        ...(leaked.length > 0
          ? [`loads signed-in code: ${leaked.map((file) => moduleOf.get(file) ?? file).join(", ")}`]
          : []),
      ];
      return [
        route,
        String(files.length),
        kb(total),
        kb(sent),
        budget === undefined ? "—" : `≤ ${kb(budget)}`,
        signedIn ? "—" : leaked.length === 0 ? "none" : `${leaked.length} files`,
        problems.length === 0 ? "held" : `MISSED (${problems.join("; ")})`,
      ];
    });

    const contentsOf = new Map<string, Map<string, string>>();
    const contents = (file: string) => {
      let owners = contentsOf.get(file);
      if (!owners) {
        owners = chunkContents(build.dir, file) ?? new Map<string, string>();
        contentsOf.set(file, owners);
      }
      return owners;
    };
    const madeOf = (file: string) =>
      [...contents(file)]
        .sort((a, b) => b[1].length - a[1].length)
        .slice(0, 3)
        .map(([owner]) => owner)
        .join(", ");
    const landing = loads.find((entry) => entry.route === "/")?.load;
    const landingFiles = [...(landing?.scripts.keys() ?? [])]
      .map((file) => [file, gzipped(file)] as const)
      .sort((a, b) => b[1] - a[1]);
    /** Where a page's JavaScript comes from, by npm package or repository file. */
    const composition = (load: RouteLoad): BenchTable => {
      const byOwner = new Map<string, string[]>();
      for (const file of load.scripts.keys()) {
        for (const [owner, text] of contents(file)) {
          const texts = byOwner.get(owner);
          if (texts) texts.push(text);
          else byOwner.set(owner, [text]);
        }
      }
      const owners = [...byOwner]
        .map(([owner, texts]) => {
          const text = texts.join("");
          return { owner, minified: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length };
        })
        .sort((a, b) => b.gzip - a.gzip);
      const shown = owners.slice(0, COMPOSITION_ROWS);
      const rest = owners.slice(COMPOSITION_ROWS);
      return {
        title: `${load.route}: what its JavaScript is made of (source maps; each part gzipped alone)`,
        columns: ["package or file", "minified", "gzip"],
        rows: [
          ...shown.map(({ owner, minified, gzip }) => [owner, kb(minified), kb(gzip)]),
          ...(rest.length > 0
            ? [
                [
                  `${rest.length} others`,
                  kb(rest.reduce((sum, part) => sum + part.minified, 0)),
                  kb(rest.reduce((sum, part) => sum + part.gzip, 0)),
                ],
              ]
            : []),
        ],
      };
    };
    const explained = loads.flatMap(({ route, signedIn, load }) => {
      const budget = budgetOf(route, signedIn);
      return load && (route === "/" || (budget !== undefined && totalOf(load) > budget)) ? [load] : [];
    });
    const encodings = [...new Set(loads.flatMap(({ load }) => [...(load?.encodings ?? [])]))];
    const tables: BenchTable[] = [
      {
        title: "JavaScript per route (production build, cold cache)",
        columns: ["route", "files", "JS gzip", "sent", "budget", "signed-in code", "verdict"],
        rows,
      },
      {
        title: "Landing page (/): the files it loads",
        columns: ["file (mostly made of)", "gzip"],
        rows: landingFiles.map(([file, size]) => [`${path.basename(file)} (${madeOf(file)})`, kb(size)]),
      },
      // The landing page's make-up always; a signed-in route's only when it is over budget.
      ...explained.map(composition),
    ];
    return {
      title: "SPA JavaScript per route",
      tables,
      notes: [
        `Build: ${build.origin}. KB = 1,000 bytes; "JS gzip" = each .js file the page requested, gzip -9, summed.`,
        `"sent" = the bytes that actually crossed the wire, as the server encoded them (${encodings.join(", ")}).`,
        `"signed-in code" = chunks of the shell and signed-in screens, or reachable only from them (Vite manifest): ${signedInOnly.size} files.`,
        "Each route: a fresh Chromium context, navigated to and left until the network is idle and its heading shows.",
      ],
    };
  } finally {
    await browser?.close().catch(() => undefined);
    await server.close();
  }
};

export default spaBundles;
