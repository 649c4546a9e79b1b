import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countCars, createCar, getCar, listCars, listCategories } from "~/fleet/cars.server";
import { SEED_FLEET } from "../../db/seed/fleet";
import { carInputFrom } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

describe.each(engines)("cars on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
    for (const [i, seed] of SEED_FLEET.entries()) {
      await createCar(db.kysely, carInputFrom(seed, { sort_order: i, images: [{ url: `/uploads/car-images/${i}.webp`, card: `/uploads/car-images/${i}-card.webp`, width: 1600, height: 1000 }] }));
    }
    await createCar(db.kysely, carInputFrom(SEED_FLEET[0]!, { name: "İstanbul Şehir Aracı", category: "Sedan", status: "inactive", sort_order: 99 }));
  });
  afterAll(() => db.destroy());

  it("lists cars in display order with money in lira and lists as lists", async () => {
    const { cars, total } = await listCars(db.kysely);
    expect(total).toBe(SEED_FLEET.length + 1);
    expect(cars[0]!.name).toBe(SEED_FLEET[0]!.name);
    expect(cars[0]!.price_per_km).toBe(SEED_FLEET[0]!.price_per_km);
    expect(cars[0]!.features).toEqual(SEED_FLEET[0]!.features);
    expect(cars[0]!.images).toEqual(["/uploads/car-images/0.webp"]);
    expect(cars[0]!.image).toBe("/uploads/car-images/0.webp");
  });

  it("filters by status and category, in the database", async () => {
    const active = await listCars(db.kysely, { status: "active" });
    expect(active.cars.every((c) => c.status === "active")).toBe(true);
    expect(active.total).toBe(SEED_FLEET.filter((c) => c.status === "active").length);
    const vip = await listCars(db.kysely, { category: "VIP" });
    expect(vip.cars.map((c) => c.category)).toEqual(["VIP"]);
  });

  it("searches case-insensitively with Turkish letters folded", async () => {
    for (const q of ["İSTANBUL", "istanbul", "Istanbul", "sehir"]) {
      const { cars } = await listCars(db.kysely, { q });
      expect(cars.map((c) => c.name), q).toEqual(["İstanbul Şehir Aracı"]);
    }
    expect((await listCars(db.kysely, { q: "maybach" })).total).toBe(2);
    expect((await listCars(db.kysely, { q: "100%" })).total).toBe(0);
  });

  it("pages with a total count", async () => {
    const page = await listCars(db.kysely, {}, { limit: 8, offset: 8 });
    expect(page.cars).toHaveLength(SEED_FLEET.length + 1 - 8);
    expect(page.total).toBe(SEED_FLEET.length + 1);
    expect(await countCars(db.kysely, { status: "maintenance" })).toBe(1);
  });

  it("lists the categories present in the data", async () => {
    const categories = await listCategories(db.kysely);
    expect(categories).toContain("VIP");
    expect(categories).toContain("Minibüs");
    expect(new Set(categories).size).toBe(categories.length);
  });

  it("reads one car, or nothing for an unknown id", async () => {
    const { cars } = await listCars(db.kysely);
    expect((await getCar(db.kysely, cars[1]!.id))?.name).toBe(cars[1]!.name);
    expect(await getCar(db.kysely, "no-such-car")).toBeUndefined();
  });
});
