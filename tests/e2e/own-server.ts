/**
 * A server of a spec's own, on a free port with a throwaway SQLite database, for specs that need
 * a configuration or a global setting the shared server must not see (map keys, the admin
 * language). It serves the build the shared server made (`--no-build`).
 * Pass ADMIN_EMAIL and ADMIN_PASSWORD as "" to start like a newcomer: the first admin is then
 * admin@localhost with a generated password printed on stdout (`server.stdout()`).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2E_ADMIN } from "./admin-helpers";
import { expect } from "./fixtures";

export interface OwnServer {
  base: string;
  dbFile: string;
  /** The session secret the server signs cookies with. */
  sessionSecret: string;
  /** What the server printed on stdout so far. */
  stdout(): string;
  stop(): void;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Starts the server with `env` on top of a quiet production configuration; resolves once it is ready. */
export async function startOwnServer(name: string, env: Record<string, string> = {}, timeoutMs = 120_000): Promise<OwnServer> {
  const dir = mkdtempSync(join(tmpdir(), `vt-${name}-`));
  const dbFile = join(dir, "db.sqlite");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const sessionSecret = env.SESSION_SECRET ?? `${name}-e2e-session-secret-that-is-long-enough`;
  const server = spawn(process.execPath, ["server.js", "--no-build"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${dbFile}`,
      UPLOAD_DIR: join(dir, "uploads"),
      PUBLIC_URL: base,
      SESSION_SECRET: sessionSecret,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      SMTP_URL: "",
      ROUTING_PROVIDER: "builtin",
      GOOGLE_MAPS_API_KEY: "",
      GOOGLE_MAPS_BROWSER_KEY: "",
      // as the shared server: no demo bookings in the specs' way
      DEMO_BOOKINGS: "false",
      // The shared e2e server warms up (playwright.config.ts); these own servers start at once.
      WARM_UP: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  server.stdout?.on("data", (d: Buffer) => (stdout += d.toString()));
  let stderr = "";
  server.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  // a first start seeds the fleet (pictures drawn with sharp): slow on a busy machine
  try {
    await expect
      .poll(async () => (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5000) }).catch(() => null))?.status ?? 0, {
        timeout: timeoutMs,
        intervals: [500],
        message: `server did not start: ${stderr}${stdout.slice(-2000)}`,
      })
      .toBe(200);
  } catch (error) {
    server.kill("SIGTERM"); // never leave a half-started server behind
    throw error;
  }
  return { base, dbFile, sessionSecret, stdout: () => stdout, stop: () => server.kill("SIGTERM") };
}
