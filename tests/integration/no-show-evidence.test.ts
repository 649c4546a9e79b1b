/**
 * A no-show, proven (issue 31): the driver may report it only once the free waiting has passed
 * (counted from the pickup; an airport's free waiting), and the office downloads the evidence pack
 * as a PDF in Turkish and in the guest's language, holding the booking, the terms accepted, the
 * waiting, the driver's step times and kept position, the messages sent to the guest and the fee.
 * The PDF is read back with poppler's pdftotext, as a card issuer's reader would.
 */
import { execFileSync } from "node:child_process";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignAndNotify } from "~/admin/leg-assignments.server";
import { changeBookingStatus, jobLinkOf, officeActor, recordJobStep, setJobPositionConsent, type BookingDeps } from "~/booking/index.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import { createCar } from "~/fleet/cars.server";
import { fixedT } from "~/i18n/translate.server";
import { noShowEvidence, noShowEvidencePdf } from "~/notify/no-show-evidence.server";
import { loader as evidenceLoader } from "~/routes/admin/bookings.$id.no-show";
import { appContext } from "~/server/context";
import { createMailer } from "~/server/mail.server";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { formatMoney, kurus } from "~/utils/money";
import { buildCar, createTestBooking, createTestDriver, createTestUser, testBookingDeps } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });
const mailer = createMailer({ from: "office@example.com", log });
const SECRET = "no-show-evidence-secret-long-enough-012345";
const MINUTE = 60_000;

/** The PDF's text, as poppler reads it. */
const pdfText = (pdf: Buffer) => execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8");

describe.each(engines)("the no-show's evidence on %s", (engine) => {
  let db: TestDb;
  let deps: BookingDeps;

  beforeAll(async () => {
    db = await testDb(engine);
    deps = await testBookingDeps({ db: db.kysely, mailer, log, env: { PUBLIC_URL: "https://vip.example.com", OFFICE_EMAIL: "office@example.com", SESSION_SECRET: SECRET } });
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, leadTimeHours: 0 }, payments: { ...settings.payments, lateCancelFeePercent: 100 } }, null);
  });
  afterAll(() => db.destroy());

  function context() {
    const c = new RouterContextProvider();
    c.set(appContext, { db, env: { NODE_ENV: "test", PUBLIC_URL: "http://localhost", SESSION_SECRET: SECRET } as never, log, mailer, requestId: "no-show", clientIp: "127.0.0.1" } as never);
    return c;
  }
  const download = (id: string, lng?: string) =>
    evidenceLoader({ request: new Request(`http://localhost/admin/bookings/${id}/no-show-evidence${lng ? `?lng=${lng}` : ""}`), params: { id }, context: context() } as never).catch((thrown: unknown) => thrown);

  it("refuses the no-show before the free waiting from the pickup ends, allows it after, and proves it in Turkish and Russian", async () => {
    const office = await createTestUser(db.kysely, { role: "dispatcher", name: "Operasyon" });
    const car = (await createCar(db.kysely, buildCar({ name: `No-show ${engine}` }))).id;
    const pickup = new Date(Date.now() + 60 * MINUTE);
    const booking = await createTestBooking(deps, { carId: car, pickupAt: pickup.toISOString(), fullName: "Анна Смирнова" }, { locale: "ru" });
    expect((await changeBookingStatus(db.kysely, mailer, { id: booking.id, to: "confirmed", actor: officeActor(office) })).ok).toBe(true);
    const driver = await createTestDriver(db.kysely, { name: "Mehmet Yılmaz" });
    expect(await assignAndNotify({ ...deps, log }, booking.id, { leg: "outbound", driverId: driver.id }, { actor: officeActor(office), secret: SECRET })).toMatchObject({ ok: true });
    const token = (await jobLinkOf(db.kysely, SECRET, booking.id, "outbound"))!.split("/job/")[1]!;
    // nothing to prove yet
    expect(await noShowEvidence(db.kysely, booking.id)).toBeUndefined();
    expect(await download(booking.id)).toMatchObject({ init: { status: 404 } });

    const at = (minutesAfterPickup: number) => new Date(pickup.getTime() + minutesAfterPickup * MINUTE);
    await setJobPositionConsent(db.kysely, token, true);
    expect(await recordJobStep(db.kysely, token, "accepted", null, at(-60))).toMatchObject({ ok: true });
    expect(await recordJobStep(db.kysely, token, "on_way", null, at(-50))).toMatchObject({ ok: true });
    const arrivedAt = at(-5);
    expect(await recordJobStep(db.kysely, token, "arrived", { lat: 36.898731, lng: 30.800461, accuracy: 8, at: arrivedAt.toISOString() }, arrivedAt)).toMatchObject({ ok: true, position: null });
    // the airport's free waiting (60 minutes) counts from the pickup: a minute before it ends, refused
    const freeWaiting = (await getSettings(db.kysely)).pricing.freeWaitingAirportMinutes;
    expect(await recordJobStep(db.kysely, token, "no_show", null, at(freeWaiting - 1))).toEqual({ ok: false, reason: "refused", code: "too_early", at: at(freeWaiting).toISOString() });
    const reportedAt = at(freeWaiting);
    expect(await recordJobStep(db.kysely, token, "no_show", null, reportedAt)).toMatchObject({ ok: true, status: "no_show" });

    const evidence = (await noShowEvidence(db.kysely, booking.id))!;
    expect(evidence.legs).toEqual([{ leg: "outbound", waitingFrom: booking.pickup_date, freeWaitingMinutes: freeWaiting, allowedFrom: reportedAt.toISOString(), reportedAt: reportedAt.toISOString() }]);
    expect(evidence.steps.map((s) => s.step)).toEqual(["accepted", "on_way", "arrived", "no_show"]);
    expect(evidence.messages.some((m) => m.channel === "email" && m.to === booking.email)).toBe(true);
    expect(evidence.fee).toBe(booking.total_price);

    // the office's download, in Turkish by default
    const answer = (await download(booking.id)) as Response;
    if (!(answer instanceof Response)) throw answer;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="no-show-${booking.reference}-tr.pdf"`);
    const turkish = pdfText(Buffer.from(await answer.arrayBuffer()));
    expect(turkish).toContain("Gelmeme (no-show) kanıt dosyası");
    expect(turkish).toContain(booking.reference);
    expect(turkish).toContain("Анна Смирнова");
    expect(turkish).toContain("XQ 9001");
    // each step's time (Istanbul), the kept position, the waiting and the fee
    for (const step of [at(-60), at(-50), arrivedAt, reportedAt]) expect(turkish).toContain(toBusinessParts(step.toISOString()).time);
    expect(turkish).toMatch(/konum\s+36\.898731,\s+30\.800461\s+\(±8\s+m\)/);
    expect(turkish).toMatch(/Ücretsiz bekleme süresi: 60 dakika/);
    expect(turkish).toContain(formatMoney(kurus(booking.total_price), "tr"));
    expect(turkish).toMatch(/E-posta · booking-confirmation/);

    // and in the guest's language
    const russian = pdfText(await noShowEvidencePdf(evidence, "ru", fixedT("ru", "booking")));
    expect(russian).toContain("Подтверждение неявки (no-show)");
    expect(russian).toContain("Водитель прибыл");
    expect(russian).toMatch(/местоположение\s+36\.898731,\s+30\.800461\s+\(±8\s+м\)/);
    expect(russian).toContain("Встреча не состоялась");
    expect(russian).toContain(toBusinessParts(reportedAt.toISOString()).time);
    // a language the site does not speak falls back to Turkish; an unknown booking is 404
    expect((((await download(booking.id, "xx")) as Response).headers.get("content-disposition"))).toContain("-tr.pdf");
    expect(await download("00000000-0000-4000-8000-000000000000")).toMatchObject({ init: { status: 404 } });
  });
});
