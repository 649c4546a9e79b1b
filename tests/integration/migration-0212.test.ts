/**
 * Migration 0212 names the child seats by age (issue 32) on a database seeded before it: the names
 * still the seed's are replaced, language by language, a name the office changed is kept, the
 * infant carrier is added where it is missing, and the seats are ordered youngest first.
 */
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExtra } from "~/pricing/tables.server";
import { readPricing } from "~/pricing/pricing.server";
import { liraToKurus } from "~/utils/money";
import { migrations } from "../../db/migrations";
import { engines, testDb, type TestDb } from "../setup/db";

describe.each(engines)("migration 0212 (child seats by age) on %s", (engine) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await testDb(engine);
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations }, ...(db.schema ? { migrationTableSchema: db.schema } : {}) });
    const down = await migrator.migrateTo("0211_booking_cars");
    if (down.error) throw down.error;
    // The extras as the seed wrote them before 0212, the office having renamed the English child seat and deleted the infant seat.
    const unit = { pricing: "unit" as const, maxQuantity: 3, needsText: false, active: true };
    await createExtra(db.kysely, { ...unit, code: "child-seat", names: { tr: "Çocuk koltuğu (9–18 kg)", en: "Toddler seat", de: "Kindersitz (9–18 kg)", ru: "Детское кресло (9–18 кг)" }, price: liraToKurus(300), sortOrder: 1 });
    await createExtra(db.kysely, { ...unit, code: "booster-seat", names: { tr: "Yükseltici koltuk (15–36 kg)", en: "Booster seat (15–36 kg)", de: "Sitzerhöhung (15–36 kg)", ru: "Бустер (15–36 кг)" }, price: liraToKurus(200), sortOrder: 2 });
    await createExtra(db.kysely, { ...unit, code: "extra-stop", names: { tr: "Ara durak", en: "Extra stop", de: "Zusätzlicher Halt", ru: "Дополнительная остановка" }, price: liraToKurus(400), sortOrder: 5 });
    await db.migrateUp();
  });
  afterAll(() => db.destroy());

  it("renames the seats where the office did not, adds the infant carrier and orders them youngest first", async () => {
    const extras = (await readPricing(db.kysely)).extras;
    const byCode = Object.fromEntries(extras.map((e) => [e.code, e]));
    expect(byCode["infant-seat"]).toMatchObject({
      names: { tr: "Bebek koltuğu (0–12 ay, 13 kg'a kadar)", en: "Infant carrier (0–12 months, up to 13 kg)", de: "Babyschale (0–12 Monate, bis 13 kg)", ru: "Автолюлька (0–12 месяцев, до 13 кг)" },
      price: liraToKurus(300),
      pricing: "unit",
      maxQuantity: 2,
      active: true,
    });
    expect(byCode["child-seat"]!.names).toEqual({ tr: "Çocuk koltuğu (1–4 yaş, 9–18 kg)", en: "Toddler seat", de: "Kindersitz (1–4 Jahre, 9–18 kg)", ru: "Детское кресло (1–4 года, 9–18 кг)" });
    expect(byCode["booster-seat"]!.names.en).toBe("Booster seat (4–12 years, 15–36 kg)");
    expect(byCode["extra-stop"]!.names.en).toBe("Extra stop");
    expect(["infant-seat", "child-seat", "booster-seat"].map((code) => byCode[code]!.sortOrder)).toEqual([1, 2, 3]);
  });
});
