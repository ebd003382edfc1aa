import path from "node:path";
import { z } from "zod";
import { parseTrustProxy } from "./http/client-address.ts";

// Every setting the process reads, validated once at start-up. Nothing else reads process.env.

const booleanFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], {
      error: "must be true or false",
    })
    .optional()
    .transform((value) => (value === undefined ? fallback : ["true", "1", "yes", "on"].includes(value)));

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const postgresUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
    message: "must start with postgres:// or postgresql://",
  });

/** A duration in milliseconds between `min` and `max`. */
const milliseconds = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(min, `must be between ${min} and ${max} milliseconds`)
    .max(max, `must be between ${min} and ${max} milliseconds`)
    .default(fallback);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce
      .number({ error: "must be a port number" })
      .int("must be a whole number")
      .min(0, "must be between 0 and 65535")
      .max(65535, "must be between 0 and 65535")
      .default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    PUBLIC_URL: z.url({ error: "must be an absolute URL such as https://devconsult.example" }).optional(),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: postgresUrl,
    DATABASE_DIRECT_URL: postgresUrl,
    DATABASE_READ_URL: postgresUrl,
    DATABASE_POOLER: booleanFlag(false),
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: "must be a number of connections" })
      .int("must be a whole number")
      // Two at least: start-up holds one connection for its lock while the migrations run on
      // another, so a pool of one waits for itself forever (with no word in the log).
      .min(2, "must be between 2 and 500")
      .max(500, "must be between 2 and 500")
      .default(10),
    DATABASE_CONNECT_TIMEOUT_MS: milliseconds(100, 60_000, 3_000),
    DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(100, 600_000, 5_000),
    DATABASE_JOB_STATEMENT_TIMEOUT_MS: milliseconds(1_000, 3_600_000, 60_000),
    DATABASE_REPLICA_MAX_LAG_MS: milliseconds(100, 3_600_000, 10_000),
    SITE_NAME: z.string().trim().min(1).max(80).default("DevConsult SEA"),
    ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
    ADMIN_PASSWORD: z.string().min(6, "must be at least 6 characters long").optional(),
    SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\//.test(value), {
      message: "must start with smtp:// or smtps://",
    }),
    MAIL_FROM: optionalText,
    SUPPORT_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
    SEED_DEMO: z.enum(["true", "false", "1", "0", "yes", "no", "on", "off"], { error: "must be true or false" }).optional(),
    REQUIRE_APPROVAL: booleanFlag(true),
    INSIGHTS_COUNTING: booleanFlag(true),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseTrustProxy(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
    RATE_LIMIT_IPV6_PREFIX: z.coerce
      .number({ error: "must be a prefix length" })
      .int({ error: "must be a whole number" })
      .min(32, { error: "must be between 32 and 128" })
      .max(128, { error: "must be between 32 and 128" })
      .default(64),
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    S3_ENDPOINT: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_PUBLIC_URL: optionalText,
    PAGE_CACHE_SECONDS: z.coerce
      .number({ error: "must be a number of seconds" })
      .int("must be a whole number of seconds")
      .min(0, "must be between 0 and 60")
      .max(60, "must be between 0 and 60")
      .default(5),
    WEB_CONCURRENCY: z.coerce
      .number({ error: "must be a number of processes" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 64")
      .max(64, "must be between 1 and 64")
      .optional(),
    // Issue 38: the key that encrypts authenticator (TOTP) secrets at rest (server/services/accounts/secret-box.ts).
    SECRETS_KEY: optionalText.refine((value) => value === undefined || value.length >= 32, {
      message: "must be at least 32 characters (e.g. the output of `openssl rand -base64 32`)",
    }),
    // Issue 38: how long a sign-in or a re-authentication counts as recent for sensitive changes.
    REAUTHENTICATE_MINUTES: z.coerce
      .number({ error: "must be a number of minutes" })
      .int("must be a whole number of minutes")
      .min(1, "must be between 1 and 1440 minutes")
      .max(1440, "must be between 1 and 1440 minutes")
      .default(10),
    // Issue 38: who must have a second factor. Unset: admins when SECRETS_KEY is set (an app can be
    // set up), otherwise nobody (toConfig; server/main.ts warns in production). Set to admins or all
    // without SECRETS_KEY it holds: a passkey is a factor too, and needs no key (its public key is
    // not a secret), so such a server asks for passkeys.
    ENFORCE_SECOND_FACTOR: z.enum(["admins", "all", "none"], { error: 'must be "admins", "all" or "none"' }).optional(),
    METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
      message: "must be at least 16 characters long",
    }),
    SESSION_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
      message: "must be at least 32 characters long",
    }),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
    if (env.DATABASE_POOLER && !env.DATABASE_DIRECT_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_DIRECT_URL"],
        message: "DATABASE_POOLER=true needs DATABASE_DIRECT_URL (a direct connection for migrations, locks and the job queue)",
      });
    }
    for (const name of ["DATABASE_DIRECT_URL", "DATABASE_READ_URL", "DATABASE_POOLER"] as const) {
      if (env[name] && !env.DATABASE_URL) {
        ctx.addIssue({ code: "custom", path: [name], message: `${name} needs DATABASE_URL` });
      }
    }
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_BUCKET"],
        message: "S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
      });
    }
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const siteHost = new URL(publicUrl).hostname;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    // Secure cookies need HTTPS; a plain-http localhost demo must still be able to sign in.
    secureCookies: publicUrl.startsWith("https://"),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    database: {
      /** A direct connection (not through a pooler): migrations, the start-up lock, LISTEN, the job queue. */
      directUrl: env.DATABASE_DIRECT_URL,
      /** A read replica for search, listings, profiles and stats. */
      readUrl: env.DATABASE_READ_URL,
      /**
       * DATABASE_URL is a pooler in transaction mode (PgBouncer): no server-side prepared
       * statements and no session settings on its connections.
       */
      pooler: env.DATABASE_POOLER,
      /** Connections per process in each pool (primary, replica). */
      poolSize: env.DATABASE_POOL_SIZE,
      /** Opening a connection gives up after this long (every pool). */
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      /** A request's statement or transaction gives up after this long: the answer is 503. */
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      /** The same for background jobs (mail, digests, purges), which may work longer. */
      jobStatementTimeoutMs: env.DATABASE_JOB_STATEMENT_TIMEOUT_MS,
      /** A replica further behind than this is skipped: its reads go to the primary until it catches up. */
      replicaMaxLagMs: env.DATABASE_REPLICA_MAX_LAG_MS,
    },
    siteName: env.SITE_NAME,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `${env.SITE_NAME} <no-reply@${siteHost === "localhost" ? "devconsult.local" : siteHost}>`,
      outboxDir: path.join(dataDir, "mail"),
    },
    supportEmail: env.SUPPORT_EMAIL ?? `support@${siteHost === "localhost" ? "devconsult.local" : siteHost}`,
    // The demo directory is for a first look: on by default only with the embedded database,
    // never by surprise against an external (production) one.
    seedDemo: env.SEED_DEMO === undefined ? !env.DATABASE_URL : ["true", "1", "yes", "on"].includes(env.SEED_DEMO),
    requireApproval: env.REQUIRE_APPROVAL,
    /** Count profile views, search appearances and CV downloads for consultants' insights (off: for a benchmark's baseline). */
    insightsCounting: env.INSIGHTS_COUNTING,
    trustProxy: env.TRUST_PROXY,
    /** IPv6 clients are counted by network (rate limits, visitors): the prefix length of that network. */
    ipv6Prefix: env.RATE_LIMIT_IPV6_PREFIX,
    storage: env.S3_BUCKET
      ? {
          kind: "s3" as const,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? "us-east-1",
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
          publicUrl: env.S3_PUBLIC_URL,
        }
      : { kind: "local" as const, dir: path.join(dataDir, "uploads") },
    logLevel: env.LOG_LEVEL,
    /**
     * The key the app signs its cookies with (the toast cookie). Unset here, server/main.ts resolves
     * it at start-up (server/session-secret.ts: kept in DATA_DIR) before anything serves.
     */
    sessionSecret: env.SESSION_SECRET,
    /** Bearer token for GET /metrics; without it /metrics is not served. */
    metricsToken: env.METRICS_TOKEN,
    /** Encrypts TOTP secrets at rest; without it nobody can turn on an authenticator app. */
    secretsKey: env.SECRETS_KEY,
    /**
     * How long the password or a second factor proved at sign-in (or again) lets a session change
     * its e-mail, password or factors and an admin act with privilege (issue 38, "sudo mode").
     */
    reauthenticateMinutes: env.REAUTHENTICATE_MINUTES,
    /** Who must have a second factor (issue 38): an account it covers is sent to set one up, an admin can do nothing admin until then. */
    enforceSecondFactor: env.ENFORCE_SECOND_FACTOR ?? (env.SECRETS_KEY ? "admins" : "none"),
    /** How long signed-out visitors may get a cached copy of the home and profile pages; 0 turns the cache off. */
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    /** Node worker processes serving HTTP (default: one per core, at most 2 on small machines; see server/main.ts). */
    webConcurrency: env.WEB_CONCURRENCY,
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the settings; throws a ConfigError naming every bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "(settings)"}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return toConfig(parsed.data);
}
