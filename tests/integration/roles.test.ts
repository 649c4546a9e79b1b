/**
 * Refusals by intent (issue 15): a page or endpoint a dispatcher may use, asked to do more than
 * their role allows — delete a booking or a message, change a car's name or rate — answers 403 and
 * changes nothing; what the role may do (a car's status and maintenance window) works. Requests go
 * through React Router's handler (tests/setup/app-handler.ts) with real sessions.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { getAdminBooking } from "~/routes/admin/booking-view.server";
import { saveContactMessage } from "~/contact/contact.server";
import { contactSchema } from "~/contact/schema";
import { createCar, getCar } from "~/fleet/cars.server";
import { getMessage } from "~/messages/messages.server";
import { createMailer } from "~/server/mail.server";
import { DEFAULT_SETTINGS } from "~/settings/settings";
import { buildCar, createTestBooking, createTestUser } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

const log = pino({ level: "silent" });
const SESSION_SECRET = "roles-test-session-secret-0123456789abcdef";

describe.each(engines)("what a dispatcher may and may not do on %s", (engine) => {
  let db: TestDb;
  const users: Record<string, string> = {};
  const handler = appRequestHandler();
  const mailer = createMailer({ from: "office@example.com", log });

  beforeAll(async () => {
    db = await testDb(engine);
    users.admin = (await createTestUser(db.kysely, { role: "admin" })).id;
    users.dispatcher = (await createTestUser(db.kysely, { role: "dispatcher" })).id;
  });
  afterAll(() => db.destroy());

  function context() {
    const c = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET }, mailer });
    return c;
  }

  async function send(role: "admin" | "dispatcher", method: string, path: string, body?: Record<string, string> | object, json = false) {
    const { token } = await createSession(db.kysely, users[role]!, { remember: false });
    const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}` };
    let payload: string | undefined;
    if (body) {
      headers["content-type"] = json ? "application/json" : "application/x-www-form-urlencoded";
      payload = json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString();
    }
    const response = await handler(new Request(`http://localhost${path}`, { method, headers, body: payload }), context());
    return { status: response.status, location: response.headers.get("location"), text: await response.text() };
  }

  const newCar = async (name: string) => (await createCar(db.kysely, buildCar({ name }))).id;

  it("refuses a dispatcher's booking delete (list and page) with the 403 page, and lets an admin delete", async () => {
    const car = await newCar("Roles Vito");
    const booking = await createTestBooking({ db: db.kysely, mailer }, { carId: car, fullName: "Roles Guest" });
    const fromList = await send("dispatcher", "POST", "/admin/bookings", { id: booking.id, intent: "delete" });
    expect(fromList.status).toBe(403);
    expect(fromList.text).toContain("Erişim yok");
    const fromPage = await send("dispatcher", "POST", `/admin/bookings/${booking.id}`, { intent: "delete" });
    expect(fromPage.status).toBe(403);
    expect(await getAdminBooking(db.kysely, booking.id)).toBeDefined();
    // the dispatcher still changes the booking's status
    const status = await send("dispatcher", "POST", `/admin/bookings/${booking.id}`, { intent: "status", to: "confirmed" });
    expect(status.status).toBe(200);
    expect((await getAdminBooking(db.kysely, booking.id))?.status).toBe("confirmed");
    const byAdmin = await send("admin", "POST", `/admin/bookings/${booking.id}`, { intent: "delete" });
    expect({ status: byAdmin.status, location: byAdmin.location }).toEqual({ status: 302, location: "/admin/bookings" });
    expect(await getAdminBooking(db.kysely, booking.id)).toBeUndefined();
  });

  it("refuses a dispatcher's message delete but lets them mark it read", async () => {
    const input = contactSchema.parse({ name: "Roles Sender", email: "sender@example.com", phone: "+90 532 000 00 00", message: "A question about child seats.", startDate: "", endDate: "", preferredVehicle: "" });
    const id = await saveContactMessage({ db: db.kysely, mailer, env: {}, settings: DEFAULT_SETTINGS }, input, { locale: "en", ip: null });
    const refused = await send("dispatcher", "POST", "/admin/messages", { id, intent: "delete" });
    expect(refused.status).toBe(403);
    expect(await getMessage(db.kysely, id)).toBeDefined();
    const read = await send("dispatcher", "POST", "/admin/messages", { id, intent: "read" });
    expect(read.status).toBe(200);
    expect((await getMessage(db.kysely, id))?.read_at).toBeTruthy();
  });

  it("refuses a dispatcher's car delete from the fleet list", async () => {
    const car = await newCar("Roles Passat");
    const refused = await send("dispatcher", "POST", "/admin/cars", { id: car, intent: "delete" });
    expect(refused.status).toBe(403);
    expect(await getCar(db.kysely, car)).toBeDefined();
  });

  it("lets a dispatcher set a car's status and maintenance window on its page, never its rate or name", async () => {
    const car = await newCar("Roles Sprinter");
    const page = await send("dispatcher", "GET", `/admin/cars/edit/${car}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="car-status-form"');
    expect(page.text).not.toContain('name="price_per_km"');

    const before = (await getCar(db.kysely, car))!;
    const saved = await send("dispatcher", "POST", `/admin/cars/edit/${car}`, { status: "maintenance", maintenance_from: "2031-05-01T09:00", maintenance_to: "2031-05-03T18:00" });
    expect(saved.status).toBe(302);
    const after = await getCar(db.kysely, car);
    expect(after).toMatchObject({ status: "maintenance", name: "Roles Sprinter", price_per_km: before.price_per_km });
    expect(after?.maintenance_from).toBeTruthy();
    expect(after?.maintenance_to).toBeTruthy();

    const priced = await send("dispatcher", "POST", `/admin/cars/edit/${car}`, { status: "active", price_per_km: "1" });
    expect(priced.status).toBe(403);
    const renamed = await send("dispatcher", "POST", `/admin/cars/edit/${car}`, { status: "active", name: "Cheap" });
    expect(renamed.status).toBe(403);
    expect(await getCar(db.kysely, car)).toMatchObject({ status: "maintenance", name: "Roles Sprinter", price_per_km: before.price_per_km });

    // an admin's page is the whole form
    const full = await send("admin", "GET", `/admin/cars/edit/${car}`);
    expect(full.text).toContain('name="price_per_km"');
  });

  it("answers a dispatcher's /api delete and price change with a 403 JSON problem, and takes a status change", async () => {
    const car = await newCar("Roles Caddy");
    const booking = await createTestBooking({ db: db.kysely, mailer }, { carId: car, fullName: "Roles API Guest" });
    for (const path of [`/api/bookings/${booking.id}`, `/api/cars/${car}`]) {
      const refused = await send("dispatcher", "DELETE", path);
      expect(refused.status).toBe(403);
      const body = JSON.parse(refused.text);
      expect(body).toMatchObject({ success: false, error: { code: "forbidden", message: expect.any(String) } });
      expect(body.error.message.length).toBeGreaterThan(0);
    }
    expect(await getAdminBooking(db.kysely, booking.id)).toBeDefined();
    const before = (await getCar(db.kysely, car))!;
    const price = await send("dispatcher", "PATCH", `/api/cars/${car}`, { price_per_km: 1 }, true);
    expect(price.status).toBe(403);
    expect(JSON.parse(price.text).error.code).toBe("forbidden");
    const status = await send("dispatcher", "PATCH", `/api/cars/${car}`, { status: "inactive" }, true);
    expect(status.status).toBe(200);
    expect(await getCar(db.kysely, car)).toMatchObject({ status: "inactive", price_per_km: before.price_per_km });
  });
});
