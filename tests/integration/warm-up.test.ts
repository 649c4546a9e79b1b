/**
 * The warm-up before the first visitor (issue 17, app/server/warm-up.server.ts): the production
 * server runs its scratch copy's requests before it listens, and none of it reaches the real
 * database, the real uploads or the mail. On SQLite and PostgreSQL (the copy is SQLite in memory
 * either way).
 */
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Db } from "~/server/db/connection.server";
import { fakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { engines } from "../setup/db";
import { send, SERVER_ADMIN, startServer, type RunningServer } from "../setup/server";
import { tripDay } from "../setup/trip-date";

const warmUpFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith("lykia-warm-up-"));

describe.each(engines)("the warm-up on %s", (engine) => {
  let server: RunningServer;
  let db: Db;
  let smtp: FakeSmtp;
  let foldersBefore: string[] = [];

  beforeAll(async () => {
    smtp = await fakeSmtp();
    foldersBefore = warmUpFolders();
    server = await startServer(engine, { WARM_UP: "1", SMTP_URL: smtp.url, MAIL_FROM: "Lykia <no-reply@example.com>" });
    db = openDatabase(server.databaseUrl);
  }, 300_000);

  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await smtp?.close();
  });

  /** The server's JSON log lines with this message. */
  const logLines = (msg: string) =>
    server
      .output()
      .stdout.split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === msg);

  it("runs its bookings, quotes and pages before listening, every answer as asked", async () => {
    // /readyz can answer before the child's "listening" line has come through its stdout pipe
    await vi.waitFor(() => expect(server.output().stdout).toContain('"msg":"listening"'), { timeout: 10_000, interval: 50 });
    const [report] = logLines("warmed up");
    expect(report, server.output().stdout).toBeDefined();
    expect(report!.requests).toBeGreaterThan(150);
    expect(report!.unexpected).toEqual({});
    // warmed, then listening: the first visitor meets the compiled code
    const lines = server.output().stdout.split("\n");
    expect(lines.findIndex((l) => l.includes('"msg":"warmed up"'))).toBeLessThan(lines.findIndex((l) => l.includes('"msg":"listening"')));
  });

  it("leaves nothing in the real database, the uploads or the outbox", async () => {
    const count = async (table: "bookings" | "mail_outbox" | "notifications" | "rate_limits" | "booking_events" | "audit_log") =>
      Number((await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    expect(await count("bookings")).toBe(0);
    expect(await count("booking_events")).toBe(0);
    expect(await count("mail_outbox")).toBe(0);
    expect(await count("notifications")).toBe(0);
    expect(await count("rate_limits")).toBe(0);
    const users = await db.kysely.selectFrom("users").select("email").execute();
    expect(users.map((u) => u.email)).toEqual([SERVER_ADMIN.email]);
    // its own upload folder is gone, and nothing was mailed
    expect(warmUpFolders().filter((name) => !foldersBefore.includes(name))).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it("then books, counts the limit and sends the mail for real", async () => {
    const cars = JSON.parse((await send(server.port, { method: "GET", path: "/api/cars" })).body) as { data: Array<{ id: string }> };
    const date = tripDay(30);
    const res = await send(server.port, {
      method: "POST",
      path: "/api/bookings",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        trip_type: "oneWay",
        pickup_location: "Antalya Havalimanı (AYT)",
        pickup_place_id: "ayt-airport",
        dropoff_location: "Kemer",
        pickup_date: `${date}T10:00:00+03:00`,
        passengers: 2,
        car_id: cars.data[0]!.id,
        full_name: "Ayşe Yılmaz",
        email: "ayse@example.com",
        phone: "0532 123 45 67",
        flight_number: "TK 2412",
      }),
    });
    expect(res.status, res.body).toBe(201);
    const reference = (JSON.parse(res.body) as { data: { reference: string } }).data.reference;
    expect(await db.kysely.selectFrom("bookings").select("reference").execute()).toEqual([{ reference }]);
    expect(Number((await db.kysely.selectFrom("rate_limits").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n)).toBe(1);
    await expect.poll(() => smtp.received.map((m) => m.to).flat().sort(), { timeout: 30_000 }).toContain("ayse@example.com");
  });
});
