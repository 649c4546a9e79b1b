/**
 * Configuration, read once from the environment and validated with zod.
 * A bad value stops the start with one line naming the variable (see `ConfigError`).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { isAccountEmail } from "~/auth/email";
import { DEFAULT_MAIL_FROM } from "~/mail/sender";

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const TRUST_PROXY_HINT =
  "must be false, the number of proxies in front of the server (e.g. 1), or a comma-separated list of their addresses or subnets (e.g. 10.0.0.0/8, loopback)";

const IPV4 = String.raw`(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}`;
const PROXY_ADDRESS = new RegExp(String.raw`^(?:loopback|linklocal|uniquelocal|${IPV4}(?:/(?:3[0-2]|[12]?\d))?|[0-9a-f:]*:[0-9a-f:.]*(?:/(?:12[0-8]|1[01]\d|\d?\d))?)$`, "i");

/**
 * Which proxies' X-Forwarded-For entries to believe, as Express's "trust proxy" takes it: false (none,
 * the default), a hop count (the client is the address that many proxies back; `true` is read as 1),
 * or the proxies' addresses/subnets. Never "trust everything": with that, the leftmost entry, which
 * the client writes itself, would be taken as its address. Undefined for a value that is none of these.
 */
export function parseTrustProxy(raw: string): false | number | string[] | undefined {
  const value = raw.trim().toLowerCase();
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true") return 1;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const list = value.split(",").map((v) => v.trim()).filter(Boolean);
  return list.length > 0 && list.every((v) => PROXY_ADDRESS.test(v)) ? list : undefined;
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    PORT: z.coerce
      .number({ message: "must be a whole number between 1 and 65535" })
      .int("must be a whole number between 1 and 65535")
      .min(1, "must be a whole number between 1 and 65535")
      .max(65535, "must be a whole number between 1 and 65535")
      .default(3000),
    DATABASE_URL: optionalText.refine(
      (v) => v === undefined || /^(file:|sqlite:|postgres(ql)?:\/\/)/.test(v),
      "must start with file:, sqlite: or postgres:// (leave it empty for data/app.db)",
    ),
    // One secret, or several separated by commas for rotation (the first signs, all verify).
    SESSION_SECRET: optionalText.refine(
      (v) => v === undefined || v.split(",").every((secret) => secret.trim().length >= 32),
      "must be at least 32 characters long (each, when several are separated by commas)",
    ),
    ADMIN_EMAIL: optionalText.refine((v) => v === undefined || isAccountEmail(v), "must be an e-mail address"),
    ADMIN_PASSWORD: optionalText.refine(
      (v) => v === undefined || v.length >= 6,
      "must be at least 6 characters long",
    ),
    PUBLIC_URL: optionalText.pipe(z.url("must be an absolute URL such as https://example.com").optional()),
    SMTP_URL: optionalText.refine(
      (v) => v === undefined || /^smtps?:\/\/[^/]/.test(v),
      "must look like smtp://user:pass@host:587 or smtps://host:465",
    ),
    MAIL_FROM: z.string().trim().min(3).default(DEFAULT_MAIL_FROM),
    OFFICE_EMAIL: optionalText.pipe(z.email("must be an e-mail address").optional()),
    GOOGLE_MAPS_API_KEY: optionalText,
    GOOGLE_MAPS_BROWSER_KEY: optionalText,
    GOOGLE_PLACES_URL: optionalText.pipe(z.url("must be an absolute URL such as https://places.googleapis.com").optional()),
    GOOGLE_ROUTES_URL: optionalText.pipe(z.url("must be an absolute URL such as https://routes.googleapis.com").optional()),
    ROUTING_PROVIDER: z
      .enum(["builtin", "google", "osrm"], { message: "must be builtin, google or osrm" })
      .default("builtin"),
    OSRM_URL: optionalText.pipe(z.url("must be an absolute URL such as http://127.0.0.1:5000").optional()),
    STORAGE: z.enum(["local", "s3"], { message: "must be local or s3" }).default("local"),
    UPLOAD_DIR: z.string().trim().min(1).default("data/uploads"),
    S3_ENDPOINT: optionalText.pipe(z.url("must be an absolute URL").optional()),
    S3_REGION: z.string().trim().default("auto"),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_PUBLIC_URL: optionalText.pipe(z.url("must be an absolute URL").optional()),
    TRUST_PROXY: z
      .string()
      .default("false")
      .transform((v, ctx) => {
        const trust = parseTrustProxy(v);
        if (trust === undefined) {
          ctx.addIssue({ code: "custom", message: TRUST_PROXY_HINT });
          return z.NEVER;
        }
        return trust;
      }),
    // Guest messages (issue 16): each channel is on only when its required variables are set.
    WHATSAPP_TOKEN: optionalText,
    WHATSAPP_PHONE_NUMBER_ID: optionalText.refine((v) => v === undefined || /^\d{1,30}$/.test(v), "must be the numeric phone number id from Meta"),
    WHATSAPP_API_URL: optionalText.pipe(z.url("must be an absolute URL such as https://graph.facebook.com/v21.0").optional()),
    WHATSAPP_APP_SECRET: optionalText,
    WHATSAPP_VERIFY_TOKEN: optionalText,
    SMS_API_URL: optionalText.pipe(z.url("must be an absolute URL such as https://api.twilio.com").optional()),
    SMS_ACCOUNT_SID: optionalText.refine((v) => v === undefined || /^[\w-]{1,64}$/.test(v), "must be letters, digits, - or _ (e.g. AC0123…)"),
    SMS_AUTH_TOKEN: optionalText,
    SMS_FROM: optionalText.refine((v) => v === undefined || /^(\+[1-9]\d{7,14}|[A-Za-z0-9 ]{1,11})$/.test(v), "must be a number in E.164 form (+90…) or a sender name of up to 11 letters"),
    // Online payments (issue 30): a provider is on only when its keys are set; without one the site offers pay-on-arrival only.
    /** which provider takes online payments when both have keys; unset: the one with keys (iyzico first) */
    PAYMENT_PROVIDER: optionalText.refine((v) => v === undefined || v === "iyzico" || v === "stripe", "must be iyzico or stripe"),
    IYZICO_API_KEY: optionalText,
    IYZICO_SECRET_KEY: optionalText,
    IYZICO_BASE_URL: optionalText.pipe(z.url("must be an absolute URL such as https://api.iyzipay.com").optional()),
    STRIPE_SECRET_KEY: optionalText.refine((v) => v === undefined || /^(sk|rk)_(test|live)_\w{8,}$/.test(v), "must be a Stripe secret key (sk_live_… or sk_test_…)"),
    STRIPE_WEBHOOK_SECRET: optionalText.refine((v) => v === undefined || /^whsec_\w{8,}$/.test(v), "must be the webhook endpoint's signing secret (whsec_…)"),
    STRIPE_API_URL: optionalText.pipe(z.url("must be an absolute URL such as https://api.stripe.com").optional()),
    // Flights tracked (issue 31): only with a provider key; without one nothing is tracked or shown.
    /** the flight data provider (only aerodatabox so far); unset: aerodatabox when its key is set */
    FLIGHTS_PROVIDER: optionalText.refine((v) => v === undefined || v === "aerodatabox", "must be aerodatabox"),
    AERODATABOX_API_KEY: optionalText,
    AERODATABOX_BASE_URL: optionalText.pipe(z.url("must be an absolute URL such as https://aerodatabox.p.rapidapi.com").optional()),
    /** with the demo fleet on a new database: a few demo guests with bookings and a quote request (issue 29); false: none */
    DEMO_BOOKINGS: z
      .enum(["true", "false"], { message: "must be true or false" })
      .default("true")
      .transform((v) => v === "true"),
    LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
    /** bookings one address may make per 10 minutes (site and API together) */
    BOOKING_RATE_LIMIT: z.coerce
      .number({ message: "must be a whole number between 1 and 100000" })
      .int("must be a whole number between 1 and 100000")
      .min(1, "must be a whole number between 1 and 100000")
      .max(100_000, "must be a whole number between 1 and 100000")
      .default(30),
    /** memory for the page cache's kept public pages and JSON, megabytes; 0 turns it off (issue 17) */
    PAGE_CACHE_MB: z.coerce
      .number({ message: "must be a whole number of megabytes between 0 and 4096" })
      .int("must be a whole number of megabytes between 0 and 4096")
      .min(0, "must be a whole number of megabytes between 0 and 4096")
      .max(4096, "must be a whole number of megabytes between 0 and 4096")
      .default(64),
    /** the bearer token that opens /metrics (issue 28); unset: no /metrics at all */
    METRICS_TOKEN: optionalText.refine((v) => v === undefined || /^[\x21-\x7e]{16,200}$/.test(v), "must be 16 to 200 visible characters (no spaces)"),
    /** serve /metrics on this port only (an internal one), not on PORT; unset: on PORT */
    METRICS_PORT: optionalText.refine((v) => v === undefined || (/^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535), "must be a whole number between 1 and 65535").transform((v) => (v === undefined ? undefined : Number(v))),
    /** partners' webhooks (issue 33) may call loopback, private and CGNAT addresses, over plain http too (tests, a private network); 0 (default): public https only in production */
    WEBHOOK_ALLOW_PRIVATE: z
      .enum(["0", "1"], { message: "must be 1 (webhooks may call private and loopback addresses) or 0 (public addresses only, the default)" })
      .default("0")
      .transform((v) => v === "1"),
    /** before listening, the production server runs a scratch copy of the app to compile its hot paths (issue 17); 0 skips it */
    WARM_UP: z.enum(["0", "1"], { message: "must be 1 (warm up before listening, the default) or 0 (listen at once)" }).default("1"),
  })
  .superRefine((env, ctx) => {
    if (env.METRICS_PORT !== undefined && !env.METRICS_TOKEN) ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "needs METRICS_TOKEN (the token that opens /metrics)" });
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT" });
    if (env.ROUTING_PROVIDER === "google" && !env.GOOGLE_MAPS_API_KEY) {
      ctx.addIssue({ code: "custom", path: ["GOOGLE_MAPS_API_KEY"], message: "is required when ROUTING_PROVIDER=google" });
    }
    if (env.ROUTING_PROVIDER === "osrm" && !env.OSRM_URL) {
      ctx.addIssue({ code: "custom", path: ["OSRM_URL"], message: "is required when ROUTING_PROVIDER=osrm" });
    }
    if (env.STORAGE === "s3") {
      for (const key of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when STORAGE=s3" });
      }
    }
    if (env.PAYMENT_PROVIDER === "iyzico" && !(env.IYZICO_API_KEY && env.IYZICO_SECRET_KEY)) {
      ctx.addIssue({ code: "custom", path: ["PAYMENT_PROVIDER"], message: "iyzico needs IYZICO_API_KEY and IYZICO_SECRET_KEY" });
    }
    if (env.PAYMENT_PROVIDER === "stripe" && !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({ code: "custom", path: ["PAYMENT_PROVIDER"], message: "stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET" });
    }
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production (at least 32 characters)" });
    }
  });

export type Env = z.output<typeof schema> & { SESSION_SECRET: string; PUBLIC_URL: string };

/** Thrown for a bad configuration; its message is the one line shown to the operator. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Where the generated development session secret is kept. */
const SECRET_FILE = "data/session-secret";

function developmentSecret(cwd: string): string {
  const file = resolve(cwd, SECRET_FILE);
  if (existsSync(file)) {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/** Validates `source` (process.env by default). Throws `ConfigError` with one clear line. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "configuration");
    const raw = source[name];
    const shown = raw === undefined || name.includes("SECRET") || name.includes("PASSWORD") || name.includes("KEY") || name.includes("TOKEN")
      ? ""
      : ` (got "${raw.length > 60 ? raw.slice(0, 57) + "..." : raw}")`;
    throw new ConfigError(`Configuration error: ${name} ${issue.message}${shown}`);
  }
  const env = result.data;
  return {
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? developmentSecret(cwd),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  };
}

let current: Env | undefined;

/** The process's configuration, parsed on first use. */
export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}

/** The subset the browser may see. Never put a secret here. */
export function publicEnv(env: Env) {
  return {
    mapsBrowserKey: env.GOOGLE_MAPS_BROWSER_KEY ?? null,
  };
}
