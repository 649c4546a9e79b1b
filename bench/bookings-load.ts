/**
 * `npm run bench` (bookings under load, issue 17 part 4): the production server (`server.js
 * --no-build`, the last build, NODE_ENV=production) on a throwaway SQLite file, then on a
 * throwaway PostgreSQL database when TEST_DATABASE_URL is set. 200 POST /api/bookings are sent at
 * once, each over its own connection from its own loopback address (127.0.0.2, 127.0.0.3, …: every
 * 127/8 address is local on Linux, so the server sees 200 real clients and counts each one's
 * rate limit separately). Of the 200:
 *   - 170 distinct bookings (13 seed cars × days × times, none overlapping),
 *   - 20 that ask for the car and time of one of those on purpose (one of each pair wins, the
 *     other must be a clean 409 car_unavailable),
 *   - 10 retries of one of the distinct ones with the same Idempotency-Key and body, sent at the
 *     same moment (one booking, both answered 201, one of them `Idempotent-Replayed`).
 * Mail goes to a local SMTP fake through the outbox worker, never inline. Printed: answers per
 * status, lost (no answer, socket error), duplicates (rows per key, rows per car and time),
 * latency p50/p95/max as the client sees it, and the outbox rows the bookings queued. BENCH_BOOKINGS
 * changes the count (the shares scale with it); BENCH_NODE_ARGS adds node flags to the server's
 * command line (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). Nothing is asserted; the figures are the point.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { freePort, throwawayDatabase } from "../tests/setup/server";
import { fakeSmtp } from "../tests/fakes/smtp";
import { openDatabase, type Engine } from "~/server/db/connection.server";

const TOTAL = Number(process.env.BENCH_BOOKINGS ?? 200);
const COLLIDING = Math.round(TOTAL * 0.1);
const RETRIED = Math.round(TOTAL * 0.05);
const DISTINCT = TOTAL - COLLIDING - RETRIED;
const SECRET = "bench-session-secret-that-is-long-enough-1234";

/** CPU time a process has used so far (user + system), in ms, from /proc (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? NaN;

/** The n-th loopback client address after 127.0.0.1: 127.0.0.2 … 127.0.0.255, then 127.0.1.0 … */
const clientAddress = (n: number) => {
  const v = n + 2;
  return `127.0.${Math.floor(v / 256)}.${v % 256}`;
};

interface Answer {
  status: number;
  replayed: boolean;
  code?: string;
  ms: number;
  error?: string;
}

function post(port: number, from: string, body: unknown, key: string): Promise<Answer> {
  const payload = Buffer.from(JSON.stringify(body));
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        localAddress: from,
        method: "POST",
        path: "/api/bookings",
        agent: false,
        headers: { "content-type": "application/json", "content-length": String(payload.length), "idempotency-key": key, "accept-language": "en" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          let code: string | undefined;
          try {
            code = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { error?: { code?: string } }).error?.code;
          } catch {
            code = "not-json";
          }
          resolve({ status: res.statusCode ?? 0, replayed: res.headers["idempotent-replayed"] === "true", code, ms: performance.now() - started });
        });
        res.on("error", (error) => resolve({ status: 0, replayed: false, ms: performance.now() - started, error: error.message }));
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error("no answer in 60 s")));
    req.on("error", (error) => resolve({ status: 0, replayed: false, ms: performance.now() - started, error: error.message }));
    req.end(payload);
  });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** An Istanbul wall-clock time `days` ahead, as the API takes it (offset +03:00). */
const istanbul = (days: number, time: string) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}:00+03:00`;

async function run(engine: Engine) {
  const dir = mkdtempSync(join(tmpdir(), "vt-load-bench-"));
  const database = await throwawayDatabase(engine, dir);
  const smtp = await fakeSmtp();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "server.js", "--no-build"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      UPLOAD_DIR: join(dir, "uploads"),
      PUBLIC_URL: base,
      SESSION_SECRET: SECRET,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Lykia <no-reply@example.com>",
      STORAGE: "local",
      ROUTING_PROVIDER: "builtin",
      GOOGLE_MAPS_API_KEY: "",
      OSRM_URL: "",
      TRUST_PROXY: "false",
      ADMIN_EMAIL: "bench-admin@example.com",
      ADMIN_PASSWORD: "bench-Secret-123",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const db = openDatabase(database.url);
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (child.exitCode !== null || i > 240) throw new Error("the server did not start");
      await new Promise((r) => setTimeout(r, 500));
    }
    const cars = ((await (await fetch(`${base}/api/cars?limit=100`)).json()) as { data: Array<{ id: string; seats?: number }> }).data;
    if (cars.length === 0) throw new Error("no cars seeded");

    // Distinct bookings: car i % cars, a day and a time each car has once (3 h apart, 2 a day at
    // most per car), so no two overlap even with the buffer.
    const times = ["08:00", "14:00"];
    const distinct = Array.from({ length: DISTINCT }, (_, i) => {
      const round = Math.floor(i / cars.length);
      return {
        key: `load-${i}`,
        body: {
          trip_type: "oneWay",
          pickup_location: "Antalya Havalimanı (AYT)",
          pickup_place_id: "ayt-airport",
          dropoff_location: ["Belek", "Kemer", "Side", "Lara"][i % 4],
          pickup_date: istanbul(10 + Math.floor(round / times.length), times[round % times.length]!),
          passengers: 1,
          car_id: cars[i % cars.length]!.id,
          full_name: `Guest ${i}`,
          email: `guest${i}@example.com`,
          phone: `+90 532 ${String(1000000 + i).slice(1, 4)} ${String(1000000 + i).slice(4)}`,
          flight_number: `TK ${1000 + i}`,
        },
      };
    });
    // Another guest for the same car and time: one of the two must be refused with 409.
    const colliding = Array.from({ length: COLLIDING }, (_, j) => {
      const target = distinct[(j * 7) % DISTINCT]!;
      return { key: `collide-${j}`, body: { ...target.body, full_name: `Rival ${j}`, email: `rival${j}@example.com` } };
    });
    // The same request again with its key (a client's retry after a lost answer), sent at once.
    const retried = Array.from({ length: RETRIED }, (_, j) => distinct[DISTINCT - 1 - j * 3]!);
    const all = [...distinct, ...colliding, ...retried];

    const cpuBefore = cpuMs(child.pid!);
    const started = performance.now();
    const answers = await Promise.all(all.map((b, i) => post(port, clientAddress(i), b.body, b.key)));
    const wallMs = performance.now() - started;
    const serverCpuMs = cpuMs(child.pid!) - cpuBefore;
    const outboxAtLastAnswer = await db.kysely
      .selectFrom("mail_outbox")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("status")
      .execute();

    const byStatus = new Map<string, number>();
    for (const a of answers) {
      const label = a.status === 0 ? "no answer" : `${a.status}${a.replayed ? " (replayed)" : ""}${a.status >= 400 && a.code ? ` ${a.code}` : ""}`;
      byStatus.set(label, (byStatus.get(label) ?? 0) + 1);
    }
    const lost = answers.filter((a) => a.status === 0);
    const ms = answers.filter((a) => a.status !== 0).map((a) => a.ms).sort((a, b) => a - b);

    const rows = await db.kysely.selectFrom("bookings").select(["idempotency_key", "car_id", "pickup_date", "email"]).execute();
    const perKey = new Map<string, number>();
    const perSlot = new Map<string, number>();
    for (const r of rows) {
      if (r.idempotency_key) perKey.set(r.idempotency_key, (perKey.get(r.idempotency_key) ?? 0) + 1);
      const slot = `${r.car_id} ${r.pickup_date}`;
      perSlot.set(slot, (perSlot.get(slot) ?? 0) + 1);
    }
    const duplicateKeys = [...perKey.values()].filter((n) => n > 1).length;
    const doubleBooked = [...perSlot.values()].filter((n) => n > 1).length;
    const created = answers.filter((a) => a.status === 201 && !a.replayed).length;

    // The mail the bookings queued, then delivered by the worker (never inside the request).
    const deadline = Date.now() + 60_000;
    let pending = Infinity;
    while (pending > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      const row = await db.kysely.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "pending").executeTakeFirst();
      pending = Number(row?.n ?? 0);
    }
    const kinds = await db.kysely.selectFrom("mail_outbox").select(["kind", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("kind").execute();

    console.log(`\nbookings under load (${engine === "sqlite" ? "SQLite" : "PostgreSQL"}, server.js --no-build, NODE_ENV=production)`);
    console.log(`  ${all.length} POST /api/bookings at once from ${all.length} loopback addresses: ${DISTINCT} distinct, ${COLLIDING} colliding on purpose, ${RETRIED} retried with the same Idempotency-Key`);
    console.log(`  answered: ${answers.length - lost.length}; by status: ${[...byStatus].map(([s, n]) => `${s} ×${n}`).join(", ")}`);
    console.log(`  lost (no answer or socket error): ${lost.length}${lost.length ? ` (${[...new Set(lost.map((a) => a.error))].join("; ")})` : ""}`);
    console.log(`  booking rows: ${rows.length} (201 created answers: ${created}); keys with more than one row: ${duplicateKeys}; car+time with more than one row: ${doubleBooked}`);
    console.log(`  latency (client side): p50 ${percentile(ms, 0.5).toFixed(0)} ms, p95 ${percentile(ms, 0.95).toFixed(0)} ms, max ${percentile(ms, 1).toFixed(0)} ms; all answered in ${(wallMs / 1000).toFixed(2)} s`);
    console.log(`  server CPU for the burst: ${(serverCpuMs / 1000).toFixed(2)} s (${(serverCpuMs / all.length).toFixed(1)} ms a request); load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    console.log(
      `  mail: at the last answer the outbox held ${outboxAtLastAnswer.map((r) => `${Number(r.n)} ${r.status}`).join(", ") || "nothing"}; ` +
        `the worker then delivered ${smtp.received.length} (${kinds.map((k) => `${k.kind} ${Number(k.n)}`).join(", ")})`,
    );
  } finally {
    await stopChild(child);
    await db.close();
    await smtp.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!existsSync("build/server/index.js")) {
  console.log("\n(bookings under load: no build; run `npm run build` first to measure them)");
} else {
  await run("sqlite");
  if (process.env.TEST_DATABASE_URL) await run("postgres");
}
