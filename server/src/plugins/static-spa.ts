import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import fp from "fastify-plugin";

export interface StaticSpaOptions {
  /** The web app's build (index.html and assets/); absent in server tests and API-only runs. */
  root: string;
}

/**
 * Paths the API owns; every other GET for a page is the SPA. `/premium` itself is a page of the
 * SPA while `/premium/…` are API calls, so a prefix owns only what is below it.
 */
const API_PREFIXES = [
  "/auth/",
  "/api/",
  "/premium/",
  "/inbound/",
  "/docs",
  "/dav/",
  "/.well-known/caldav",
  "/mcp/",
];

function isApiPath(url: string): boolean {
  const pathname = url.split("?")[0] ?? "";
  return (
    pathname === "/health" ||
    pathname === "/ready" ||
    API_PREFIXES.some((prefix) => pathname.startsWith(prefix))
  );
}

/**
 * The built web app and the one 404 of the server. A GET for a page the API does not own answers
 * index.html (the SPA routes it); anything else unknown is 404 `{ message }` naming the route.
 */
export const staticSpa = fp<StaticSpaOptions>(
  async (app, options) => {
    const staticRoot = path.resolve(options.root);
    const hasSpa = existsSync(path.join(staticRoot, "index.html"));
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: staticRoot,
        wildcard: false,
        index: false,
        // The build writes a .br and a .gz twin of every sizeable asset, compressed once at the
        // highest levels: sent as they are to a browser that accepts them, instead of compressing
        // each response again. They are not URLs of their own. The plugin adds
        // Vary: Accept-Encoding to every file it serves this way.
        preCompressed: true,
        globIgnore: ["**/*.br", "**/*.gz"],
        // Our own Cache-Control below; the plugin's default would override it with max-age=0.
        cacheControl: false,
        // Files of the build only, never a dotfile (the build's .build-hash stays private).
        dotfiles: "ignore",
        setHeaders(reply, filePath) {
          // Hashed assets never change; index.html must always be revalidated.
          reply.header(
            "Cache-Control",
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? "public, max-age=31536000, immutable"
              : "no-cache",
          );
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      if (hasSpa && request.method === "GET" && !isApiPath(request.url)) {
        return reply.header("Cache-Control", "no-cache").sendFile("index.html", { cacheControl: false });
      }
      return reply
        .status(404)
        .send({ message: `Route ${request.method} ${request.url.split("?")[0]} not found` });
    });
  },
  { name: "tasklane-static-spa" },
);
