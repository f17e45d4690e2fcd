import { isIP } from "node:net";
import { z } from "zod";
import { PASSWORD_HASH_COST } from "./lib/passwords";

/** The only place that reads process.env. */

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

/** Names proxy-addr (Fastify's trustProxy) knows for whole private ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const maxBits = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= maxBits;
}

/**
 * Which X-Forwarded-For entries are believed: a hop count (1 = one load balancer in front of the
 * server) or the proxies' own addresses / CIDR ranges, comma-separated. Unset, "false" or "0"
 * believes none. "true" (believe every hop) is refused: with it any client can name itself
 * whatever address it likes in the header and escape every per-client limit.
 */
const trustProxySetting = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = raw?.trim() ?? "";
    if (value === "" || value === "false" || value === "0") return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: "custom",
      message:
        value === "true"
          ? "TRUST_PROXY=true would believe any client's X-Forwarded-For; give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.5,10.0.1.0/24)"
          : "TRUST_PROXY must be a number of proxy hops (e.g. 1) or the proxies' addresses or CIDR ranges, comma-separated",
    });
    return z.NEVER;
  });

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes "believe that many hops from this server
 * outwards" (Fastify itself reads a bare number as "believe none").
 */
export function trustProxyOption(
  setting: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}

const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);

const envSchema = z.object({
  PORT: port(3000),
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.refine((value) => !value || /^postgres(ql)?:\/\//.test(value), {
    error: "DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)",
  }),
  // Unset: this server's own port on localhost (below), so links answer when only PORT is set.
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Tasklane <no-reply@tasklane.localhost>"),
  MAIL_DOMAIN: z.string().default("tasklane.localhost"),
  INBOUND_SMTP_PORT: port(2525),
  INBOUND_SMTP_HOST: z.string().default("127.0.0.1"),
  INBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  INBOUND_TLS_KEY: optionalString,
  INBOUND_TLS_CERT: optionalString,
  INBOUND_WEBHOOK_SECRET: optionalString,
  INBOUND_SENDER_POLICY: z.enum(["owner", "owner-unverified", "any"]).default("owner"),
  INBOUND_TRUSTED_AUTHSERV_IDS: optionalString,
  INBOUND_MAX_TASKS_PER_MESSAGE: z.coerce.number().int().min(1).default(50),
  INBOUND_MAX_TASKS_PER_DAY: z.coerce.number().int().min(1).default(200),
  AI_BASE_URL: optionalString,
  AI_API_KEY: optionalString,
  AI_MODEL: z.string().default("gpt-4o-mini"),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  AI_FREE_MONTHLY_LIMIT: z.coerce.number().int().min(0).default(20),
  AI_PREMIUM_MONTHLY_LIMIT: z.coerce.number().int().min(0).default(1000),
  CORS_ORIGINS: optionalString,
  TRUST_PROXY: trustProxySetting,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  VERIFICATION_CODE_TTL_MINUTES: z.coerce.number().int().positive().default(10),
  AUTH_CODES_PER_CLIENT_PER_HOUR: z.coerce.number().int().positive().default(20),
  AUTH_SIGN_INS_PER_CLIENT: z.coerce.number().int().positive().default(50),
  STATIC_DIR: z.string().default("./dist"),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  JOBS_SLOTS: z.coerce.number().int().min(1).max(64).default(2),
  JOBS_NETWORK_SLOTS: z.coerce.number().int().min(1).max(64).default(4),
  JOBS_PER_USER: z.coerce.number().int().min(1).max(64).default(2),
  WEBHOOKS_PER_USER: z.coerce.number().int().min(0).default(20),
  CALENDARS_PER_USER: z.coerce.number().int().min(0).default(20),
  PUSH_ALLOW_PRIVATE: z.stringbool().default(false),
  CALENDAR_ALLOW_PRIVATE: z.stringbool().default(false),
  WEBHOOK_ALLOW_PRIVATE: z.stringbool().default(false),
  METRICS_TOKEN: optionalString.refine((value) => !value || value.length >= 16, {
    error: "METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 32)",
  }),
  LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).default(10),
  REGISTRATION: z.enum(["open", "invite", "closed"]).default("open"),
  OIDC_ISSUER: optionalString.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_NAME: z.string().trim().min(1).default("SSO"),
  OIDC_ONLY: z.stringbool().default(false),
});

/** OpenID Connect sign-in: all of issuer, client id and secret, or none of them. */
function oidcOf(env_: z.infer<typeof envSchema>) {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env_;
  if (!issuer && !clientId && !clientSecret) {
    if (env_.OIDC_ONLY)
      throw new Error(
        "Invalid configuration:\n  OIDC_ONLY: needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET",
      );
    return undefined;
  }
  if (!issuer || !clientId || !clientSecret) {
    throw new Error(
      "Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three for OpenID Connect sign-in, or none",
    );
  }
  return { issuer, clientId, clientSecret, name: env_.OIDC_NAME, only: env_.OIDC_ONLY };
}

export type Config = ReturnType<typeof parseConfig>;

export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const env_ = result.data;
  return {
    port: env_.PORT,
    host: env_.HOST,
    dataDir: env_.DATA_DIR,
    databaseUrl: env_.DATABASE_URL,
    publicUrl: env_.PUBLIC_URL ?? `http://localhost:${env_.PORT}`,
    smtpUrl: env_.SMTP_URL,
    mailFrom: env_.MAIL_FROM,
    mailDomain: env_.MAIL_DOMAIN.toLowerCase(),
    inbound: {
      smtpPort: env_.INBOUND_SMTP_PORT,
      smtpHost: env_.INBOUND_SMTP_HOST,
      maxBytes: env_.INBOUND_MAX_BYTES,
      tlsKeyPath: env_.INBOUND_TLS_KEY,
      tlsCertPath: env_.INBOUND_TLS_CERT,
      webhookSecret: env_.INBOUND_WEBHOOK_SECRET,
      /**
       * "owner": only mail from the account's own address whose domain passed SPF, DKIM or DMARC
       * aligned with it; "owner-unverified": the From header alone (it can be forged: for
       * development and tests); "any": every sender.
       */
      senderPolicy: env_.INBOUND_SENDER_POLICY,
      /** authserv-ids of upstream servers whose Authentication-Results headers are believed. */
      trustedAuthservIds:
        env_.INBOUND_TRUSTED_AUTHSERV_IDS?.split(",")
          .map((id) => id.trim())
          .filter(Boolean) ?? [],
      maxTasksPerMessage: env_.INBOUND_MAX_TASKS_PER_MESSAGE,
      maxTasksPerDay: env_.INBOUND_MAX_TASKS_PER_DAY,
    },
    ai: {
      baseUrl: env_.AI_BASE_URL,
      apiKey: env_.AI_API_KEY,
      model: env_.AI_MODEL,
      timeoutMs: env_.AI_TIMEOUT_MS,
      freeMonthlyLimit: env_.AI_FREE_MONTHLY_LIMIT,
      premiumMonthlyLimit: env_.AI_PREMIUM_MONTHLY_LIMIT,
    },
    corsOrigins:
      env_.CORS_ORIGINS?.split(",")
        .map((origin) => origin.trim())
        .filter(Boolean) ?? [],
    trustProxy: env_.TRUST_PROXY,
    logLevel: env_.LOG_LEVEL,
    sessionTtlDays: env_.SESSION_TTL_DAYS,
    verificationCodeTtlMinutes: env_.VERIFICATION_CODE_TTL_MINUTES,
    codesPerClientPerHour: env_.AUTH_CODES_PER_CLIENT_PER_HOUR,
    /** Sign-in attempts one client address may make in 15 minutes, successful or not. */
    signInsPerClient: env_.AUTH_SIGN_INS_PER_CLIENT,
    staticDir: env_.STATIC_DIR,
    /** How often each instance looks for due jobs (daily plans, reminders, their e-mails). */
    jobsPollIntervalMs: env_.JOBS_POLL_INTERVAL_MS,
    /**
     * How many jobs each instance runs at once: `slots` for reminders and the other local work,
     * `networkSlots` for webhook deliveries and calendar fetches; and how many of one user's jobs
     * run at once across instances.
     */
    jobs: { slots: env_.JOBS_SLOTS, networkSlots: env_.JOBS_NETWORK_SLOTS, perUser: env_.JOBS_PER_USER },
    /** Most webhooks and calendar subscriptions one account may have. */
    webhooksPerUser: env_.WEBHOOKS_PER_USER,
    calendarsPerUser: env_.CALENDARS_PER_USER,
    /** Reminder pushes may go to loopback and private addresses (a push service on this network). */
    pushAllowPrivate: env_.PUSH_ALLOW_PRIVATE,
    /**
     * Calendar subscriptions may be fetched from loopback and private addresses (a calendar
     * server on this network). Off by default: a user's URL must not reach into the server's own
     * network.
     */
    calendarAllowPrivate: env_.CALENDAR_ALLOW_PRIVATE,
    /** Webhooks may be registered for and delivered to loopback and private addresses. */
    webhookAllowPrivate: env_.WEBHOOK_ALLOW_PRIVATE,
    /** Unset: GET /metrics is off (404); set: the bearer token Prometheus scrapes it with. */
    metricsToken: env_.METRICS_TOKEN,
    /** Live-update streams one user may have open at once, across instances. */
    liveStreamsPerUser: env_.LIVE_STREAMS_PER_USER,
    /** Who may create an account: anyone, only invited addresses (`npm run admin -- invite`), nobody. */
    registration: env_.REGISTRATION,
    /** Unset: no OpenID Connect sign-in; `only`: the password form is hidden. */
    oidc: oidcOf(env_),
    /** argon2id's cost for passwords: OWASP's minimum, never lowered by a setting. */
    passwordHashCost: PASSWORD_HASH_COST,
  };
}

/**
 * A configuration for tests: everything default, in-memory SQLite, nothing listening, except that
 * inbound mail from the account's own address is believed without SPF, DKIM or DMARC (tests send
 * it from this machine, where no DNS answers; the tests of that check set "owner"), and that
 * passwords are hashed at argon2id's lowest cost: at the real one, the suite's thousands of
 * sign-ups and sign-ins spent about a tenth of its time hashing (the real cost has its own test).
 */
export function testConfig(overrides: Partial<Record<string, string>> = {}): Config {
  return {
    ...parseConfig({
      LOG_LEVEL: "silent",
      INBOUND_SMTP_PORT: "0",
      INBOUND_SENDER_POLICY: "owner-unverified",
      ...overrides,
    }),
    passwordHashCost: { memoryCost: 1_024, timeCost: 1 },
  };
}
