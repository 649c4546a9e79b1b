import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { findUserByEmail } from "~/auth/users.server";
import { verifyPassword } from "~/auth/password.server";
import { listCars } from "~/fleet/cars.server";
import { parseEnv } from "~/server/env.server";
import { CAR_CATEGORIES, FEATURE_KEYS } from "~/fleet/car";
import { seedIfEmpty } from "../../db/seed";
import { bodyTypeFor } from "../../db/seed/car-art";
import { engines, testDb, type TestDb } from "../setup/db";

describe.each(engines)("first-run seed on %s", (engine) => {
  let db: TestDb;
  let uploads: string;
  beforeAll(async () => {
    db = await testDb(engine);
    uploads = mkdtempSync(join(tmpdir(), "vt-uploads-"));
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(uploads, { recursive: true, force: true });
  });

  it("seeds a real-looking fleet with images, settings and a first admin whose password is printed once", async () => {
    const env = parseEnv({ UPLOAD_DIR: uploads, SESSION_SECRET: "x".repeat(32) });
    const print = vi.spyOn(console, "log").mockImplementation(() => {});
    await seedIfEmpty(db, env, pino({ level: "silent" }));
    const printed = print.mock.calls.map((c) => String(c[0])).join("\n");
    print.mockRestore();

    const { cars } = await listCars(db.kysely);
    expect(cars.length).toBeGreaterThanOrEqual(10);
    expect(new Set(cars.map((c) => c.category)).size).toBeGreaterThanOrEqual(6);
    for (const car of cars) {
      expect(CAR_CATEGORIES).toContain(car.category);
      expect(car.images.length).toBeGreaterThanOrEqual(2);
      expect(car.images.length).toBeLessThanOrEqual(4);
      expect(car.gallery.every((g) => g.card && g.width && g.height)).toBe(true);
      expect(car.features.every((f) => (FEATURE_KEYS as readonly string[]).includes(f))).toBe(true);
      expect(car.price_per_km).toBeGreaterThan(0);
    }
    // Every picture the cars point at exists on disk, each car's pictures differ, and no two body types share one.
    const onDisk = (url: string) => join(uploads, url.replace(/^\/uploads\//, ""));
    const firstByType = new Map<string, string>();
    for (const car of cars) {
      for (const image of car.gallery) {
        for (const url of [image.url, image.card ?? ""]) {
          expect(url).toMatch(/^\/uploads\/car-images\/[0-9a-f]+(-card)?\.webp$/);
          expect(existsSync(onDisk(url)), url).toBe(true);
          expect(statSync(onDisk(url)).size).toBeGreaterThan(1000);
        }
      }
      expect(new Set(car.images).size).toBe(car.images.length);
      firstByType.set(bodyTypeFor(car), car.images[0]!);
    }
    expect([...firstByType.keys()].sort()).toEqual(["hatchback", "limousine", "minibus", "sedan", "sports", "suv", "van"]);
    expect(new Set(firstByType.values()).size).toBe(firstByType.size);
    // The car in the garage shows its window (now to three days ahead); the others have none.
    const inGarage = cars.filter((c) => c.status === "maintenance");
    expect(inGarage.length).toBeGreaterThan(0);
    for (const car of inGarage) {
      expect(Date.parse(car.maintenance_from!)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(car.maintenance_to!) - Date.parse(car.maintenance_from!)).toBe(3 * 86_400_000);
    }
    expect(cars.filter((c) => c.status !== "maintenance").every((c) => c.maintenance_from === null && c.maintenance_to === null)).toBe(true);
    const files = readdirSync(join(uploads, "car-images"));
    expect(files.filter((f) => f.endsWith("-card.webp")).length).toBeGreaterThanOrEqual(cars.length * 2);

    const password = /Password \(shown once\): (\S+)/.exec(printed)?.[1];
    expect(password).toBeTruthy();
    const admin = await findUserByEmail(db.kysely, "admin@localhost");
    expect(admin?.role).toBe("admin");
    expect(await verifyPassword(admin!.password_hash, password!)).toBe(true);
    expect(admin!.password_hash.startsWith("$argon2id$")).toBe(true);

    // Demo guests with their bookings (the office's, confirmed, no mails) and a quote request (issue 29).
    const guests = await db.kysely.selectFrom("customers").select(["id", "full_name", "notes"]).execute();
    expect(guests.map((g) => g.full_name).sort()).toEqual(["Anna Schmidt", "Mehmet Aydın", "Иван Петров"]);
    expect(guests.find((g) => g.full_name === "Anna Schmidt")?.notes).toContain("Kindersitz");
    const bookings = await db.kysely.selectFrom("bookings").select(["status", "channel", "customer_id"]).execute();
    expect(bookings).toHaveLength(4);
    expect(bookings.every((b) => b.status === "confirmed" && ["phone", "whatsapp", "desk"].includes(b.channel) && b.customer_id)).toBe(true);
    // Two of them with money the office received by bank transfer (issue 30): one paid, one a deposit.
    const money = await db.kysely.selectFrom("bookings").select(["payment_status"]).where("payment_status", "!=", "unpaid").orderBy("payment_status").execute();
    expect(money.map((b) => b.payment_status)).toEqual(["paid", "part_paid"]);
    expect(await db.kysely.selectFrom("payments").select(["kind", "method"]).execute()).toEqual([
      { kind: "adjustment", method: "bank" },
      { kind: "adjustment", method: "bank" },
    ]);
    const requests = await db.kysely.selectFrom("quote_requests").select(["status", "passengers", "language"]).execute();
    expect(requests).toEqual([{ status: "open", passengers: 15, language: "de" }]);
    // nothing is mailed to the made-up addresses; the office's bell has the request
    expect(await db.kysely.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
    expect((await db.kysely.selectFrom("notifications").select("kind").where("kind", "=", "quote").execute()).length).toBe(1);
  });

  it("does nothing the second time", async () => {
    const env = parseEnv({ UPLOAD_DIR: uploads, SESSION_SECRET: "x".repeat(32), ADMIN_EMAIL: "other@example.com", ADMIN_PASSWORD: "secret123" });
    const before = (await listCars(db.kysely)).total;
    const bookings = (await db.kysely.selectFrom("bookings").select("id").execute()).length;
    await seedIfEmpty(db, env, pino({ level: "silent" }));
    expect((await listCars(db.kysely)).total).toBe(before);
    expect((await db.kysely.selectFrom("bookings").select("id").execute()).length).toBe(bookings);
    expect(await findUserByEmail(db.kysely, "other@example.com")).toBeUndefined();
  });
});
