/**
 * The driver's side of issue 15: the job link page (/job/:token) and its five steps, and the
 * driver's own trips (/driver). Route modules are called as React Router calls them; the data is
 * made by the production write paths (createTestBooking, createTestDriver, assignLeg, createUser).
 */
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeBookingStatus } from "~/booking/index.server";
import { assignLeg, jobLinkOf } from "~/booking/index.server";
import { readChanges } from "~/booking/rules/booking-changes";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { updateDriver } from "~/drivers/drivers.server";
import { createCar } from "~/fleet/cars.server";
import { appContext } from "~/server/context";
import { createMailer } from "~/server/mail.server";
import type { BookingRow } from "~/server/db/schema";
import { localStorage } from "~/server/storage.server";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { action as jobAction, loader as jobLoader } from "~/routes/driver/job";
import { loader as tripsLoader } from "~/routes/driver/trips";
import { buildCar, createTestBooking, createTestDriver } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });
const SESSION_SECRET = "driver-job-test-session-secret-0123456789";
const actor = { id: null, label: "Test office", kind: "office" as const };

type Answer = { status: number; location: string | null; body: unknown; headers: Headers };

/** What a loader or action answered: a Response (thrown or returned) or data() with its init. */
function answerOf(value: unknown): Answer {
  if (value instanceof Response)
    return { status: value.status, location: value.headers.get("location"), body: null, headers: value.headers };
  const wrapped = value as { data?: unknown; init?: { status?: number; headers?: HeadersInit } } | null;
  if (wrapped && typeof wrapped === "object" && "init" in wrapped) {
    const headers = new Headers(wrapped.init?.headers);
    return { status: wrapped.init?.status ?? 200, location: headers.get("location"), body: wrapped.data, headers };
  }
  return { status: 200, location: null, body: value, headers: new Headers() };
}

async function settle(run: () => unknown): Promise<Answer> {
  try {
    return answerOf(await run());
  } catch (thrown) {
    return answerOf(thrown);
  }
}

describe.each(engines)("driver job link and trips on %s", (engine) => {
  let db: TestDb;
  let carId: string;
  let otherCarId: string;

  beforeAll(async () => {
    db = await testDb(engine);
    carId = (await createCar(db.kysely, buildCar({ name: "Job Vito" }))).id;
    otherCarId = (await createCar(db.kysely, buildCar({ name: "Job Sprinter" }))).id;
    // Legs due within the hour (the driver sets off from three hours before a pickup, rules/lifecycle.ts):
    // the office's lead time would refuse them to a visitor.
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, leadTimeHours: 0 } }, null);
  });
  afterAll(() => db.destroy());

  function context() {
    const c = new RouterContextProvider();
    c.set(appContext, {
      db,
      env: { NODE_ENV: "test", PUBLIC_URL: "http://localhost", SESSION_SECRET } as never,
      log,
      mailer: createMailer({ from: "office@example.com", log }),
      storage: localStorage("/tmp/vt-driver-job-test"),
      requestId: "driver-job",
      clientIp: "127.0.0.1",
    });
    return c;
  }

  const hoursAhead = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
  const mailer = createMailer({ from: "office@example.com", log });
  let soonCars = 0;

  /** A booking the office confirmed, on a car of its own, its first pickup within the hour: its driver may set off now. */
  async function confirmedSoon(overrides: Partial<Parameters<typeof createTestBooking>[1]> = {}) {
    const car = (await createCar(db.kysely, buildCar({ name: `Job Soon ${++soonCars}` }))).id;
    const booking = await createTestBooking({ db: db.kysely }, { carId: car, pickupAt: hoursAhead(1), ...overrides });
    expect((await changeBookingStatus(db.kysely, mailer, { id: booking.id, to: "confirmed", actor })).ok).toBe(true);
    return booking;
  }

  /** The driver's steps up to `last`, in order, through the job link. */
  async function stepsUpTo(link: string, last: "arrived" | "completed") {
    const steps = last === "arrived" ? ["on_way", "arrived"] : ["on_way", "arrived", "picked_up", "completed"];
    for (const step of steps) expect((await postStep(link, { step })).location).toBe(`${link}?done=${step}`);
  }

  async function assigned(booking: BookingRow, leg: "outbound" | "return", driverId: string) {
    const result = await assignLeg(db.kysely, booking.id, { leg, driverId }, { actor, secret: SESSION_SECRET });
    expect(result.ok).toBe(true);
    return (await jobLinkOf(db.kysely, SESSION_SECRET, booking.id, leg))!;
  }

  const getJob = (path: string, headers: Record<string, string> = {}) =>
    settle(() =>
      jobLoader({
        request: new Request(`http://localhost${path}`, { headers }),
        params: { token: path.split("/")[2]!.split("?")[0]! },
        context: context(),
      } as never),
    );

  const postStep = (link: string, fields: Record<string, string>) =>
    settle(() =>
      jobAction({
        request: new Request(`http://localhost${link}`, { method: "POST", body: new URLSearchParams(fields) }),
        params: { token: link.split("/")[2]! },
        context: context(),
      } as never),
    );

  async function eventsOf(bookingId: string) {
    const rows = await db.kysely
      .selectFrom("booking_events")
      .selectAll()
      .where("booking_id", "=", bookingId)
      .orderBy("created_at")
      .execute();
    return rows.map((r) => ({ ...r, changes: readChanges(r.changes) }));
  }

  it("answers 200 for a live link, 404 for a revoked, unknown or malformed one", async () => {
    const booking = await createTestBooking({ db: db.kysely }, { carId, notes: "Bebek koltuğu hazır olsun" });
    const first = await createTestDriver(db.kysely, { name: "Ali Yılmaz" });
    const second = await createTestDriver(db.kysely, { name: "Veli Demir" });
    const link = await assigned(booking, "outbound", first.id);

    const live = await getJob(link);
    expect(live.status).toBe(200);
    const body = live.body as {
      found: boolean;
      lng: string;
      sheet: { reference: string; notes: string; passenger: { tel: string; whatsapp: string }; from: { href: string } };
    };
    expect(body.found).toBe(true);
    expect(body.lng).toBe("tr");
    expect(body.sheet.reference).toBe(booking.reference);
    expect(body.sheet.notes).toBe("Bebek koltuğu hazır olsun");
    expect(body.sheet.passenger.tel).toBe("tel:+905321234567");
    expect(body.sheet.passenger.whatsapp).toBe("https://wa.me/905321234567");
    expect(body.sheet.from.href).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);

    // a new driver revokes the first one's link at once
    const secondLink = await assigned(booking, "outbound", second.id);
    expect(secondLink).not.toBe(link);
    const revoked = await getJob(link, { "accept-language": "en" });
    expect(revoked.status).toBe(404);
    expect((revoked.body as { found: boolean; lng: string }).found).toBe(false);
    expect((revoked.body as { lng: string }).lng).toBe("tr");
    expect((await getJob(secondLink)).status).toBe(200);

    expect((await getJob(`/job/${"A".repeat(32)}`)).status).toBe(404);
    expect((await getJob("/job/not-a-token")).status).toBe(404);
    expect((await getJob("/job/%3Cscript%3E")).status).toBe(404);
    // a step posted to a dead link records nothing
    expect((await postStep(link, { step: "arrived" })).status).toBe(404);
    expect((await postStep("/job/short", { step: "arrived" })).status).toBe(404);
  });

  it("speaks the driver's chosen language and keeps it in the driver pages' own cookie", async () => {
    const booking = await createTestBooking({ db: db.kysely }, { carId });
    const driver = await createTestDriver(db.kysely);
    const link = await assigned(booking, "outbound", driver.id);
    const english = await getJob(`${link}?lng=de`);
    expect((english.body as { lng: string }).lng).toBe("de");
    const cookie = english.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^vt_driver_lng=/);
    const again = await getJob(link, { cookie: cookie.split(";")[0]! });
    expect((again.body as { lng: string }).lng).toBe("de");
  });

  it("records 'arrived' with and without the phone's location, then redirects to a confirmation", async () => {
    const booking = await confirmedSoon();
    const driver = await createTestDriver(db.kysely, { name: "Konum Şoförü" });
    const link = await assigned(booking, "outbound", driver.id);

    expect((await postStep(link, { step: "on_way" })).location).toBe(`${link}?done=on_way`);
    const plain = await postStep(link, { step: "arrived", lat: "", lng: "", accuracy: "" });
    expect(plain.status).toBe(302);
    expect(plain.location).toBe(`${link}?done=arrived`);
    let events = await eventsOf(booking.id);
    let last = events.at(-1)!;
    expect(last.by_label).toBe("Konum Şoförü");
    expect(last.changes?.job).toEqual({ leg: "outbound", status: "arrived" });

    // issue 31: a position is kept only with the driver's consent, and never in the history
    expect((await postStep(link, { intent: "consent", consent: "on" })).location).toBe(`${link}?consent=1`);
    const located = await postStep(link, { step: "picked_up", lat: "36.898731", lng: "30.800461", accuracy: "12.4", taken_at: String(Date.now() - 5_000) });
    expect(located.status).toBe(302);
    expect(located.location).toBe(`${link}?done=picked_up`);
    events = await eventsOf(booking.id);
    last = events.at(-1)!;
    expect(last.changes?.job).toEqual({ leg: "outbound", status: "picked_up" });
    const kept = await db.kysely.selectFrom("leg_steps").select(["step", "lat", "lng", "accuracy"]).where("booking_id", "=", booking.id).where("step", "=", "picked_up").executeTakeFirstOrThrow();
    expect(kept).toEqual({ step: "picked_up", lat: 36.898731, lng: 30.800461, accuracy: 12 });

    const leg = await db.kysely
      .selectFrom("booking_legs")
      .selectAll()
      .where("booking_id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(leg.job_status).toBe("picked_up");
    const page = await getJob(`${link}?done=picked_up`);
    expect(page.body).toMatchObject({ found: true, done: "picked_up", sheet: { status: "picked_up", steps: ["completed"] } });

    // an unknown step changes nothing and says so
    const bad = await postStep(link, { step: "teleported" });
    expect(bad.location).toBe(`${link}?refused=step`);
    expect((await eventsOf(booking.id)).length).toBe(events.length);
  });

  it("completes a round trip only when its last leg is completed", async () => {
    const booking = await confirmedSoon({
      tripType: "roundTrip",
      returnPickup: { text: "Belek" },
      returnDropoff: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
      returnAt: hoursAhead(2.5),
    });
    const driver = await createTestDriver(db.kysely);
    const outbound = await assigned(booking, "outbound", driver.id);
    const back = await assigned(booking, "return", driver.id);

    await stepsUpTo(outbound, "completed");
    let row = await db.kysely
      .selectFrom("bookings")
      .select("status")
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(row.status).not.toBe("completed");

    await stepsUpTo(back, "completed");
    row = await db.kysely
      .selectFrom("bookings")
      .select("status")
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("completed");

    // a closed booking shows its status read-only and takes no more steps
    const closed = await getJob(back);
    expect(closed.body).toMatchObject({ found: true, sheet: { closed: true, bookingStatus: "completed" } });
    expect((await postStep(back, { step: "arrived" })).location).toBe(`${back}?refused=closed`);
  });

  it("completes a one-way booking on its one leg", async () => {
    const booking = await confirmedSoon();
    const driver = await createTestDriver(db.kysely);
    const link = await assigned(booking, "outbound", driver.id);
    await stepsUpTo(link, "completed");
    const row = await db.kysely
      .selectFrom("bookings")
      .select("status")
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("completed");
  });

  describe("/driver", () => {
    async function cookieFor(role: "driver" | "dispatcher" | "admin") {
      const user = await createUser(db.kysely, {
        email: `${role}-${Math.random().toString(36).slice(2)}@example.com`,
        password: "secret-123",
        role,
        name: `A ${role}`,
      });
      const { token } = await createSession(db.kysely, user.id, { remember: false });
      return {
        user,
        cookie: `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}`,
      };
    }
    const trips = (cookie?: string) =>
      settle(() =>
        tripsLoader({
          request: new Request("http://localhost/driver", { headers: cookie ? { cookie } : {} }),
          params: {},
          context: context(),
        } as never),
      );

    it("shows the signed-in driver only their own legs", async () => {
      const { user, cookie } = await cookieFor("driver");
      const mine = await createTestDriver(db.kysely, { name: "Benim Şoför" });
      const saved = await updateDriver(
        db.kysely,
        mine.id,
        { name: mine.name, phone: mine.phone, languages: ["tr"], userId: user.id, active: true },
        null,
      );
      expect(saved.ok).toBe(true);
      const someoneElse = await createTestDriver(db.kysely);
      const myBooking = await createTestBooking(
        { db: db.kysely },
        { carId, pickupAt: hoursAhead(24 * 3), fullName: "Anna Mine" },
      );
      const theirBooking = await createTestBooking(
        { db: db.kysely },
        { carId: otherCarId, pickupAt: hoursAhead(24 * 3 + 1), fullName: "Otto Theirs" },
      );
      const myLink = await assigned(myBooking, "outbound", mine.id);
      await assigned(theirBooking, "outbound", someoneElse.id);

      const answer = await trips(cookie);
      expect(answer.status).toBe(200);
      const body = answer.body as {
        trips: { today: unknown[]; upcoming: Array<{ passenger: string; link: string }>; past: unknown[] };
      };
      const all = [...body.trips.today, ...body.trips.upcoming, ...body.trips.past] as Array<{
        passenger: string;
        link: string;
      }>;
      expect(all.map((t) => t.passenger)).toEqual(["Anna Mine"]);
      expect(body.trips.upcoming[0]!.link).toBe(myLink);
    });

    it("shows a driver account without a driver record an empty state", async () => {
      const { cookie } = await cookieFor("driver");
      const answer = await trips(cookie);
      expect(answer.status).toBe(200);
      expect((answer.body as { trips: unknown }).trips).toBeNull();
    });

    it("sends the signed-out to the login page and staff to their home", async () => {
      const none = await trips();
      expect(none.status).toBe(302);
      expect(none.location).toBe("/admin/login?redirectTo=/driver");
      const { cookie } = await cookieFor("dispatcher");
      const dispatcher = await trips(cookie);
      expect(dispatcher.status).toBe(302);
      expect(dispatcher.location).toBe("/admin/dashboard");
    });
  });
});
