import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import type { Agent } from "node:https";
import type { AiProvider } from "./ai/provider";
import type { Config } from "./config";
import type { Db, DatabaseEngine } from "./db/database";
import type { Clock } from "./lib/clock";
import type { Mailer } from "./mail/mailer";

/** What the app is built from; tests pass their own (in-memory database, fake AI, SMTP sink). */
export interface AppDeps {
  config: Config;
  db: Db;
  engine: DatabaseEngine;
  clock: Clock;
  mailer: Mailer;
  ai: AiProvider;
  /** The HTTPS agent Web Push requests go through; unset in production (tests trust a local push service with it). */
  pushAgent?: Agent;
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
