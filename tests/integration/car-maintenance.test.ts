/**
 * A car's maintenance window through the car API and the admin's car form: stored as UTC instants,
 * bad values refused with field codes (never a 500), the bookings the window collides with listed
 * after the save (the office moves them), and createBooking refusing the car inside the window.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { addMinutes } from "~/booking/rules/availability";
import { MAINTENANCE } from "~/fleet/car-form";
import { createCar } from "~/fleet/cars.server";
import { maintenanceConflicts } from "~/fleet/maintenance.server";
import * as editCarPage from "~/routes/admin/cars.edit.$id";
import * as layout from "~/routes/admin/layout";
import * as carsRoute from "~/routes/api/cars";
import * as carRoute from "~/routes/api/cars.$id";
import type { BookingRow } from "~/server/db/schema";
import { localStorage } from "~/server/storage.server";
import { buildCar, createTestBooking } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";
import { tripDay } from "../setup/trip-date";

const storage = localStorage("/tmp/vt-car-maintenance-test");

interface Answer {
  status: number;
  body: {
    success: boolean;
    data?: Record<string, unknown> & { conflicting_bookings?: Array<Record<string, unknown>> };
    error?: { code: string; fields?: Record<string, string[]>; fieldCodes?: Record<string, string[]> };
  };
}

/** Ten days ahead at 14:30 Istanbul time, as an instant. */
const tenDaysAhead = () => {
  const day = tripDay(10);
  return new Date(`${day}T14:30:00+03:00`).toISOString();
};

describe.each(engines)("car maintenance windows on %s", (engine) => {
  let db: TestDb;
  let token: string;
  let carId: string;
  let booking: BookingRow;

  function context() {
    const c = testAppContext(db, { storage });
    return c;
  }

  /** A back-office handler behind the admin layout's guard, as React Router runs it for /admin/cars/edit/:id. */
  async function asAdmin(handler: (args: never) => unknown, request: Request, params: Record<string, string>): Promise<unknown> {
    const args = { request, context: context(), params, pattern: "/admin/cars/edit/:id" } as never;
    let result: unknown;
    await layout.middleware[0]!(args, async () => {
      result = await handler(args);
      return new Response();
    });
    return result;
  }

  async function call(handler: (args: never) => unknown, method: string, path: string, body?: unknown, params: Record<string, string> = {}): Promise<Answer> {
    const request = new Request(`http://localhost${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    try {
      const result = (await handler({ request, context: context(), params } as never)) as { init?: { status?: number }; data: Answer["body"] };
      return { status: result.init?.status ?? 200, body: result.data };
    } catch (thrown) {
      const result = thrown as { init?: { status?: number }; data: Answer["body"] };
      return { status: result.init?.status ?? 500, body: result.data };
    }
  }
  const patch = (id: string, body: unknown) => call(carRoute.action, "PATCH", `/api/cars/${id}`, body, { id });

  beforeAll(async () => {
    db = await testDb(engine);
    const admin = await createUser(db.kysely, { email: "office@example.com", password: "secret123", role: "admin", name: "Ofis" });
    token = (await createSession(db.kysely, admin.id, { remember: false })).token;
    carId = (await createCar(db.kysely, buildCar({ name: "V-Class Bakım" }))).id;
    booking = await createTestBooking({ db: db.kysely }, { carId, pickupAt: tenDaysAhead(), fullName: "Ayşe Yılmaz" });
  });
  afterAll(() => db.destroy());

  it("POST /api/cars takes a window (ISO instants or Istanbul local time) and answers it with its conflicts", async () => {
    const made = await call(carsRoute.action, "POST", "/api/cars", {
      name: "Garage S-Class",
      make: "Mercedes",
      model: "S 500",
      maintenance_from: "2026-12-12T08:00:00+03:00",
      maintenance_to: "2026-12-14T18:00",
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ maintenance_from: "2026-12-12T05:00:00.000Z", maintenance_to: "2026-12-14T15:00:00.000Z", conflicting_bookings: [] });
    const plain = await call(carsRoute.action, "POST", "/api/cars", { name: "Plain E-Class", make: "Mercedes", model: "E 220" });
    expect(plain.body.data).toMatchObject({ maintenance_from: null, maintenance_to: null });
    // A car without a window has nothing to move: the list is left out.
    expect(plain.body.data).not.toHaveProperty("conflicting_bookings");
    const got = await call(carRoute.loader, "GET", `/api/cars/${String(made.body.data!.id)}`, undefined, { id: String(made.body.data!.id) });
    expect(got.body.data).toMatchObject({ maintenance_from: "2026-12-12T05:00:00.000Z", maintenance_to: "2026-12-14T15:00:00.000Z" });
  });

  it("refuses bad values with 400 and field codes, never a 500, and changes nothing", async () => {
    const text = await patch(carId, { maintenance_from: "yarın sabah", maintenance_to: 42 });
    expect(text.status).toBe(400);
    expect(text.body.error).toMatchObject({
      code: "validation_failed",
      fieldCodes: { maintenance_from: [MAINTENANCE.from], maintenance_to: [MAINTENANCE.to] },
      fields: { maintenance_from: ["Bakım başlangıcı için geçerli bir tarih ve saat giriniz."] },
    });
    const reversed = await patch(carId, { maintenance_from: "2026-12-14T18:00", maintenance_to: "2026-12-12T08:00" });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error?.fieldCodes).toEqual({ maintenance_to: [MAINTENANCE.endBeforeStart] });
    expect(reversed.body.error?.fields?.maintenance_to).toEqual(["Bakım bitişi, bakım başlangıcından sonra olmalıdır."]);
    const impossible = await patch(carId, { maintenance_to: "2026-02-30T10:00:00+03:00" });
    expect(impossible.status).toBe(400);
    const car = await db.kysely.selectFrom("cars").select(["maintenance_from", "maintenance_to"]).where("id", "=", carId).executeTakeFirstOrThrow();
    expect(car).toEqual({ maintenance_from: null, maintenance_to: null });
  });

  it("lists the booking a window touches (drop-off + buffer), and not one that ends before it", async () => {
    const dropoff = booking.pickup_end!;
    const bufferEnds = addMinutes(dropoff, 30);
    // The window opens exactly when the buffer after the drop-off ends: the trip is clear of it.
    const clear = await patch(carId, { maintenance_from: bufferEnds, maintenance_to: addMinutes(bufferEnds, 240) });
    expect(clear.status).toBe(200);
    expect(clear.body.data?.conflicting_bookings).toEqual([]);

    // A minute earlier, the buffer runs into it: the office is told which booking to move.
    const over = await patch(carId, { maintenance_from: addMinutes(bufferEnds, -1), maintenance_to: addMinutes(bufferEnds, 240) });
    expect(over.status).toBe(200);
    expect(over.body.data?.conflicting_bookings).toEqual([
      {
        booking_id: booking.id,
        reference: booking.reference,
        full_name: "Ayşe Yılmaz",
        leg: "outbound",
        pickup_at: booking.pickup_date,
        dropoff_at: dropoff,
        status: "pending",
      },
    ]);
    // A PATCH that leaves the window out keeps it.
    const renamed = await patch(carId, { description: "Servis: yağ değişimi" });
    expect(renamed.body.data).toMatchObject({ maintenance_from: addMinutes(bufferEnds, -1), description: "Servis: yağ değişimi" });
    expect(renamed.body.data?.conflicting_bookings).toHaveLength(1);
  });

  it("the booking write path refuses the car inside its window, and takes it outside", async () => {
    const from = new Date(Date.parse(booking.pickup_date) + 86_400_000).toISOString();
    const to = addMinutes(from, 6 * 60);
    const saved = await patch(carId, { maintenance_from: from, maintenance_to: to });
    expect(saved.body.data?.conflicting_bookings).toEqual([]);
    await expect(createTestBooking({ db: db.kysely }, { carId, pickupAt: addMinutes(from, 60) })).rejects.toThrow(/booking:errors\.carInMaintenance/);
    // Ending (with the buffer) before the window starts: bookable.
    const before = await createTestBooking({ db: db.kysely }, { carId, pickupAt: addMinutes(from, -4 * 60) });
    expect(before.car_id).toBe(carId);
    const after = await createTestBooking({ db: db.kysely }, { carId, pickupAt: to });
    expect(after.car_id).toBe(carId);
  });

  it("an open-ended window lists the car's bookings from now on; the status without dates too", async () => {
    const openEnd = await patch(carId, { maintenance_from: new Date().toISOString(), maintenance_to: null });
    expect(openEnd.body.data).toMatchObject({ maintenance_to: null });
    expect(openEnd.body.data?.conflicting_bookings?.map((b) => b.reference)).toContain(booking.reference);
    expect(openEnd.body.data?.conflicting_bookings).toHaveLength(3);
    const statusOnly = await patch(carId, { status: "maintenance", maintenance_from: "", maintenance_to: "" });
    expect(statusOnly.body.data).toMatchObject({ status: "maintenance", maintenance_from: null, maintenance_to: null });
    expect(statusOnly.body.data?.conflicting_bookings).toHaveLength(3);
    // Once the bookings are done, nothing is left to move.
    const inTwoYears = new Date(Date.now() + 2 * 365 * 86_400_000);
    const car = { id: carId, status: "maintenance" as const, maintenance_from: null, maintenance_to: null };
    expect(await maintenanceConflicts(db.kysely, car, inTwoYears)).toEqual([]);
    expect(await maintenanceConflicts(db.kysely, { ...car, status: "active" })).toBeNull();
    await patch(carId, { status: "active" });
  });

  it("the admin's car form: a window over a booked trip sends the office to the car's page, which lists the booking", async () => {
    const form = new FormData();
    const local = (instant: string) => {
      const shifted = new Date(Date.parse(instant) + 3 * 3_600_000).toISOString();
      return `${shifted.slice(0, 10)}T${shifted.slice(11, 16)}`;
    };
    for (const [name, value] of Object.entries({ name: "V-Class Bakım", make: "Mercedes-Benz", model: "V 300", status: "active" })) form.append(name, value);
    form.append("maintenance_from", local(addMinutes(booking.pickup_date, -60)));
    form.append("maintenance_to", local(addMinutes(booking.pickup_date, 120)));
    const request = new Request(`http://localhost/admin/cars/edit/${carId}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    const thrown = await Promise.resolve(asAdmin(editCarPage.action, request, { id: carId })).catch((r: unknown) => r);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe(`/admin/cars/edit/${carId}?saved=1`);

    const page = (await asAdmin(editCarPage.loader, new Request(`http://localhost/admin/cars/edit/${carId}?saved=1`, { headers: { authorization: `Bearer ${token}` } }), { id: carId })) as {
      saved: boolean;
      conflicting: Array<{ reference: string }>;
      state: { values: Record<string, string> };
    };
    expect(page.saved).toBe(true);
    expect(page.conflicting.map((b) => b.reference)).toEqual([booking.reference]);
    expect(page.state.values.maintenance_from).toBe(local(addMinutes(booking.pickup_date, -60)));

    // End before start: the form comes back with both values as typed and the message in Turkish.
    const bad = new FormData();
    for (const [name, value] of Object.entries({ name: "V-Class Bakım", make: "Mercedes-Benz", model: "V 300", maintenance_from: "2026-12-14T18:00", maintenance_to: "2026-12-12T08:00" })) bad.append(name, value);
    const refused = (await asAdmin(editCarPage.action, new Request(`http://localhost/admin/cars/edit/${carId}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: bad }), { id: carId })) as unknown as {
      init: { status: number };
      data: { state: { values: Record<string, string>; fields: Record<string, string[]> } };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.state.values).toMatchObject({ maintenance_from: "2026-12-14T18:00", maintenance_to: "2026-12-12T08:00" });
    expect(refused.data.state.fields.maintenance_to).toEqual(["Bakım bitişi, bakım başlangıcından sonra olmalıdır."]);
  });
});
