/**
 * Issue 17: the back office's kept numbers and text index stay exact. The dashboard's counts
 * (migration 0060's triggers) agree with a plain recount after creates, status changes, car edits
 * and deletions; the search index (0061: FTS5 trigram on SQLite, pg_trgm on PostgreSQL) finds a
 * booking as `like` did, under its new name after an edit and no more after its deletion; both are
 * rebuilt from the rows already there when the migrations run on an existing database.
 */
import { Migrator, sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDashboardStats, getPopularCars } from "~/admin/stats.server";
import { adminSearch } from "~/admin/search.server";
import { changeBookingStatus, countBookings, deleteBooking, listBookings } from "~/booking/index.server";
import { updateBooking } from "~/booking/index.server";
import { planTextSearch } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { createMailer } from "~/server/mail.server";
import { rate } from "~/admin/stats";
import { trigramMatchQuery } from "~/utils/search-text";
import { migrations } from "../../db/migrations";
import { buildCar, createTestBooking, testBookingDeps } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const mailer = createMailer({ from: "office@example.com", log: pino({ level: "silent" }) });
const actor = { id: null, label: "Ofis", kind: "office" as const };
/** A clock after every trip of this file: the office marks a trip completed only from its pickup on (rules/lifecycle.ts). */
const AFTER_THE_TRIPS = new Date("2100-01-01T00:00:00Z");
const NOW = new Date("2026-06-15T12:00:00.000Z");

describe("trigramMatchQuery", () => {
  it("quotes each substring as a phrase and leaves out what the trigram index cannot look up", () => {
    expect(trigramMatchQuery(["cagri isik"])).toBe('"cagri isik"');
    expect(trigramMatchQuery(["0532 1", "9053212"])).toBe('"0532 1" OR "9053212"');
    expect(trigramMatchQuery(['a"b'])).toBe('"a""b"');
    expect(trigramMatchQuery(["ay"])).toBeNull();
    expect(trigramMatchQuery(["50%"])).toBeNull();
    expect(trigramMatchQuery(["a_b"])).toBeNull();
    expect(trigramMatchQuery([])).toBeNull();
  });
});

describe.each(engines)("back office counts and text index on %s", (engine) => {
  let db: TestDb;
  let carA: string;
  let carB: string;
  const ids: Record<string, string> = {};
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

  beforeAll(async () => {
    db = await testDb(engine);
    carA = (await createCar(db.kysely, buildCar({ name: "Mercedes V-Class" }))).id;
    carB = (await createCar(db.kysely, buildCar({ name: "Mercedes Vito" }))).id;
    const deps = { db: db.kysely, mailer };
    ids.cagri = (await createTestBooking(deps, { carId: carA, fullName: "Çağrı Işık", email: "cagri@example.com", phone: "+90 532 777 88 99", pickupAt: day(3) })).id;
    ids.olga = (await createTestBooking(deps, { carId: carA, fullName: "Ольга Иванова", email: "olga@example.com", phone: "+7 916 123 45 67", pickupAt: day(4) })).id;
    ids.hans = (await createTestBooking(deps, { carId: carB, fullName: "Hans Müller", email: "hans.mueller@example.de", phone: "+49 171 5551234", pickupAt: day(5) })).id;
    ids.sule = (await createTestBooking(deps, { carId: carB, fullName: "ŞULE ÖZTÜRK", email: "sule@example.com", phone: "0555 444 33 22", pickupAt: day(6) })).id;
  });
  afterAll(() => db.destroy());

  /** The dashboard's whole-table numbers counted the plain way, over every booking. */
  async function recount() {
    const rows = await db.kysely.selectFrom("bookings").select(["car_id", "status"]).execute();
    const total = rows.length;
    const cancelled = rows.filter((r) => r.status === "cancelled").length;
    const completed = rows.filter((r) => r.status === "completed").length;
    const popular = new Map<string, number>();
    for (const r of rows) if (r.car_id && r.status !== "cancelled") popular.set(r.car_id, (popular.get(r.car_id) ?? 0) + 1);
    return {
      totalBookings: total,
      activeBookings: rows.filter((r) => r.status === "pending" || r.status === "confirmed").length,
      bookingCompletionRate: rate(completed, total - cancelled),
      cancellationRate: rate(cancelled, total),
      popular: Object.fromEntries([...popular].sort()),
    };
  }

  async function dashboard() {
    const stats = await getDashboardStats(db.kysely, NOW);
    const popular = await getPopularCars(db.kysely, 10);
    return {
      totalBookings: stats.totalBookings,
      activeBookings: stats.activeBookings,
      bookingCompletionRate: stats.bookingCompletionRate,
      cancellationRate: stats.cancellationRate,
      popular: Object.fromEntries(popular.map((c) => [c.id, c.bookingsCount] as const).sort()),
    };
  }

  const found = async (q: string) => (await listBookings(db.kysely, { q }, 1, 50)).bookings.map((b) => b.id).sort();

  it("keeps the dashboard's counts equal to a recount through creates, status changes, car edits and deletions", async () => {
    expect(await dashboard()).toEqual(await recount());
    expect(await dashboard()).toMatchObject({ totalBookings: 4, activeBookings: 4, popular: { [carA]: 2, [carB]: 2 } });

    expect((await changeBookingStatus(db.kysely, mailer, { id: ids.cagri!, to: "confirmed", actor })).ok).toBe(true);
    expect((await changeBookingStatus(db.kysely, mailer, { id: ids.hans!, to: "cancelled", actor, note: "Müşteri vazgeçti" })).ok).toBe(true);
    expect(await dashboard()).toEqual(await recount());
    expect((await dashboard()).popular).toEqual({ [carA]: 2, [carB]: 1 });

    // an edit that moves a booking to the other car moves its count
    const deps = await testBookingDeps({ db: db.kysely, mailer });
    const moved = await updateBooking(deps, ids.olga!, { car_id: carB }, { actor });
    expect(moved.ok).toBe(true);
    expect(await dashboard()).toEqual(await recount());
    expect((await dashboard()).popular).toEqual({ [carA]: 1, [carB]: 2 });

    // completed, then made active again (a cancelled booking stays cancelled)
    expect((await changeBookingStatus(db.kysely, mailer, { id: ids.cagri!, to: "completed", actor, now: AFTER_THE_TRIPS })).ok).toBe(true);
    expect(await dashboard()).toEqual(await recount());
    expect((await dashboard()).bookingCompletionRate).toBe(rate(1, 3));
    expect((await changeBookingStatus(db.kysely, mailer, { id: ids.cagri!, to: "pending", actor })).ok).toBe(true);
    expect((await changeBookingStatus(db.kysely, mailer, { id: ids.hans!, to: "pending", actor })).ok).toBe(false);
    expect(await dashboard()).toEqual(await recount());

    const extra = await createTestBooking({ db: db.kysely, mailer }, { carId: carA, fullName: "Silinecek Kişi", pickupAt: day(9) });
    expect((await dashboard()).totalBookings).toBe(5);
    expect(await deleteBooking(db.kysely, extra.id)).toBe("deleted");
    expect(await dashboard()).toEqual(await recount());
    expect(await dashboard()).toMatchObject({ totalBookings: 4, activeBookings: 3, popular: { [carA]: 1, [carB]: 2 } });
  });

  it("finds Turkish and Cyrillic names however they are typed, phones in any form, e-mails and references", async () => {
    for (const q of ["cagri isik", "ÇAĞRI IŞIK", "Çağrı", "ışık", "IŞIK", "Isik"]) expect(await found(q), q).toEqual([ids.cagri]);
    for (const q of ["Ольга", "ОЛЬГА ИВАНОВА", "иванова"]) expect(await found(q), q).toEqual([ids.olga]);
    for (const q of ["sule ozturk", "Şule Öztürk", "öztürk", "OZTURK"]) expect(await found(q), q).toEqual([ids.sule]);
    for (const q of ["0532 777 88 99", "+90 532 777 88 99", "532 777 8899", "05327778899", "777 88 99"]) expect(await found(q), q).toEqual([ids.cagri]);
    expect(await found("0555 444 33 22")).toEqual([ids.sule]);
    expect(await found("hans.mueller@example.de")).toEqual([ids.hans]);
    const reference = (await db.kysely.selectFrom("bookings").select("reference").where("id", "=", ids.hans!).executeTakeFirstOrThrow()).reference;
    expect(await found(reference)).toEqual([ids.hans]);
    expect(await found(reference.toLowerCase())).toEqual([ids.hans]);
    expect(await found("no such person")).toEqual([]);
    // the top bar's search reads the same index
    expect((await adminSearch(db.kysely, "ÇAĞRI")).bookings.map((b) => b.id)).toEqual([ids.cagri]);
    expect((await adminSearch(db.kysely, "0532 777 88 99")).bookings.map((b) => b.id)).toEqual([ids.cagri]);
  });

  it("reads three characters or more from the trigram index on SQLite, keeps the plain scan for shorter queries, and leaves PostgreSQL's planner to choose", async () => {
    const planned = (kind: string, matches: number) => (engine === "sqlite" ? { kind, matches } : { kind: "planner", matches: null });
    expect(await planTextSearch(db.kysely, "ışık")).toEqual(planned("index", 1));
    expect(await planTextSearch(db.kysely, "0532 777 88 99")).toEqual(planned("index", 1));
    // "ış" and "Ö" fold to "is" and "o": the plain scan finds what `like` finds
    const plain = async (folded: string) =>
      (await db.kysely.selectFrom("bookings").select("id").where("search_text", "like", `%${folded}%`).execute()).map((r) => r.id).sort();
    expect((await planTextSearch(db.kysely, "ış")).kind).toBe(engine === "sqlite" ? "scan" : "planner");
    expect(await found("ış")).toEqual(await plain("is"));
    expect(await found("ış")).toContain(ids.cagri);
    expect(await found("Ö")).toEqual(await plain("o"));
    expect(await found("Ö")).toContain(ids.sule);
    // LIKE's wildcards are not the index's business: the plain scan reads them as before
    expect((await planTextSearch(db.kysely, "50%")).kind).toBe(engine === "sqlite" ? "scan" : "planner");
    expect(await countBookings(db.kysely, { q: "cagri" })).toBe(1);
    expect(await countBookings(db.kysely, { q: "cagri", status: "cancelled" })).toBe(0);
    expect(await countBookings(db.kysely, { q: "cagri", status: "pending" })).toBe(1);
  });

  it("finds a booking under its new name after an edit, and no more after its deletion", async () => {
    const deps = await testBookingDeps({ db: db.kysely, mailer });
    const made = await createTestBooking({ db: db.kysely, mailer }, { carId: carA, fullName: "Gökhan Yıldırım", email: "gokhan@example.com", phone: "+90 533 111 22 33", pickupAt: day(12) });
    expect(await found("gokhan yildirim")).toEqual([made.id]);
    const edited = await updateBooking(deps, made.id, { full_name: "Gökçe Doğan", phone: "+90 533 999 88 77" }, { actor });
    expect(edited.ok).toBe(true);
    expect(await found("yildirim")).toEqual([]);
    expect(await found("GÖKÇE DOĞAN")).toEqual([made.id]);
    expect(await found("0533 999 88 77")).toEqual([made.id]);
    expect(await found("0533 111 22 33")).toEqual([]);
    expect(await deleteBooking(db.kysely, made.id)).toBe("deleted");
    expect(await found("gokce dogan")).toEqual([]);
    expect(await found("0533 999 88 77")).toEqual([]);
  });

  it("builds the counts and the index from the rows already there when the migrations run on an existing database", async () => {
    const before = await recount();
    // Rows written by today's code (it needs today's tables, booking_outbox 0090 included), then the
    // index and the counts taken away: the migrations below find the rows already there.
    const late = await createTestBooking({ db: db.kysely, mailer }, { carId: carB, fullName: "Nachträglich Eingefügt", pickupAt: day(15) });
    await changeBookingStatus(db.kysely, mailer, { id: ids.sule!, to: "cancelled", actor, note: "Gelmedi" });
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations }, ...(db.schema ? { migrationTableSchema: db.schema } : {}) });
    expect((await migrator.migrateTo("0059_booking_messaging_consent")).error).toBeUndefined();
    expect(await found("nachtraglich")).toEqual([late.id]);
    await db.migrateUp();
    if (engine === "sqlite") {
      await sql`insert into bookings_fts (bookings_fts, rank) values ('integrity-check', 1)`.execute(db.kysely);
    }
    expect(await dashboard()).toEqual(await recount());
    expect((await dashboard()).totalBookings).toBe(before.totalBookings + 1);
    if (engine === "sqlite") expect(await planTextSearch(db.kysely, "nachtraglich")).toEqual({ kind: "index", matches: 1 });
    expect(await countBookings(db.kysely, { q: "nachtraglich" })).toBe(1);
    expect(await found("nachtraglich")).toEqual([late.id]);
    expect(await found("ışık")).toEqual([ids.cagri]);
    expect(await found("0532 777 88 99")).toEqual([ids.cagri]);
  });
});
