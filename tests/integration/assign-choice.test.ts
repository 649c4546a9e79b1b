/**
 * A refused assignment keeps what the office chose: on the dispatch board and on the booking's
 * page, a driver and a car the rules refuse (here a car too small for the party) come back in the
 * leg's form with the refusal beside it, not the leg's old assignment. Requests go through React
 * Router's handler with a real session, as a browser without JavaScript sends them.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import { createCar } from "~/fleet/cars.server";
import { createMailer } from "~/server/mail.server";
import { buildCar, createTestBooking, createTestDriver, createTestUser } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";
import { tripDate } from "../setup/trip-date";

const log = pino({ level: "silent" });
const SESSION_SECRET = "assign-choice-test-session-secret-0123456789";

describe.each(engines)("a refused assignment keeps the office's choice on %s", (engine) => {
  let db: TestDb;
  let van: string;
  let coupe: string;
  let driver: string;
  let dispatcher: string;
  const handler = appRequestHandler();
  const mailer = createMailer({ from: "office@example.com", log });

  beforeAll(async () => {
    db = await testDb(engine);
    dispatcher = (await createTestUser(db.kysely, { role: "dispatcher" })).id;
    van = (await createCar(db.kysely, buildCar({ name: "Choice Vito", seats: 7, luggage: 7 }))).id;
    coupe = (await createCar(db.kysely, buildCar({ name: "Choice Coupe", seats: 2, luggage: 1 }))).id;
    driver = (await createTestDriver(db.kysely, { name: "Seçim Şoför" })).id;
  });
  afterAll(() => db.destroy());

  async function send(method: string, path: string, form?: Record<string, string>) {
    const { token } = await createSession(db.kysely, dispatcher, { remember: false });
    const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}` };
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET, OFFICE_EMAIL: "office@example.com" }, mailer, clientIp: "10.41.7.1" });
    const response = await handler(new Request(`http://localhost${path}`, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined }), context);
    return { status: response.status, text: await response.text() };
  }

  /** The option `value` of the select named `name` is the selected one (React renders `selected` on it). */
  const selected = (html: string, name: string) => {
    const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
    return /<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(select)?.[1] ?? /<option[^>]*selected=""[^>]*value="([^"]*)"/.exec(select)?.[1];
  };

  it("on the board and on the booking's page", async () => {
    const booking = await createTestBooking({ db: db.kysely, mailer }, { carId: van, pickupAt: tripDate(8, "11:00"), passengers: 5, fullName: "Große Familie" });
    const date = toBusinessParts(booking.pickup_date).date;
    const choice = { intent: "assign", bookingId: booking.id, leg: "outbound", driverId: driver, carId: coupe };
    const board = await send("POST", `/admin/dispatch?date=${date}`, choice);
    expect(board.status).toBe(200);
    expect(board.text).toContain("Choice Coupe");
    expect(selected(board.text, "driverId")).toBe(driver);
    expect(selected(board.text, "carId")).toBe(coupe);
    const { bookingId: _omit, ...own } = choice;
    const page = await send("POST", `/admin/bookings/${booking.id}`, own);
    expect(page.status).toBe(200);
    expect(selected(page.text, "driverId")).toBe(driver);
    expect(selected(page.text, "carId")).toBe(coupe);
    // nothing was assigned: opened again, the form shows the leg as it is
    const again = await send("GET", `/admin/bookings/${booking.id}`);
    expect(selected(again.text, "carId")).toBe(van);
    expect(selected(again.text, "driverId") ?? "").toBe("");
  });
});
