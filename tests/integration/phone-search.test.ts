/**
 * The office finds a booking by its phone however either side wrote it: the top bar's search and
 * the bookings list, for numbers stored as "+90 532 …" or as "0532 …", queried in national or
 * international form. Migration 0030 re-indexes rows written before the rule (and its down
 * migration puts back the digits as typed).
 */
import { Migrator } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSearch } from "~/admin/search.server";
import { listBookings } from "~/booking/index.server";
import { bookingSearchText } from "~/booking/rules/booking-row";
import { createCar } from "~/fleet/cars.server";
import { createMailer } from "~/server/mail.server";
import { buildCar, createTestBooking } from "../../db/seed/factories";
import { migrations } from "../../db/migrations";
import { engines, testDb, type TestDb } from "../setup/db";

const mailer = createMailer({ from: "office@example.com", log: pino({ level: "silent" }) });

describe.each(engines)("phone search on %s", (engine) => {
  let db: TestDb;
  let international: string;
  let national: string;
  let other: string;

  const migrator = () =>
    new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations }, ...(db.schema ? { migrationTableSchema: db.schema } : {}) });

  beforeAll(async () => {
    db = await testDb(engine);
    const carId = (await createCar(db.kysely, buildCar({ name: "Mercedes Vito" }))).id;
    const deps = { db: db.kysely, mailer };
    international = (await createTestBooking(deps, { carId, fullName: "Anna Schmidt", phone: "+90 532 123 45 67" })).id;
    national = (await createTestBooking(deps, { carId, fullName: "Mehmet Kaya", phone: "0544 987 65 43" })).id;
    other = (await createTestBooking(deps, { carId, fullName: "Olga Petrova", phone: "+7 912 345 67 89" })).id;
  });
  afterAll(() => db.destroy());

  const searchIds = async (q: string) => (await adminSearch(db.kysely, q)).bookings.map((b) => b.id);
  const listIds = async (q: string) => (await listBookings(db.kysely, { q })).bookings.map((b) => b.id);

  it.each([
    ["0532 123 45 67", "international"],
    ["05321234567", "international"],
    ["+90 532 123 45 67", "international"],
    ["0090 532 123 45 67", "international"],
    ["532 123 45 67", "international"],
    ["(0532) 123-45-67", "international"],
    ["0544 987 65 43", "national"],
    ["+90 544 987 65 43", "national"],
    ["+905449876543", "national"],
    ["+7 912 345", "other"],
  ] as const)("finds %s (stored %s) in the top bar and the list", async (q, which) => {
    const id = { international, national, other }[which];
    expect(await searchIds(q)).toEqual([id]);
    expect(await listIds(q)).toEqual([id]);
  });

  it("does not match another number's digits", async () => {
    expect(await searchIds("0532 999 99 99")).toEqual([]);
    expect(await listIds("0532 999 99 99")).toEqual([]);
  });

  it("re-indexes existing rows (migration 0030) and puts the typed digits back on the way down", async () => {
    expect((await migrator().migrateTo("0027_distance_details_numbers")).error).toBeUndefined();
    const before = await db.kysely.selectFrom("bookings").select(["id", "search_text"]).where("id", "=", national).executeTakeFirstOrThrow();
    expect(before.search_text).toContain("05449876543");
    expect(before.search_text).not.toContain("905449876543");
    expect(await listIds("+90 544 987 65 43")).toEqual([]);

    await db.migrateUp();
    const rows = await db.kysely.selectFrom("bookings").selectAll().execute();
    for (const row of rows) expect(row.search_text, row.id).toBe(bookingSearchText(row));
    expect(await listIds("+90 544 987 65 43")).toEqual([national]);
  });
});
