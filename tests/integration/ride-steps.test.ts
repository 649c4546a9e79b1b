/**
 * The ride from the driver's link (issue 31): the driver accepts or declines the job (a decline
 * returns the leg to the office with the reason, as a notice), an unaccepted job alerts the office
 * before the pickup (once per assignment), the guest is told in their language when the driver sets
 * off and when they are at the pickup (once, however many workers deliver), positions are kept only
 * with the driver's consent, fresh, during an active leg, and cleared after their retention.
 * Everything goes through the production write paths; WhatsApp is the local fake.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignAndNotify } from "~/admin/leg-assignments.server";
import { recordAudit } from "~/audit/audit.server";
import { changeBookingStatus, clearOldPositions, declineJob, jobLinkOf, legOfJobToken, legStepsOf, officeActor, recordJobStep, setJobPositionConsent, type BookingDeps } from "~/booking/index.server";
import { jobSheetOfToken } from "~/drivers/job.server";
import { createCar } from "~/fleet/cars.server";
import { alertUnacceptedJobs } from "~/notify/ride-watch.server";
import { createMailer } from "~/server/mail.server";
import { createMessenger, type Messenger } from "~/server/messaging/outbox.server";
import { createWhatsAppProvider } from "~/server/messaging/whatsapp.server";
import type { BookingRow, UserRow } from "~/server/db/schema";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { buildCar, createTestBooking, createTestDriver, createTestUser, testBookingDeps } from "../../db/seed/factories";
import { startWhatsAppFake, type WhatsAppFake } from "../fakes/whatsapp";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });
const mailer = createMailer({ from: "office@example.com", log });
const SECRET = "ride-steps-test-secret-long-enough-0123456";
const PUBLIC_URL = "https://vip.example.com";
const WA = { token: "wa-ride-token", phoneNumberId: "5550002222" };
const MINUTE = 60_000;

describe.each(engines)("the ride from the driver's link on %s", (engine) => {
  let db: TestDb;
  let wa: WhatsAppFake;
  let messenger: Messenger;
  let deps: BookingDeps;
  let office: UserRow;
  let cars = 0;
  const env = { PUBLIC_URL, OFFICE_EMAIL: "office@example.com", SESSION_SECRET: SECRET };

  beforeAll(async () => {
    db = await testDb(engine);
    wa = await startWhatsAppFake({ token: WA.token });
    messenger = createMessenger({ providers: [createWhatsAppProvider({ ...WA, apiUrl: `${wa.url}/v21.0`, timeoutMs: 500 })], log });
    deps = await testBookingDeps({ db: db.kysely, mailer, log, messenger, env });
    office = await createTestUser(db.kysely, { role: "dispatcher", name: "Operasyon" });
    const settings = await getSettings(db.kysely);
    // legs due within the hour; the office may take them
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, leadTimeHours: 0 } }, null);
  });
  afterAll(async () => {
    await wa.close();
    await db.destroy();
  });

  /** A booking picked up `minutes` from now, confirmed or not, with its driver on the outbound leg: the job link's token. */
  async function assignedJob(minutes: number, options: { confirm?: boolean; locale?: string; driverName?: string } = {}) {
    const car = (await createCar(db.kysely, buildCar({ name: `Ride ${engine} ${++cars}` }))).id;
    const booking = await createTestBooking(deps, { carId: car, pickupAt: new Date(Date.now() + minutes * MINUTE).toISOString(), messagingConsent: true, fullName: "Анна Смирнова" }, { locale: options.locale ?? "ru" });
    if (options.confirm !== false) expect((await changeBookingStatus(db.kysely, mailer, { id: booking.id, to: "confirmed", actor: officeActor(office) })).ok).toBe(true);
    const driver = await createTestDriver(db.kysely, { name: options.driverName ?? `Şoför ${cars}`, phone: "+90 533 100 20 30" });
    expect(await assignAndNotify({ ...deps, log }, booking.id, { leg: "outbound", driverId: driver.id }, { actor: officeActor(office), secret: SECRET })).toMatchObject({ ok: true });
    const link = (await jobLinkOf(db.kysely, SECRET, booking.id, "outbound"))!;
    return { booking, driver, token: link.split("/job/")[1]! };
  }

  const noticesOf = (booking: BookingRow, kind = "driver") =>
    db.kysely.selectFrom("notifications").select(["title", "body", "related_id"]).where("kind", "=", kind).where("link", "=", `/admin/bookings/${booking.id}`).execute();

  it("lets the driver accept a job of a booking not yet confirmed, once", async () => {
    const { booking, token } = await assignedJob(24 * 60, { confirm: false });
    expect((await jobSheetOfToken(db.kysely, token, "tr"))?.steps).toEqual(["accepted"]);
    expect(await recordJobStep(db.kysely, token, "accepted", null)).toMatchObject({ ok: true, status: "accepted", position: null });
    expect(await recordJobStep(db.kysely, token, "accepted", null)).toEqual({ ok: false, reason: "refused", code: "out_of_order" });
    const sheet = (await jobSheetOfToken(db.kysely, token, "tr"))!;
    expect(sheet).toMatchObject({ status: "accepted", steps: [], canDecline: true, wait: { code: "not_confirmed" } });
    expect((await legStepsOf(db.kysely, booking.id)).map((s) => s.step)).toEqual(["accepted"]);
  });

  it("returns a declined leg to the office with the reason, as a notice; the old link says so and shows nothing of the guest", async () => {
    const { booking, token } = await assignedJob(180, { driverName: "Reddeden Şoför" });
    // no reason: refused, nothing written
    expect(await declineJob(db.kysely, token, "   ")).toEqual({ ok: false, reason: "invalid", code: "reason_required" });
    expect(await declineJob(db.kysely, token, "x".repeat(301))).toEqual({ ok: false, reason: "invalid", code: "reason_too_long" });
    expect(await legOfJobToken(db.kysely, token)).toBeDefined();
    // two presses at once: one decline
    const answers = await Promise.all([declineJob(db.kysely, token, "Aracım serviste", new Date(), deps), declineJob(db.kysely, token, "Aracım serviste", new Date(), deps)]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(await legOfJobToken(db.kysely, token)).toBeUndefined();
    const sheet = (await jobSheetOfToken(db.kysely, token, "tr"))!;
    expect(sheet).toMatchObject({ declined: true, closed: true, passenger: null, steps: [], canDecline: false });
    const notices = await noticesOf(booking);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe(`${booking.reference}: şoför işi reddetti`);
    expect(notices[0]!.body).toBe("Reddeden Şoför (gidiş) işi reddetti: Aracım serviste. Yeni bir şoför atayın.");
    const steps = await legStepsOf(db.kysely, booking.id);
    expect(steps.at(-1)).toMatchObject({ step: "declined", note: "Aracım serviste", driver: "Reddeden Şoför" });
    const history = await db.kysely.selectFrom("booking_events").select(["by_label", "note"]).where("booking_id", "=", booking.id).orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(history).toEqual({ by_label: "Reddeden Şoför", note: "Aracım serviste" });
  });

  it("refuses a decline once the driver set off", async () => {
    const { token } = await assignedJob(60);
    expect(await recordJobStep(db.kysely, token, "on_way", null)).toMatchObject({ ok: true });
    expect(await declineJob(db.kysely, token, "Geç kaldım")).toEqual({ ok: false, reason: "refused", code: "out_of_order" });
    expect(await legOfJobToken(db.kysely, token)).toMatchObject({ job_status: "on_way" });
  });

  it("tells the Russian guest when the driver sets off and arrives, once each, however many workers deliver", async () => {
    const { booking, token } = await assignedJob(60, { driverName: "Mehmet Yılmaz" });
    const forBooking = (name: string) => wa.received.filter((m) => m.name === name && m.params[0] === booking.reference);
    expect(await recordJobStep(db.kysely, token, "on_way", null, new Date(), deps)).toMatchObject({ ok: true });
    await Promise.all([messenger.deliverRound(db.kysely), messenger.deliverRound(db.kysely)]);
    expect(forBooking("driver_on_way")).toHaveLength(1);
    expect(forBooking("driver_on_way")[0]).toMatchObject({ language: "ru" });
    expect(forBooking("driver_on_way")[0]!.params.slice(1, 3)).toEqual(["Mehmet Yılmaz", "+90 533 100 20 30"]);
    expect(await recordJobStep(db.kysely, token, "arrived", null, new Date(), deps)).toMatchObject({ ok: true });
    await Promise.all([messenger.deliverRound(db.kysely), messenger.deliverRound(db.kysely)]);
    expect(forBooking("driver_arrived")).toHaveLength(1);
    const texts = await db.kysely.selectFrom("message_outbox").select("text_body").where("booking_id", "=", booking.id).where("kind", "in", ["driverOnWay", "driverArrived"]).orderBy("created_at").execute();
    expect(texts.map((t) => t.text_body)).toEqual([expect.stringContaining("водитель Mehmet Yılmaz (+90 533 100 20 30) выехал"), expect.stringContaining("ждёт вас в месте встречи")]);
    // the messages reached them: no e-mail as well
    expect(await db.kysely.selectFrom("mail_outbox").select("kind").where("related_id", "=", booking.id).where("kind", "in", ["driver-on-way", "driver-arrived"]).execute()).toEqual([]);
    // passenger on board: nothing more to the guest
    const before = wa.received.length;
    await recordJobStep(db.kysely, token, "picked_up", null, new Date(), deps);
    await messenger.deliverRound(db.kysely);
    expect(wa.received.length).toBe(before);
  });

  it("e-mails the guest whom no WhatsApp or SMS reaches, in their language, once per step", async () => {
    const car = (await createCar(db.kysely, buildCar({ name: `Ride mail ${engine}` }))).id;
    const booking = await createTestBooking(deps, { carId: car, pickupAt: new Date(Date.now() + 60 * MINUTE).toISOString(), messagingConsent: false, fullName: "Hans Müller" }, { locale: "de" });
    expect((await changeBookingStatus(db.kysely, mailer, { id: booking.id, to: "confirmed", actor: officeActor(office) })).ok).toBe(true);
    const driver = await createTestDriver(db.kysely, { name: "Ali Kaya" });
    expect(await assignAndNotify({ ...deps, log }, booking.id, { leg: "outbound", driverId: driver.id }, { actor: officeActor(office), secret: SECRET })).toMatchObject({ ok: true });
    const token = (await jobLinkOf(db.kysely, SECRET, booking.id, "outbound"))!.split("/job/")[1]!;
    expect(await recordJobStep(db.kysely, token, "on_way", null, new Date(), deps)).toMatchObject({ ok: true });
    expect(await recordJobStep(db.kysely, token, "arrived", null, new Date(), deps)).toMatchObject({ ok: true });
    const mails = await db.kysely.selectFrom("mail_outbox").select(["kind", "subject", "locale", "text_body"]).where("related_id", "=", booking.id).where("kind", "in", ["driver-on-way", "driver-arrived"]).orderBy("created_at").execute();
    expect(mails.map((m) => [m.kind, m.locale, m.subject])).toEqual([
      ["driver-on-way", "de", expect.stringMatching(new RegExp(`^${booking.reference}: Ihr Fahrer ist unterwegs`))],
      ["driver-arrived", "de", expect.stringMatching(new RegExp(`^${booking.reference}: Ihr Fahrer ist am Treffpunkt`))],
    ]);
    expect(mails[0]!.text_body).toContain("Ali Kaya ist losgefahren");
    expect(wa.received.filter((m) => m.params[0] === booking.reference && m.name.startsWith("driver_o"))).toEqual([]);
  });

  it("keeps a position only with the driver's consent, fresh, during the leg under way; never in the history", async () => {
    const { booking, driver, token } = await assignedJob(60);
    const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    const here = { lat: 36.898731, lng: 30.800461, accuracy: 9 };
    expect(await recordJobStep(db.kysely, token, "accepted", { ...here, at: at(0) })).toMatchObject({ ok: true, position: "position_inactive" });
    expect(await recordJobStep(db.kysely, token, "on_way", { ...here, at: at(0) })).toMatchObject({ ok: true, position: "position_no_consent" });
    expect(await setJobPositionConsent(db.kysely, token, true)).toBe(true);
    expect(await recordJobStep(db.kysely, token, "arrived", { ...here, at: at(20 * MINUTE) })).toMatchObject({ ok: true, position: "position_late" });
    expect(await recordJobStep(db.kysely, token, "picked_up", { ...here, at: at(30_000) })).toMatchObject({ ok: true, position: null });
    const steps = await legStepsOf(db.kysely, booking.id);
    expect(steps.map((s) => [s.step, s.position !== null])).toEqual([["accepted", false], ["on_way", false], ["arrived", false], ["picked_up", true]]);
    expect(steps.at(-1)!.position).toMatchObject({ lat: 36.898731, lng: 30.800461, accuracy: 9 });
    const history = await db.kysely.selectFrom("booking_events").select("changes").where("booking_id", "=", booking.id).execute();
    expect(history.some((h) => (h.changes ?? "").includes("36.898731"))).toBe(false);
    const audit = await db.kysely.selectFrom("audit_log").select("details").where("entity_id", "=", booking.id).execute();
    expect(audit.some((a) => JSON.stringify(a.details).includes("36.898731"))).toBe(false);
    // withdrawn: the next step keeps none
    await setJobPositionConsent(db.kysely, token, false);
    expect(await recordJobStep(db.kysely, token, "completed", { ...here, at: at(0) })).toMatchObject({ ok: true, position: "position_no_consent" });
    expect((await db.kysely.selectFrom("drivers").select("position_consent_at").where("id", "=", driver.id).executeTakeFirstOrThrow()).position_consent_at).toBeNull();
  });

  it("clears positions past their retention and keeps the steps and their times", async () => {
    const { booking, token } = await assignedJob(60);
    await setJobPositionConsent(db.kysely, token, true);
    expect(await recordJobStep(db.kysely, token, "on_way", { lat: 36.9, lng: 30.8 })).toMatchObject({ ok: true, position: null });
    const settings = await getSettings(db.kysely);
    const days = settings.booking.positionRetentionDays;
    // a day before the retention ends: kept
    expect(await clearOldPositions(db.kysely, settings, new Date(Date.now() + (days - 1) * 24 * 60 * MINUTE))).toBe(0);
    expect((await legStepsOf(db.kysely, booking.id)).find((s) => s.step === "on_way")?.position).not.toBeNull();
    const cleared = await clearOldPositions(db.kysely, settings, new Date(Date.now() + (days + 1) * 24 * 60 * MINUTE));
    expect(cleared).toBeGreaterThanOrEqual(1);
    const step = (await legStepsOf(db.kysely, booking.id)).find((s) => s.step === "on_way")!;
    expect(step).toMatchObject({ position: null, positionCleared: true });
    expect(Date.parse(step.at)).toBeGreaterThan(0);
    // a position the job link wrote into the audit log before issue 31 is cleared too
    await recordAudit(db.kysely, { actor: { id: null, label: "Eski Şoför" }, action: "booking.job_step", entity: "booking", entityId: booking.id, summary: booking.reference, details: { leg: "outbound", status: "arrived", lat: 36.91, lng: 30.81, accuracy: 5, from: "on_way" } });
    await clearOldPositions(db.kysely, settings, new Date(Date.now() + (days + 1) * 24 * 60 * MINUTE));
    const legacy = await db.kysely.selectFrom("audit_log").select("details").where("entity_id", "=", booking.id).where("summary", "=", booking.reference).where("user_label", "=", "Eski Şoför").executeTakeFirstOrThrow();
    expect(JSON.parse(legacy.details)).toEqual({ leg: "outbound", status: "arrived", from: "on_way" });
  });

  it("alerts the office once of a job not accepted before the pickup; a new driver is a new alert; none once accepted or switched off", async () => {
    const { booking, token } = await assignedJob(90, { driverName: "Sessiz Şoför" });
    await alertUnacceptedJobs(db.kysely);
    await Promise.all([alertUnacceptedJobs(db.kysely), alertUnacceptedJobs(db.kysely)]);
    let notices = (await noticesOf(booking)).filter((n) => n.related_id?.startsWith("unaccepted:"));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe(`${booking.reference}: iş henüz kabul edilmedi`);
    expect(notices[0]!.body).toMatch(/^Sessiz Şoför \d\d:\d\d alışlı işi \(gidiş\) henüz kabul etmedi\./);
    // another driver: another alert
    const other = await createTestDriver(db.kysely, { name: "Yeni Şoför" });
    expect(await assignAndNotify({ ...deps, log }, booking.id, { leg: "outbound", driverId: other.id }, { actor: officeActor(office), secret: SECRET })).toMatchObject({ ok: true });
    await alertUnacceptedJobs(db.kysely);
    notices = (await noticesOf(booking)).filter((n) => n.related_id?.startsWith("unaccepted:"));
    expect(notices).toHaveLength(2);
    // accepted: no more
    const link = (await jobLinkOf(db.kysely, SECRET, booking.id, "outbound"))!;
    expect(await recordJobStep(db.kysely, link.split("/job/")[1]!, "accepted", null)).toMatchObject({ ok: true });
    expect(token).not.toBe(link.split("/job/")[1]);
    const later = await assignedJob(60);
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, acceptAlertMinutes: 0 } }, null);
    await alertUnacceptedJobs(db.kysely);
    expect((await noticesOf(later.booking)).filter((n) => n.related_id?.startsWith("unaccepted:"))).toEqual([]);
    await saveSettings(db.kysely, settings, null);
    // a job further ahead than the setting: not yet
    const ahead = await assignedJob(6 * 60);
    await alertUnacceptedJobs(db.kysely);
    expect((await noticesOf(ahead.booking)).filter((n) => n.related_id?.startsWith("unaccepted:"))).toEqual([]);
  });
});
