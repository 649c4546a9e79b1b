/**
 * The office's day pages as a browser gets them, at the bench's size: the production server
 * (`server.js --no-build`, the last build) started on the bench's SQLite file, an admin signed in
 * through a real session, and the server's own time per request (its request log's `ms`, from
 * the first byte read to the last byte written: the admin layout's loader, the page's loader and
 * the render) for the dispatch board and the work list's day views. p50/p95 over 40 requests each.
 * The production server serves BUILD_DIR when set, so an older build can be measured the same way.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createSession } from "~/auth/session.server";
import { signedSessionValue, SESSION_COOKIE } from "~/auth/session-cookie.server";
import { createUser } from "~/auth/users.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import type { Db } from "~/server/db/connection.server";
import { freePort } from "../tests/setup/server";

const SECRET = "bench-session-secret-that-is-long-enough-1234";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

export async function benchAdminHttp(db: Db, databaseUrl: string, dir: string, label = "SQLite") {
  if (!existsSync("build/server/index.js")) {
    console.log("\n(admin pages over HTTP: no build; run `npm run build` first to measure them)");
    return;
  }
  const user = await createUser(db.kysely, { email: "bench-admin@example.com", password: "bench-Secret-123", role: "admin", name: "Bench" });
  const { token } = await createSession(db.kysely, user.id, { remember: false });
  const cookie = `${SESSION_COOKIE}=${await signedSessionValue(SECRET, token)}`;
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js", "--no-build"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      UPLOAD_DIR: join(dir, "uploads"),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: SECRET,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      SMTP_URL: "",
      ROUTING_PROVIDER: "builtin",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // The server's own time per request, from its request log.
  const served = new Map<string, number[]>();
  createInterface({ input: child.stdout! }).on("line", (line) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; url?: string; ms?: number };
      if (entry.msg === "request" && entry.url && typeof entry.ms === "number") served.set(entry.url, [...(served.get(entry.url) ?? []), entry.ms]);
    } catch {
      // not a log line
    }
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > 240) throw new Error("the server did not start");
      await new Promise((r) => setTimeout(r, 500));
    }
    const tomorrow = toBusinessParts(new Date(Date.now() + 86_400_000)).date;
    const sample = await db.kysely.selectFrom("bookings").select(["reference", "email"]).orderBy("pickup_date").offset(30_000).limit(1).executeTakeFirst();
    console.log(`\n${label}: admin pages over HTTP (server time from its request log, 40 requests each, after 3 to warm up)`);
    for (const [name, path] of [
      ["dispatch board, tomorrow", `/admin/dispatch?date=${tomorrow}`],
      ["dispatch run sheet (print page)", `/admin/dispatch/print?date=${tomorrow}`],
      ["work list, Yarın (view=tomorrow)", "/admin/bookings?view=tomorrow"],
      [`work list, from/to ${tomorrow}`, `/admin/bookings?from=${tomorrow}&to=${tomorrow}`],
      ["work list, default (upcoming first)", "/admin/bookings"],
      ["dashboard /admin/dashboard", "/admin/dashboard"],
      ["API /api/stats/dashboard", "/api/stats/dashboard"],
      ["work list, status=pending", "/admin/bookings?status=pending"],
      ["work list, search name 'Ayşe Yılmaz'", `/admin/bookings?q=${encodeURIComponent("Ayşe Yılmaz")}`],
      ["work list, search 'YILMAZ' (10k)", "/admin/bookings?q=YILMAZ"],
      ["work list, search phone", `/admin/bookings?q=${encodeURIComponent("0532 100 42 42")}`],
      ...(sample
        ? ([
            ["work list, search e-mail", `/admin/bookings?q=${encodeURIComponent(sample.email)}`],
            ["work list, search reference", `/admin/bookings?q=${encodeURIComponent(sample.reference)}`],
          ] as Array<[string, string]>)
        : []),
      ["top bar search, phone", `/admin/search?q=${encodeURIComponent("0532 100 42 42")}`],
    ] as Array<[string, string]>) {
      let missing = false;
      for (let i = 0; i < 43 && !missing; i++) {
        const response = await fetch(base + path, { headers: { cookie }, redirect: "manual" });
        // a page an older build does not have (BUILD_DIR=… runs the bench against it)
        missing = response.status === 404;
        if (response.status !== 200 && !missing) throw new Error(`${path} answered ${response.status}`);
        await response.arrayBuffer();
      }
      if (missing) {
        console.log(`${name.padEnd(40)} (not in this build)`);
        continue;
      }
      await new Promise((r) => setTimeout(r, 200)); // the last log lines
      const times = (served.get(path) ?? []).slice(3).sort((a, b) => a - b);
      console.log(`${name.padEnd(40)} p50 ${percentile(times, 0.5).toFixed(1).padStart(8)} ms   p95 ${percentile(times, 0.95).toFixed(1).padStart(8)} ms   (${times.length} requests)`);
    }
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}
