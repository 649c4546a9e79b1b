/**
 * Issue 10 item 8: with an SMTP server that accepts and then never answers, a booking (the
 * function the site and the API call) and a password-reset request resolve at once: they only
 * write to the outbox, while the worker sits in the server's DATA. Timeouts here are a minute, so a
 * request that waited on SMTP would fail the test by its own time limit.
 */
import i18next from "i18next";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kurus } from "~/utils/money";
import { buildCar } from "../../db/seed/factories";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { createUser } from "~/auth/users.server";
import { createBooking, type BookingDeps } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { createPlaceServices } from "~/places/service.server";
import { createMailer, type Mailer } from "~/server/mail.server";
import { startMailWorker, type MailWorker } from "~/server/mail-worker.server";
import { fakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });
const MINUTE = { connectionMs: 60_000, greetingMs: 60_000, socketMs: 60_000 };

/** Waits for a condition (vitest's expect.poll, on real timers), failing with what it waited for. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeout = 15_000) {
  await expect.poll(check, { timeout, interval: 20, message: `waiting for ${what}` }).toBe(true);
}

describe.each(engines)("requests with a hanging SMTP server on %s", (engine) => {
  let db: TestDb;
  let smtp: FakeSmtp;
  let mailer: Mailer;
  let worker: MailWorker;
  let carId: string;

  beforeAll(async () => {
    db = await testDb(engine);
    smtp = await fakeSmtp("hang");
    mailer = createMailer({ smtpUrl: smtp.url, from: "Lykia <no-reply@example.com>", log, timeouts: MINUTE });
    worker = startMailWorker({ db: db.kysely, mailer, log, pollMs: 60_000, stopGraceMs: 100 });
    carId = (await createCar(db.kysely, buildCar({ name: "V-Class", seats: 6, luggage: 6, price_per_km: kurus(3800) }))).id;
    await createUser(db.kysely, { email: "office@example.com", password: "secret-123", role: "admin", name: "Ofis" });
  });
  afterAll(async () => {
    await worker.stop();
    await smtp.close();
    await db.destroy();
  });

  it("answers a booking while the SMTP server sits on its mail", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: {}, fallbackLng: "en" });
    const deps: BookingDeps = {
      db: db.kysely,
      places: createPlaceServices({ ROUTING_PROVIDER: "builtin" }, log),
      mailer,
      env: { PUBLIC_URL: "https://transfer.example.com", OFFICE_EMAIL: "office@example.com" },
      log,
      translator: (lng) => i18n.getFixedT(lng, "booking"),
    };
    const result = await createBooking(
      deps,
      {
        tripType: "oneWay",
        pickup: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
        dropoff: { text: "Belek" },
        pickupAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        passengers: 2,
        luggage: 2,
        carId,
        fullName: "Jane Doe",
        email: "jane@example.com",
        phone: "+44 7700 900123",
        notes: "",
        flightNumber: "PC 1001",
      },
      { locale: "en" },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // The worker has taken the mail to the server, which has not answered and will not.
    await until(() => smtp.hanging >= 1, "the worker to reach DATA");
    expect(smtp.answered).toBe(0);
    const mails = await db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", result.booking.id).orderBy("kind").execute();
    expect(mails.map((m) => [m.kind, m.status])).toEqual([
      ["booking-confirmation", "pending"],
      ["office-new-booking", "pending"],
    ]);
    // Claimed by the worker (a live lease), not delivered, not lost.
    expect(mails.some((m) => m.locked_until !== null && Date.parse(m.locked_until) > Date.now())).toBe(true);
  });

  it("answers a password-reset request for a real and an unknown address alike, without SMTP", async () => {
    const hangingBefore = smtp.hanging;
    await requestPasswordReset(db.kysely, mailer, { email: "office@example.com", baseUrl: "https://vip.example" });
    await requestPasswordReset(db.kysely, mailer, { email: "nobody@example.com", baseUrl: "https://vip.example" });
    const resets = await db.kysely.selectFrom("mail_outbox").select(["to_address", "status"]).where("kind", "=", "password-reset").execute();
    expect(resets).toEqual([{ to_address: "office@example.com", status: "pending" }]);
    await until(() => smtp.hanging > hangingBefore, "the worker to take the reset mail to the server");
    expect(smtp.answered).toBe(0);
  });
});
