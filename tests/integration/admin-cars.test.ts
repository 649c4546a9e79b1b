import { CAR_FORM } from "~/fleet/car-form";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/auth/users.server";
import { createSession } from "~/auth/session.server";
import { createCar, getCar } from "~/fleet/cars.server";
import * as carsRoute from "~/routes/api/cars";
import * as carRoute from "~/routes/api/cars.$id";
import * as bookingRoute from "~/routes/api/bookings.$id";
import * as statusRoute from "~/routes/api/bookings.$id.status";
import * as bookingsRoute from "~/routes/api/bookings";
import { buildCar, createTestBooking } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";


interface Answer {
  status: number;
  body: { success: boolean; data?: unknown; error?: { code: string; message: string; reason?: string; params?: Record<string, unknown>; fields?: Record<string, string[]>; fieldCodes?: Record<string, string[]> }; pagination?: { total: number; pageCount: number } };
}

describe.each(engines)("admin cars and bookings API on %s", (engine) => {
  let db: TestDb;
  let token: string;
  let bookedCarId: string;
  let freeCarId: string;
  let bookingId: string;

  function context() {
    const c = testAppContext(db);
    return c;
  }

  async function call(
    handler: (args: never) => unknown,
    method: string,
    path: string,
    options: { body?: unknown; auth?: boolean; params?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.auth !== false) headers.authorization = `Bearer ${token}`;
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
    const admin = await createUser(db.kysely, { email: "admin@example.com", password: "secret123", role: "admin", name: "Ofis" });
    token = (await createSession(db.kysely, admin.id, { remember: false })).token;
    bookedCarId = (await createCar(db.kysely, buildCar({ name: "Booked S-Class", category: "VIP" }))).id;
    freeCarId = (await createCar(db.kysely, buildCar({ name: "Spare Vito", category: "Minivan" }))).id;
    await createCar(db.kysely, buildCar({ name: "In the garage", status: "maintenance" }));
    bookingId = (await createTestBooking({ db: db.kysely }, { carId: bookedCarId })).id;
  });
  afterAll(() => db.destroy());

  it("GET /api/cars: active cars for anyone, every car with filters and pages for an admin", async () => {
    const open = await call(carsRoute.loader, "GET", "/api/cars", { auth: false });
    expect((open.body.data as Array<{ name: string }>).map((c) => c.name).sort()).toEqual(["Booked S-Class", "Spare Vito"]);
    const all = await call(carsRoute.loader, "GET", "/api/cars");
    expect(all.body.data).toHaveLength(3);
    const paged = await call(carsRoute.loader, "GET", "/api/cars?page=1&limit=2&status=active");
    expect(paged.body.data).toHaveLength(2);
    expect(paged.body.pagination).toMatchObject({ total: 2, pageCount: 1 });
    const search = await call(carsRoute.loader, "GET", "/api/cars?q=BOOKED");
    expect((search.body.data as Array<{ name: string; bookings_count: number }>)).toMatchObject([{ name: "Booked S-Class", bookings_count: 1 }]);
  });

  it("POST /api/cars: admin only, name/make/model required, the form's rules, 201 with the car", async () => {
    expect((await call(carsRoute.action, "POST", "/api/cars", { body: { name: "x" }, auth: false })).status).toBe(401);
    const missing = await call(carsRoute.action, "POST", "/api/cars", { body: { name: "Only a name" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toBe("Missing required fields: make, model");
    expect(missing.body.error).toMatchObject({ reason: CAR_FORM.missingFields, params: { fields: "make, model" }, fieldCodes: { make: [CAR_FORM.make], model: [CAR_FORM.model] } });
    const bad = await call(carsRoute.action, "POST", "/api/cars", { body: { name: "a", make: "b", model: "c", seats: 40 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.seats).toBeDefined();
    expect((await call(carsRoute.action, "POST", "/api/cars", { body: "not json" })).status).toBe(400);
    const made = await call(carsRoute.action, "POST", "/api/cars", {
      body: { name: "New E-Class", make: "Mercedes", model: "E 220", price_per_km: 30, features: ["wifi", ""] },
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ name: "New E-Class", category: "Sedan", seats: 4, luggage: 3, price_per_km: 30, features: ["wifi"], status: "active" });
  });

  it("POST /api/cars with an Idempotency-Key creates once", async () => {
    const body = { name: "Once Only", make: "BMW", model: "i7" };
    const first = await call(carsRoute.action, "POST", "/api/cars", { body, headers: { "Idempotency-Key": "retry-123" } });
    const again = await call(carsRoute.action, "POST", "/api/cars", { body, headers: { "Idempotency-Key": "retry-123" } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect((again.body.data as { id: string }).id).toBe((first.body.data as { id: string }).id);
    const all = await call(carsRoute.loader, "GET", "/api/cars?q=once only");
    expect(all.body.data).toHaveLength(1);
  });

  it("POST /api/cars with a used Idempotency-Key and another body answers 422 idempotency_mismatch", async () => {
    const body = { name: "Key Owner", make: "Audi", model: "A8", features: ["wifi"] };
    const first = await call(carsRoute.action, "POST", "/api/cars", { body, headers: { "Idempotency-Key": "mismatch-1" } });
    expect(first.status).toBe(201);
    // The same body with its keys in another order is the same request: replayed.
    const reordered = { features: ["wifi"], model: "A8", make: "Audi", name: "Key Owner" };
    const replay = await call(carsRoute.action, "POST", "/api/cars", { body: reordered, headers: { "Idempotency-Key": "mismatch-1" } });
    expect(replay.status).toBe(201);
    expect((replay.body.data as { id: string }).id).toBe((first.body.data as { id: string }).id);
    const other = await call(carsRoute.action, "POST", "/api/cars", { body: { ...body, name: "Someone Else" }, headers: { "Idempotency-Key": "mismatch-1" } });
    expect(other.status).toBe(422);
    expect(other.body.error).toMatchObject({ code: "idempotency_mismatch", reason: CAR_FORM.idempotencyMismatch });
    const named = await call(carsRoute.loader, "GET", "/api/cars?q=someone else");
    expect(named.body.data).toHaveLength(0);
  });

  it("answers a car the form's rules refuse with the envelope: Turkish messages and their codes", async () => {
    const bad = await call(carsRoute.action, "POST", "/api/cars", { body: { name: "a", make: "b", model: "c", seats: 40, year: 1800 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({
      code: "validation_failed",
      message: "Araç kaydedilirken bir hata oluştu.",
      reason: CAR_FORM.saveFailed,
      fields: { seats: ["Yolcu kapasitesi 1 ile 20 arasında bir tam sayı olmalıdır."], year: ["Model yılı 1990 ile gelecek yıl arasında olmalıdır."] },
      fieldCodes: { seats: [CAR_FORM.seats], year: [CAR_FORM.year] },
    });
  });

  it("PUT /api/cars/{id} changes what it names; an inactive car leaves the public fleet", async () => {
    const put = await call(carRoute.action, "PUT", `/api/cars/${bookedCarId}`, { body: { status: "inactive" }, params: { id: bookedCarId } });
    expect(put.status).toBe(200);
    expect((await getCar(db.kysely, bookedCarId))?.name).toBe("Booked S-Class");
    const open = await call(carsRoute.loader, "GET", "/api/cars", { auth: false });
    expect((open.body.data as Array<{ id: string }>).map((c) => c.id)).not.toContain(bookedCarId);
    expect((await call(carRoute.loader, "GET", `/api/cars/${bookedCarId}`, { auth: false, params: { id: bookedCarId } })).status).toBe(404);
    expect((await call(carRoute.loader, "GET", `/api/cars/${bookedCarId}`, { params: { id: bookedCarId } })).status).toBe(200);
    const bad = await call(carRoute.action, "PUT", `/api/cars/${bookedCarId}`, { body: { name: "  " }, params: { id: bookedCarId } });
    expect(bad.body.error?.fields?.name).toEqual(["Araç adı zorunludur."]);
  });

  it("DELETE /api/cars/{id}: 409 with the spec's message while bookings reference the car", async () => {
    const refused = await call(carRoute.action, "DELETE", `/api/cars/${bookedCarId}`, { params: { id: bookedCarId } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "conflict", reason: "admin:cars.messages.inUse", message: "Bu araç rezervasyonlara bağlı olduğu için silinemiyor." });
    expect(await getCar(db.kysely, bookedCarId)).toBeDefined();
    const done = await call(carRoute.action, "DELETE", `/api/cars/${freeCarId}`, { params: { id: freeCarId } });
    expect(done.status).toBe(200);
    expect(await getCar(db.kysely, freeCarId)).toBeUndefined();
    expect((await call(carRoute.action, "DELETE", `/api/cars/${freeCarId}`, { params: { id: freeCarId } })).status).toBe(404);
    expect((await call(carRoute.action, "DELETE", `/api/cars/${freeCarId}`, { auth: false, params: { id: freeCarId } })).status).toBe(401);
  });

  it("GET /api/bookings: the admin list with the screen's filters and pages; 401 without a session", async () => {
    expect((await call(bookingsRoute.loader, "GET", "/api/bookings", { auth: false })).status).toBe(401);
    const list = await call(bookingsRoute.loader, "GET", "/api/bookings?status=pending&page=1");
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject([{ id: bookingId, status: "pending", car: { name: "Booked S-Class" } }]);
    expect(list.body.pagination).toMatchObject({ total: 1, pageCount: 1 });
    const none = await call(bookingsRoute.loader, "GET", "/api/bookings?q=nobody");
    expect(none.body.data).toEqual([]);
  });

  it("bookings by id: read with history, status changes allowed and refused, edits, delete", async () => {
    expect((await call(bookingRoute.loader, "GET", `/api/bookings/${bookingId}`, { auth: false, params: { id: bookingId } })).status).toBe(401);
    const confirm = await call(statusRoute.action, "PUT", `/api/bookings/${bookingId}/status`, { body: { status: "confirmed" }, params: { id: bookingId } });
    expect(confirm.status).toBe(200);
    // the status answer is the booking as GET shows it: the office's view with its products, money in lira
    const confirmedRead = await call(bookingRoute.loader, "GET", `/api/bookings/${bookingId}`, { params: { id: bookingId } });
    const { events: _events, legs: _legs, ...shown } = confirmedRead.body.data as Record<string, unknown>;
    expect(confirm.body.data).toEqual(shown);
    const back = await call(statusRoute.action, "PUT", `/api/bookings/${bookingId}/status`, { body: { status: "pending" }, params: { id: bookingId } });
    expect(back.status).toBe(409);
    const noReason = await call(statusRoute.action, "PUT", `/api/bookings/${bookingId}/status`, { body: { status: "cancelled" }, params: { id: bookingId } });
    expect(noReason.status).toBe(400);
    const weird = await call(statusRoute.action, "PUT", `/api/bookings/${bookingId}/status`, { body: { status: "lost" }, params: { id: bookingId } });
    expect(weird.status).toBe(400);
    // A trip ahead cannot be completed (the state machine: from the last leg's pickup on).
    const early = await call(bookingRoute.action, "PATCH", `/api/bookings/${bookingId}`, { body: { status: "completed" }, params: { id: bookingId } });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: "conflict", reason: "admin:lifecycle.refused.too_early" });
    const patch = await call(bookingRoute.action, "PATCH", `/api/bookings/${bookingId}`, { body: { status: "cancelled", note: "Misafir vazgeçti", notes: "VIP karşılama" }, params: { id: bookingId } });
    expect(patch.status).toBe(200);
    expect(patch.body.data).toMatchObject({ status: "cancelled", notes: "VIP karşılama" });
    const read = await call(bookingRoute.loader, "GET", `/api/bookings/${bookingId}`, { params: { id: bookingId } });
    // the status changes, and between them the notes edit (status unchanged, its change listed)
    const events = (read.body.data as { events: Array<{ from_status: string | null; to_status: string; changes: { fields: Array<{ field: string; to: unknown }> } | null }> }).events;
    expect(events.map((e) => e.to_status)).toEqual(["pending", "confirmed", "confirmed", "cancelled"]);
    expect(events[2]).toMatchObject({ from_status: "confirmed", changes: { fields: [{ field: "notes", to: "VIP karşılama" }] } });
    const invalid = await call(bookingRoute.action, "PATCH", `/api/bookings/${bookingId}`, { body: { email: "nope" }, params: { id: bookingId } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ reason: "admin:bookingEdit.messages.saveFailed", fieldCodes: { email: ["admin:bookingEdit.messages.email"] } });
    expect(invalid.body.error?.fields?.email).toEqual(["Geçerli bir e-posta adresi giriniz"]);
    expect((await call(bookingRoute.action, "DELETE", `/api/bookings/${bookingId}`, { params: { id: bookingId } })).status).toBe(200);
    expect((await call(bookingRoute.loader, "GET", `/api/bookings/${bookingId}`, { params: { id: bookingId } })).status).toBe(404);
  });
});
