import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, parseEnv, parseTrustProxy } from "./env.server";

const dirs: string[] = [];
const cwd = () => {
  const dir = mkdtempSync(join(tmpdir(), "vt-env-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const message = (env: NodeJS.ProcessEnv) => {
  try {
    parseEnv(env, cwd());
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
};

describe("parseEnv", () => {
  it("gives working defaults with nothing set", () => {
    const env = parseEnv({}, cwd());
    expect(env).toMatchObject({ PORT: 3000, ROUTING_PROVIDER: "builtin", STORAGE: "local", LOG_LEVEL: "info", PUBLIC_URL: "http://localhost:3000", BOOKING_RATE_LIMIT: 30 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("takes a booking limit per address as a whole number, and refuses anything else in one line", () => {
    expect(parseEnv({ BOOKING_RATE_LIMIT: "200" }, cwd()).BOOKING_RATE_LIMIT).toBe(200);
    expect(message({ BOOKING_RATE_LIMIT: "many" })).toBe('Configuration error: BOOKING_RATE_LIMIT must be a whole number between 1 and 100000 (got "many")');
    expect(message({ BOOKING_RATE_LIMIT: "0" })).toMatch(/^Configuration error: BOOKING_RATE_LIMIT /);
  });

  it("warms up before listening unless WARM_UP=0, and refuses any other value in one line", () => {
    expect(parseEnv({}, cwd()).WARM_UP).toBe("1");
    expect(parseEnv({ WARM_UP: "0" }, cwd()).WARM_UP).toBe("0");
    expect(message({ WARM_UP: "yes" })).toBe('Configuration error: WARM_UP must be 1 (warm up before listening, the default) or 0 (listen at once) (got "yes")');
  });

  it("opens /metrics only with a token of 16+ visible characters, on PORT or an internal METRICS_PORT", () => {
    const plain = parseEnv({}, cwd());
    expect([plain.METRICS_TOKEN, plain.METRICS_PORT]).toEqual([undefined, undefined]);
    expect(parseEnv({ METRICS_TOKEN: "a-long-enough-token-123", METRICS_PORT: "9464" }, cwd())).toMatchObject({ METRICS_TOKEN: "a-long-enough-token-123", METRICS_PORT: 9464 });
    expect(message({ METRICS_TOKEN: "short" })).toMatch(/^Configuration error: METRICS_TOKEN must be 16 to 200 visible characters/);
    expect(message({ METRICS_PORT: "9464" })).toMatch(/^Configuration error: METRICS_PORT needs METRICS_TOKEN/);
    expect(message({ METRICS_TOKEN: "a-long-enough-token-123", METRICS_PORT: "3000" })).toMatch(/^Configuration error: METRICS_PORT must differ from PORT/);
    expect(message({ METRICS_TOKEN: "a-long-enough-token-123", METRICS_PORT: "99999" })).toMatch(/^Configuration error: METRICS_PORT must be a whole number/);
  });

  it("names the variable and the value in one line for a bad PORT", () => {
    expect(message({ PORT: "abc" })).toBe('Configuration error: PORT must be a whole number between 1 and 65535 (got "abc")');
    expect(message({ PORT: "70000" })).toMatch(/^Configuration error: PORT /);
  });

  it("refuses a DATABASE_URL it cannot use", () => {
    expect(message({ DATABASE_URL: "mysql://x" })).toMatch(/^Configuration error: DATABASE_URL must start with file:, sqlite: or postgres:\/\//);
    expect(parseEnv({ DATABASE_URL: "postgres://u@127.0.0.1/db" }, cwd()).DATABASE_URL).toBe("postgres://u@127.0.0.1/db");
  });

  it("generates and keeps a session secret in development", () => {
    const dir = cwd();
    const first = parseEnv({}, dir).SESSION_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, "data/session-secret"), "utf8").trim()).toBe(first);
    expect(parseEnv({}, dir).SESSION_SECRET).toBe(first);
  });

  it("requires a session secret in production, and never echoes secrets", () => {
    expect(message({ NODE_ENV: "production" })).toBe("Configuration error: SESSION_SECRET is required in production (at least 32 characters)");
    expect(message({ SESSION_SECRET: "short" })).toBe(
      "Configuration error: SESSION_SECRET must be at least 32 characters long (each, when several are separated by commas)",
    );
    expect(message({ SESSION_SECRET: `${"n".repeat(32)},short` })).toMatch(/SESSION_SECRET must be at least 32 characters long/);
    expect(parseEnv({ SESSION_SECRET: `${"n".repeat(32)}, ${"o".repeat(40)}` }).SESSION_SECRET).toBe(`${"n".repeat(32)}, ${"o".repeat(40)}`);
  });

  it("checks what a provider or storage needs", () => {
    expect(message({ ROUTING_PROVIDER: "google" })).toMatch(/GOOGLE_MAPS_API_KEY is required when ROUTING_PROVIDER=google/);
    expect(message({ ROUTING_PROVIDER: "osrm" })).toMatch(/OSRM_URL is required/);
    expect(message({ STORAGE: "s3" })).toMatch(/S3_BUCKET is required when STORAGE=s3/);
    expect(message({ ROUTING_PROVIDER: "here" })).toMatch(/ROUTING_PROVIDER must be builtin, google or osrm/);
    expect(message({ ADMIN_EMAIL: "not-an-email" })).toMatch(/ADMIN_EMAIL must be an e-mail address/);
    expect(parseEnv({ ADMIN_EMAIL: "admin@localhost", SESSION_SECRET: "s".repeat(32) }).ADMIN_EMAIL).toBe("admin@localhost");
  });

  it("reads TRUST_PROXY as a hop count or a list of proxies, never as 'trust every X-Forwarded-For entry'", () => {
    expect(parseEnv({}, cwd()).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }, cwd()).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "true" }, cwd()).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }, cwd()).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, loopback, fd00::/8" }, cwd()).TRUST_PROXY).toEqual(["10.0.0.0/8", "loopback", "fd00::/8"]);
    expect(parseTrustProxy("127.0.0.1")).toEqual(["127.0.0.1"]);
    expect(message({ TRUST_PROXY: "yes" })).toMatch(/^Configuration error: TRUST_PROXY must be false, the number of proxies/);
    expect(message({ TRUST_PROXY: "10.0.0.0/99" })).toMatch(/TRUST_PROXY/);
    expect(message({ TRUST_PROXY: "300.1.1.1" })).toMatch(/TRUST_PROXY/);
  });
});
