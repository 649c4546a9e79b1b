import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { assignLeg } from "~/booking/index.server";
import { DRIVERS_API } from "~/drivers/drivers-api.server";
import { DRIVERS } from "~/drivers/drivers";
import { getDriver } from "~/drivers/drivers.server";
import { CAR_PLATE } from "~/fleet/car-form";
import { createCar } from "~/fleet/cars.server";
import { saveCar } from "~/fleet/cars-api.server";
import * as carRoute from "~/routes/api/cars.$id";
import * as carsRoute from "~/routes/api/cars";
import * as driverRoute from "~/routes/api/drivers.$id";
import * as driversRoute from "~/routes/api/drivers";
import { localStorage } from "~/server/storage.server";
import { buildCar, createTestBooking, createTestDriver } from "../../db/seed/factories";
import { seedDrivers, SEED_DRIVERS } from "../../db/seed";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

const storage = localStorage("/tmp/vt-drivers-test");

interface Answer {
  status: number;
  body: {
    success: boolean;
    data?: unknown;
    error?: { code: string; message: string; reason?: string; fields?: Record<string, string[]>; fieldCodes?: Record<string, string[]> };
  };
}

type DriverBody = { id: string; name: string; phone: string; whatsapp: string | null; languages: string[]; licenceNumber: string | null; active: boolean; userId: string | null };

describe.each(engines)("drivers API and car plates on %s", (engine) => {
  let db: TestDb;
  const tokens: Record<"admin" | "dispatcher" | "driver", string> = { admin: "", dispatcher: "", driver: "" };
  let driverAccountId: string;

  function context() {
    const c = testAppContext(db, { storage });
    return c;
  }

  async function call(
    handler: (args: never) => unknown,
    method: string,
    path: string,
    options: { body?: unknown; as?: keyof typeof tokens | null; params?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    const as = options.as === undefined ? "admin" : options.as;
    if (as) headers.authorization = `Bearer ${tokens[as]}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const request = new Request(`http://localhost${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
    });
    try {
      const result = (await handler({ request, context: context(), params: options.params ?? {} } as never)) as { init?: { status?: number }; data: Answer["body"] };
      return { status: result.init?.status ?? 200, body: result.data };
    } catch (thrown) {
      const result = thrown as { init?: { status?: number }; data: Answer["body"] };
      return { status: result.init?.status ?? 500, body: result.data };
    }
  }

  beforeAll(async () => {
    db = await testDb(engine);
    for (const role of ["admin", "dispatcher", "driver"] as const) {
      const user = await createUser(db.kysely, { email: `${role}@example.com`, password: "secret123", role, name: `The ${role}` });
      tokens[role] = (await createSession(db.kysely, user.id, { remember: false })).token;
      if (role === "driver") driverAccountId = user.id;
    }
  });
  afterAll(() => db.destroy());

  it("POST /api/drivers: a dispatcher creates a driver, audited under their name; the phone kept in one form", async () => {
    const made = await call(driversRoute.action, "POST", "/api/drivers", {
      as: "dispatcher",
      body: { name: "  Mehmet  Yılmaz ", phone: "0532 111 22 33", whatsapp: "05321112233", languages: ["en", "tr"], licenceNumber: "07-B-1", unknown: "ignored" },
    });
    expect(made.status).toBe(201);
    const driver = made.body.data as DriverBody;
    expect(driver).toMatchObject({ name: "Mehmet Yılmaz", phone: "+90 532 111 22 33", whatsapp: "+90 532 111 22 33", languages: ["tr", "en"], licenceNumber: "07-B-1", active: true, userId: null });
    const audit = await db.kysely.selectFrom("audit_log").selectAll().where("entity_id", "=", driver.id).execute();
    expect(audit.map((a) => [a.action, a.user_label])).toEqual([["driver.create", "The dispatcher"]]);
  });

  it("POST /api/drivers: validation codes by field, bad JSON, no session, a driver account", async () => {
    const bad = await call(driversRoute.action, "POST", "/api/drivers", { body: { name: "", phone: "12", whatsapp: "x", languages: ["xx"], licenceNumber: "9".repeat(41) } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: "validation_failed",
      reason: DRIVERS.saveFailed,
      fieldCodes: {
        name: [DRIVERS.nameRequired],
        phone: [DRIVERS.phoneInvalid],
        whatsapp: [DRIVERS.whatsappInvalid],
        languages: [DRIVERS.languagesInvalid],
        licenceNumber: [DRIVERS.licenceTooLong],
      },
    });
    expect(bad.body.error?.fields?.name?.[0]).toBe("Ad soyad zorunludur.");
    const active = await call(driversRoute.action, "POST", "/api/drivers", { body: { name: "A", phone: "0532 000 00 01", active: "yes" } });
    expect(active.body.error?.fieldCodes).toEqual({ active: [DRIVERS_API.activeInvalid] });
    expect((await call(driversRoute.action, "POST", "/api/drivers", { body: "{not json" })).status).toBe(400);
    expect((await call(driversRoute.action, "POST", "/api/drivers", { body: { name: "A", phone: "0532 000 00 01" }, as: null })).status).toBe(401);
    expect((await call(driversRoute.action, "POST", "/api/drivers", { body: { name: "A", phone: "0532 000 00 01" }, as: "driver" })).status).toBe(403);
    expect((await call(driversRoute.loader, "GET", "/api/drivers", { as: "driver" })).status).toBe(403);
    expect((await call(driversRoute.action, "PUT", "/api/drivers")).status).toBe(405);
  });

  it("POST /api/drivers with an Idempotency-Key creates once; another body under the key is refused", async () => {
    const body = { name: "Once Only", phone: "0532 999 88 77" };
    const first = await call(driversRoute.action, "POST", "/api/drivers", { body, headers: { "Idempotency-Key": "drv-1" } });
    const again = await call(driversRoute.action, "POST", "/api/drivers", { body, headers: { "Idempotency-Key": "drv-1" } });
    expect((again.body.data as DriverBody).id).toBe((first.body.data as DriverBody).id);
    const other = await call(driversRoute.action, "POST", "/api/drivers", { body: { ...body, name: "Other" }, headers: { "Idempotency-Key": "drv-1" } });
    expect(other.status).toBe(422);
    expect(other.body.error?.reason).toBe(DRIVERS_API.idempotencyMismatch);
  });

  it("GET /api/drivers: by name, ?active and ?q (folded name, phone digits); GET one; 404", async () => {
    const quiet = await createTestDriver(db.kysely, { name: "Şükrü Öztürk", phone: "0544 765 43 21", active: false });
    const all = (await call(driversRoute.loader, "GET", "/api/drivers", { as: "dispatcher" })).body.data as DriverBody[];
    expect(all.map((d) => d.name)).toEqual([...all.map((d) => d.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(all.some((d) => d.id === quiet.id)).toBe(true);
    const active = (await call(driversRoute.loader, "GET", "/api/drivers?active=true")).body.data as DriverBody[];
    expect(active.some((d) => d.id === quiet.id)).toBe(false);
    expect(((await call(driversRoute.loader, "GET", "/api/drivers?q=sukru")).body.data as DriverBody[]).map((d) => d.id)).toEqual([quiet.id]);
    expect(((await call(driversRoute.loader, "GET", "/api/drivers?q=7654321")).body.data as DriverBody[]).map((d) => d.id)).toEqual([quiet.id]);
    const one = await call(driverRoute.loader, "GET", `/api/drivers/${quiet.id}`, { params: { id: quiet.id } });
    expect(one.body.data).toMatchObject({ id: quiet.id, name: "Şükrü Öztürk", active: false });
    const missing = await call(driverRoute.loader, "GET", "/api/drivers/nope", { params: { id: "nope" } });
    expect(missing.status).toBe(404);
    expect(missing.body.error?.reason).toBe(DRIVERS.notFound);
  });

  it("PATCH /api/drivers/{id}: a dispatcher changes fields, others kept, null clears; links a driver account once", async () => {
    const driver = await createTestDriver(db.kysely, { name: "Ali Can", whatsapp: "0532 222 33 44", languages: ["tr"] });
    const patched = await call(driverRoute.action, "PATCH", `/api/drivers/${driver.id}`, {
      as: "dispatcher",
      params: { id: driver.id },
      body: { languages: ["tr", "ru"], whatsapp: null, userId: driverAccountId },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: "Ali Can", phone: driver.phone, whatsapp: null, languages: ["tr", "ru"], userId: driverAccountId });
    const other = await createTestDriver(db.kysely);
    const taken = await call(driverRoute.action, "PATCH", `/api/drivers/${other.id}`, { params: { id: other.id }, body: { userId: driverAccountId } });
    expect(taken.status).toBe(400);
    expect(taken.body.error?.fieldCodes).toEqual({ userId: [DRIVERS.userTaken] });
    const staff = await db.kysely.selectFrom("users").select("id").where("role", "=", "admin").executeTakeFirstOrThrow();
    const notDriver = await call(driverRoute.action, "PATCH", `/api/drivers/${other.id}`, { params: { id: other.id }, body: { userId: staff.id } });
    expect(notDriver.body.error?.fieldCodes).toEqual({ userId: [DRIVERS.userInvalid] });
    const blank = await call(driverRoute.action, "PATCH", `/api/drivers/${other.id}`, { params: { id: other.id }, body: { name: null } });
    expect(blank.body.error?.fieldCodes).toEqual({ name: [DRIVERS.nameRequired] });
    expect((await call(driverRoute.action, "PATCH", "/api/drivers/nope", { params: { id: "nope" }, body: { name: "X" } })).status).toBe(404);
    const audit = await db.kysely.selectFrom("audit_log").select(["action", "details"]).where("entity_id", "=", driver.id).where("action", "=", "driver.update").execute();
    expect(audit).toHaveLength(1);
  });

  it("DELETE /api/drivers/{id}: a dispatcher is refused (403); an admin deletes; one with an assigned leg is 409 in use", async () => {
    const spare = await createTestDriver(db.kysely);
    const refused = await call(driverRoute.action, "DELETE", `/api/drivers/${spare.id}`, { as: "dispatcher", params: { id: spare.id } });
    expect(refused.status).toBe(403);
    expect(await getDriver(db.kysely, spare.id)).toBeDefined();
    const deleted = await call(driverRoute.action, "DELETE", `/api/drivers/${spare.id}`, { params: { id: spare.id } });
    expect(deleted).toMatchObject({ status: 200, body: { data: { id: spare.id, deleted: true } } });
    expect(await getDriver(db.kysely, spare.id)).toBeUndefined();

    const busy = await createTestDriver(db.kysely);
    const car = await createCar(db.kysely, buildCar({ name: "Assigned car" }));
    const booking = await createTestBooking({ db: db.kysely }, { carId: car.id });
    const assigned = await assignLeg(db.kysely, booking.id, { leg: "outbound", driverId: busy.id }, { actor: { id: null, label: "test" }, secret: "s".repeat(32) });
    expect(assigned.ok).toBe(true);
    const inUse = await call(driverRoute.action, "DELETE", `/api/drivers/${busy.id}`, { params: { id: busy.id } });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toMatchObject({ code: "conflict", reason: DRIVERS.inUse });
    expect((await call(driverRoute.action, "DELETE", "/api/drivers/nope", { params: { id: "nope" } })).status).toBe(404);
  });

  it("car plate and colour: saved through the car write path, shown to staff, never to the public", async () => {
    const saved = await saveCar(db.kysely, storage, { ...buildCar({ name: "Plated E-Class" }), price_per_km: 30, price_per_day: 3000, plate_number: " 07 abc  915 ", colour: "Siyah" });
    if (!saved.ok) throw new Error("car refused");
    expect(saved.car).toMatchObject({ plate_number: "07 ABC 915", colour: "Siyah" });
    const id = saved.car.id;
    // A PUT without the plate keeps it; the staff GET shows it; the public GET does not.
    const put = await call(carRoute.action, "PUT", `/api/cars/${id}`, { params: { id }, body: { seats: 3 } });
    expect(put.body.data).toMatchObject({ seats: 3, plate_number: "07 ABC 915", colour: "Siyah" });
    const staff = await call(carRoute.loader, "GET", `/api/cars/${id}`, { params: { id } });
    expect(staff.body.data).toMatchObject({ plate_number: "07 ABC 915", colour: "Siyah" });
    const open = await call(carRoute.loader, "GET", `/api/cars/${id}`, { params: { id }, as: null });
    expect(open.status).toBe(200);
    expect(open.body.data).not.toHaveProperty("plate_number");
    expect(open.body.data).not.toHaveProperty("colour");
    const publicList = (await call(carsRoute.loader, "GET", "/api/cars", { as: null })).body.data as Array<Record<string, unknown>>;
    expect(publicList.length).toBeGreaterThan(0);
    expect(publicList.every((c) => !("plate_number" in c))).toBe(true);
    const staffList = (await call(carsRoute.loader, "GET", "/api/cars?q=plated")).body.data as Array<Record<string, unknown>>;
    expect(staffList).toMatchObject([{ plate_number: "07 ABC 915" }]);
    // A dispatcher may not change a plate (cars.status only); an admin clears it with an empty value.
    expect((await call(carRoute.action, "PATCH", `/api/cars/${id}`, { as: "dispatcher", params: { id }, body: { plate_number: "07 X 1" } })).status).toBe(403);
    const tooLong = await call(carRoute.action, "PATCH", `/api/cars/${id}`, { params: { id }, body: { plate_number: "X".repeat(17) } });
    expect(tooLong.body.error?.fieldCodes).toEqual({ plate_number: [CAR_PLATE.plateTooLong] });
    const cleared = await call(carRoute.action, "PATCH", `/api/cars/${id}`, { params: { id }, body: { plate_number: "", colour: null } });
    expect(cleared.body.data).toMatchObject({ plate_number: null, colour: null });
    const created = await call(carsRoute.action, "POST", "/api/cars", { body: { name: "New", make: "VW", model: "Caravelle", plate_number: "07 vt 1" } });
    expect(created).toMatchObject({ status: 201, body: { data: { plate_number: "07 VT 1", colour: null } } });
  });

  it("seedDrivers adds the demo drivers once, and not when the office has any", async () => {
    const fresh = await testDb(engine);
    try {
      expect(await seedDrivers(fresh)).toBe(SEED_DRIVERS.length);
      expect(await seedDrivers(fresh)).toBe(0);
      const rows = await fresh.kysely.selectFrom("drivers").select(["name", "phone"]).orderBy("name").execute();
      expect(rows).toHaveLength(SEED_DRIVERS.length);
      expect(rows.every((r) => r.phone.startsWith("+90 5"))).toBe(true);
    } finally {
      await fresh.destroy();
    }
  });
});
