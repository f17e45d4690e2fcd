import Fastify, { type FastifyBaseLogger } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { App, AppDeps } from "./app-types";
import { trustProxyOption } from "./config";
import { loggerOptions } from "./lib/logger";
import { modules } from "./modules";
import { compression } from "./plugins/compression";
import { docs } from "./plugins/docs";
import { documentedErrors } from "./plugins/documented-errors";
import { errorHandler } from "./plugins/error-handler";
import { health } from "./plugins/health";
import { metrics } from "./plugins/metrics";
import { noStore } from "./plugins/no-store";
import { securityHeaders } from "./plugins/security-headers";
import { staticSpa } from "./plugins/static-spa";

/**
 * The HTTP application: a list of plugin registrations, in order. What applies to every route
 * (error handler, headers, compression, docs) comes before the modules; the static SPA and its
 * 404 fallback come last.
 */
export async function buildApp(deps: AppDeps, options: { loggerInstance?: FastifyBaseLogger } = {}) {
  const { config } = deps;
  const app: App = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: loggerOptions(config.logLevel) }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Long ids must reach our handlers (→ 404 { message }) instead of Fastify's bare 414.
    routerOptions: { maxParamLength: 2048 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandler);
  await app.register(metrics, { deps });
  await app.register(securityHeaders, { corsOrigins: config.corsOrigins });
  await app.register(compression);
  await app.register(noStore);
  await app.register(docs);
  await app.register(documentedErrors);
  await app.register(health, { deps });
  await app.register(modules, { deps });
  await app.register(staticSpa, { root: config.staticDir });
  return app;
}
