/**
 * The process as an operator meets it: bad configuration stops the start with one line, and
 * SIGTERM finishes requests in flight, closes the database and exits 0. Runs `node server.js`
 * against the build the e2e server already made (no browser needed).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "./fixtures";

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server.js", "--no-build"], {
    env: { ...process.env, LOG_LEVEL: "warn", SESSION_SECRET: "s".repeat(40), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

test.describe("start-up and shutdown", () => {
  test.describe.configure({ timeout: 120_000 });

  for (const [name, env, line] of [
    ["a bad PORT", { PORT: "abc" }, 'Configuration error: PORT must be a whole number between 1 and 65535 (got "abc")'],
    ["a bad DATABASE_URL", { DATABASE_URL: "mysql://db" }, "Configuration error: DATABASE_URL must start with file:, sqlite: or postgres://"],
    ["an unreachable PostgreSQL", { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }, "Start-up failed: cannot reach the database at postgres://127.0.0.1:1/none"],
  ] as const) {
    test(`${name} stops the start with one clear line`, async () => {
      const run = start(env);
      expect(await run.exited).toBe(1);
      const { stderr } = run.output();
      const lines = stderr.split("\n").filter((l) => l.trim() && !l.includes("npm warn"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(line);
      expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
    });
  }

  test("SIGTERM finishes the request in flight, then exits 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vt-stop-"));
    const port = await freePort();
    // no warm-up: it costs the start seconds, and the page below stays the first render
    const run = start({ PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${join(dir, "db.sqlite")}`, UPLOAD_DIR: join(dir, "up"), LOG_LEVEL: "info", WARM_UP: "0" });
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status ?? 0, { timeout: 90_000 })
      .toBe(200);
    // The first render of a page is the slowest request the server has: send it, then stop the
    // server once it has the request. `Expect: 100-continue` makes the server say so: Node answers
    // "100 Continue" as it hands the parsed request to the app.
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path: "/?lng=de", headers: { expect: "100-continue" } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", reject);
      });
      req.on("continue", () => run.child.kill("SIGTERM"));
      req.on("error", reject);
      req.end();
    });
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.body).toContain('lang="de"');
    expect(await run.exited).toBe(0);
    expect(run.output().stdout).toContain('"msg":"stopped"');
  });
});
