/**
 * The driver told of the job (issue 31): assigning a driver sends them the job with its link in
 * their language, by WhatsApp (or SMS) on the server's channels, or by e-mail to their account when
 * no channel reaches them; a change of an assigned leg's time, place or passengers sends it again,
 * once per change, however many workers deliver; a change the driver does not need sends nothing.
 * Bookings, drivers and assignments go through the production write path; WhatsApp is the local fake.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignAndNotify } from "~/admin/leg-assignments.server";
import { legOfJobToken, officeActor, updateBooking, type BookingDeps } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { createMailer } from "~/server/mail.server";
import { createMessenger, type Messenger } from "~/server/messaging/outbox.server";
import { createWhatsAppProvider } from "~/server/messaging/whatsapp.server";
import { buildCar, createTestBooking, createTestDriver, createTestUser, testBookingDeps } from "../../db/seed/factories";
import { startWhatsAppFake, type WhatsAppFake } from "../fakes/whatsapp";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });
const mailer = createMailer({ from: "office@example.com", log });
const SECRET = "driver-job-test-secret-long-enough-12345";
const PUBLIC_URL = "https://vip.example.com";
const WA = { token: "wa-driver-token", phoneNumberId: "5550001111" };

describe.each(engines)("the driver's job on %s", (engine) => {
  let db: TestDb;
  let wa: WhatsAppFake;
  let car: string;
  let admin: Awaited<ReturnType<typeof createTestUser>>;
  const env = { PUBLIC_URL, OFFICE_EMAIL: "office@example.com", SESSION_SECRET: SECRET };
  const messengerOf = (on: boolean): Messenger => createMessenger({ providers: on ? [createWhatsAppProvider({ ...WA, apiUrl: `${wa.url}/v21.0`, timeoutMs: 500 })] : [], log });
  const depsOf = (messenger: Messenger): Promise<BookingDeps> => testBookingDeps({ db: db.kysely, mailer, log, messenger, env });
  const jobsFor = (reference: string) => wa.received.filter((m) => m.name === "driver_job" && m.params[0] === reference);

  beforeAll(async () => {
    db = await testDb(engine);
    wa = await startWhatsAppFake({ token: WA.token });
    car = (await createCar(db.kysely, buildCar({ name: "Vito İş" }))).id;
    admin = await createTestUser(db.kysely, { role: "dispatcher", name: "Operasyon" });
  });
  afterAll(async () => {
    await wa.close();
    await db.destroy();
  });

  it("sends the job on assignment in the driver's language with the job link, and again once per change, however many workers deliver", async () => {
    const messenger = messengerOf(true);
    const deps = await depsOf(messenger);
    const booking = await createTestBooking(deps, { carId: car, fullName: "Hans Müller", passengers: 3 }, { locale: "de" });
    const driver = await createTestDriver(db.kysely, { name: "Mehmet Yılmaz", phone: "+90 533 444 55 66", whatsapp: "+90 533 444 55 67", languages: ["de", "ar"] });
    const assigned = await assignAndNotify({ ...deps, log }, booking.id, { leg: "outbound", driverId: driver.id }, { actor: officeActor(admin), secret: SECRET });
    expect(assigned).toMatchObject({ ok: true });
    // two workers deliver at once: one message
    await Promise.all([messenger.deliverRound(db.kysely), messenger.deliverRound(db.kysely)]);
    const [first, ...more] = jobsFor(booking.reference);
    expect(more).toEqual([]);
    expect(first).toMatchObject({ name: "driver_job", language: "de", to: "905334445567" });
    const link = first!.params.at(-1)!;
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/job/[\\w-]+$`));
    expect((await legOfJobToken(db.kysely, link.split("/job/")[1]!))?.booking_id).toBe(booking.id);
    expect(first!.params[3]).toBe("3");
    const stored = await db.kysely.selectFrom("message_outbox").select(["kind", "status", "text_body"]).where("booking_id", "=", booking.id).where("kind", "=", "driverJob").execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.text_body).toContain("Ein neuer Auftrag für Sie");

    // the office moves the pickup an hour: the driver is told once more, as a change
    const later = new Date(Date.parse(booking.pickup_date) + 3_600_000);
    const local = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(later);
    const part = (type: string) => local.find((p) => p.type === type)!.value;
    expect((await updateBooking(deps, booking.id, { pickup_date: `${part("year")}-${part("month")}-${part("day")}`, pickup_time: `${part("hour")}:${part("minute")}` }, { actor: officeActor(admin) })).ok).toBe(true);
    await Promise.all([messenger.deliverRound(db.kysely), messenger.deliverRound(db.kysely)]);
    expect(jobsFor(booking.reference)).toHaveLength(2);
    const changed = await db.kysely.selectFrom("message_outbox").select("text_body").where("booking_id", "=", booking.id).where("kind", "=", "driverJob").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(changed.text_body).toContain("hat sich geändert");

    // a change the driver does not need (the guest's e-mail) sends nothing more
    expect((await updateBooking(deps, booking.id, { email: "hans.neu@example.de" }, { actor: officeActor(admin) })).ok).toBe(true);
    await messenger.deliverRound(db.kysely);
    expect(jobsFor(booking.reference)).toHaveLength(2);
  });

  it("mails the job to the driver's account when no message channel is on, in Turkish by default", async () => {
    const messenger = messengerOf(false);
    const deps = await depsOf(messenger);
    const booking = await createTestBooking(deps, { carId: car }, { locale: "en" });
    const account = await createTestUser(db.kysely, { role: "driver", email: "surucu@example.com" });
    const driver = await createTestDriver(db.kysely, { name: "Ali Kaya", languages: ["ar"], userId: account.id });
    expect(await assignAndNotify({ ...deps, log }, booking.id, { leg: "outbound", driverId: driver.id }, { actor: officeActor(admin), secret: SECRET })).toMatchObject({ ok: true });
    const mails = await db.kysely.selectFrom("mail_outbox").select(["to_address", "subject", "text_body", "locale"]).where("related_id", "=", booking.id).where("kind", "=", "driver-job").execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: "surucu@example.com", locale: "tr" });
    expect(mails[0]!.subject).toBe(`Yeni iş ${booking.reference}: ${mails[0]!.subject.split(": ")[1]}`);
    expect(mails[0]!.text_body).toMatch(new RegExp(`${PUBLIC_URL}/job/[\\w-]+`));
  });
});
