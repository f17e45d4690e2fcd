import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import type { DNSResolver } from "mailauth";
import type { AiProvider } from "./ai/provider";
import type { Config } from "./config";
import type { Db, DatabaseEngine } from "./db/database";
import type { Clock } from "./lib/clock";
import type { ResolveHost } from "./lib/public-address";
import type { Mailer } from "./mail/mailer";

/** What the app is built from; tests pass their own (in-memory database, fake AI, SMTP sink). */
export interface AppDeps {
  config: Config;
  db: Db;
  engine: DatabaseEngine;
  clock: Clock;
  mailer: Mailer;
  ai: AiProvider;
  /** A certificate Web Push connections also trust; unset in production (tests' local push service). */
  pushCa?: string | Buffer;
  /** How outbound requests resolve host names; unset in production (tests answer with their own). */
  resolveHost?: ResolveHost;
  /** How inbound mail's SPF, DKIM and DMARC records are looked up; unset in production (tests' own). */
  mailDnsResolver?: DNSResolver;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every module's plugin is given; buildApp registers each module under its URL prefix. */
export interface ModuleOptions {
  deps: AppDeps;
}

export type ModulePlugin = FastifyPluginAsyncZod<ModuleOptions>;
