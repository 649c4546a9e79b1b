/**
 * A burst of bookings is answered before its confirmation mails are written (issue 17): the booking
 * is stored with its mails pending, the writer puts them into the outbox once the burst is over,
 * with a private link that opens the booking, and nothing is lost or doubled when the server stops
 * before writing them or two instances' sweeps find the same booking.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findBookingByToken, type MailLater } from "~/booking/index.server";
import { startMailLater } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { createMailer } from "~/server/mail.server";
import { buildCar, createTestBooking, testBookingDeps } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });
const mailer = createMailer({ from: "office@example.com", log });
const env = { PUBLIC_URL: "http://localhost:3000", OFFICE_EMAIL: "office@example.com", SESSION_SECRET: "a-session-secret-for-the-mail-later-test" };

/** Always busy, never writes: a server that stops before the burst is over. */
const stoppedServer: MailLater = { enter() {}, leave() {}, busy: () => true, queued() {} };

describe.each(engines)("booking mails written after a burst on %s", (engine) => {
  let db: TestDb;
  let carId: string;

  beforeAll(async () => {
    db = await testDb(engine);
    carId = (await createCar(db.kysely, buildCar())).id;
  });
  afterAll(() => db.destroy());

  const mailsOf = (bookingId: string) =>
    db.kysely.selectFrom("mail_outbox").select(["kind", "locale", "text_body", "to_address"]).where("related_id", "=", bookingId).orderBy("kind").execute();
  const writerDeps = async () => {
    const deps = await testBookingDeps({ db: db.kysely, mailer, env, log });
    return { db: deps.db, mailer: deps.mailer, env: deps.env, log: deps.log, translator: deps.translator };
  };

  it("answers first and writes the guest's and the office's mails once the burst is over", async () => {
    const writer = startMailLater({ deps: await writerDeps(), log, busyAt: -1, quietMs: 20 });
    try {
      const booking = await createTestBooking({ db: db.kysely, mailer, env, log, mailLater: writer }, { carId, email: "gast@example.de" }, { locale: "de" });
      expect(booking.mails_pending_at).not.toBeNull();
      expect(await mailsOf(booking.id)).toEqual([]);

      await writer.idle();
      const mails = await mailsOf(booking.id);
      expect(mails.map((m) => m.kind)).toEqual(["booking-confirmation", "office-new-booking"]);
      const guest = mails[0]!;
      expect(guest).toMatchObject({ locale: "de", to_address: "gast@example.de" });
      // the private link in the mail opens this booking
      const token = /\/my-booking\/([\w-]+)/.exec(guest.text_body)?.[1];
      expect(token).toBeTruthy();
      expect((await findBookingByToken(db.kysely, token!))?.id).toBe(booking.id);
      const after = await db.kysely.selectFrom("bookings").select("mails_pending_at").where("id", "=", booking.id).executeTakeFirstOrThrow();
      expect(after.mails_pending_at).toBeNull();
    } finally {
      await writer.stop();
    }
  });

  it("writes inline when the bookings do not come in a burst", async () => {
    const writer = startMailLater({ deps: await writerDeps(), log, quietMs: 20 });
    try {
      const booking = await createTestBooking({ db: db.kysely, mailer, env, log, mailLater: writer }, { carId }, { locale: "en" });
      expect(booking.mails_pending_at).toBeNull();
      expect((await mailsOf(booking.id)).map((m) => m.kind)).toEqual(["booking-confirmation", "office-new-booking"]);
    } finally {
      await writer.stop();
    }
  });

  it("loses nothing when the server stops before writing: the next start's sweeps write each mail once, even two at a time", async () => {
    const booking = await createTestBooking({ db: db.kysely, mailer, env, log, mailLater: stoppedServer }, { carId }, { locale: "ru" });
    expect(booking.mails_pending_at).not.toBeNull();
    expect(await mailsOf(booking.id)).toEqual([]);

    // two instances start and both sweep the stale pending booking
    const first = startMailLater({ deps: await writerDeps(), log, staleMs: 0 });
    const second = startMailLater({ deps: await writerDeps(), log, staleMs: 0 });
    try {
      await Promise.all([first.idle(), second.idle()]);
      const mails = await mailsOf(booking.id);
      expect(mails.map((m) => m.kind)).toEqual(["booking-confirmation", "office-new-booking"]);
      expect(mails[0]!.locale).toBe("ru");
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });
});
