/**
 * Issue 27: every actor changes a booking's or a leg's state only through the state machine
 * (app/booking/rules/lifecycle.ts). The bugs found by trying each actor, each pinned here: the job
 * link completing an unconfirmed booking months ahead, steps out of order, a cancelled booking
 * keeping its driver (and its job link saying "Atandı" with the guest's phone), the API's refusal
 * without a code, and history/audit rows without their actor. Data comes from the production write
 * paths; the time rules read explicit clocks where a test is about a limit.
 */
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { runBookingAction } from "~/routes/admin/booking-actions.server";
import { changeBookingStatus, listBookingEvents } from "~/booking/index.server";
import { assignLeg, jobLinkOf, recordJobStep } from "~/booking/index.server";
import { readChanges } from "~/booking/rules/booking-changes";
import type { BookingDeps } from "~/booking/index.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import { boardDay } from "~/booking/rules/dispatch";
import { loadDispatchDay } from "~/booking/index.server";
import { guestCancel, guestManageView } from "~/booking/index.server";
import { START_WINDOW_MINUTES } from "~/booking/rules/lifecycle";
import { driverTrips } from "~/drivers/job.server";
import { createCar } from "~/fleet/cars.server";
import { i18nextMiddleware } from "~/i18n/i18next.server";
import * as statusRoute from "~/routes/api/bookings.$id.status";
import { action as jobAction, loader as jobLoader } from "~/routes/driver/job";
import { appContext } from "~/server/context";
import type { BookingRow } from "~/server/db/schema";
import { localStorage } from "~/server/storage.server";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { buildCar, createTestBooking, createTestDriver, testBookingDeps } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });
const SECRET = "lifecycle-test-session-secret-0123456789";
const office = { id: null, label: "Ofis Ayşe", kind: "office" as const };
const DAY = 86_400_000;
const MINUTE = 60_000;
const at = (instant: string, ms: number) => new Date(Date.parse(instant) + ms);

type Answer = { status: number; location: string | null; body: unknown };

/** What a loader or action answered: a Response (thrown or returned) or data() with its init. */
function answerOf(value: unknown): Answer {
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), body: null };
  const wrapped = value as { data?: unknown; init?: { status?: number; headers?: HeadersInit } } | null;
  if (wrapped && typeof wrapped === "object" && "init" in wrapped) {
    return { status: wrapped.init?.status ?? 200, location: new Headers(wrapped.init?.headers).get("location"), body: wrapped.data };
  }
  return { status: 200, location: null, body: value };
}

describe.each(engines)("the booking's state machine on %s", (engine) => {
  let db: TestDb;
  let deps: BookingDeps;
  let cars = 0;

  beforeAll(async () => {
    db = await testDb(engine);
    deps = await testBookingDeps({ db: db.kysely });
    const settings = await getSettings(db.kysely);
    // the airport's free waiting of its own, so the no-show's limit is the setting's
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, cancelCutoffHours: 24 }, pricing: { ...settings.pricing, freeWaitingAirportMinutes: 45 } }, null);
  });
  afterAll(async () => {
    deps.mailer.close();
    await db.destroy();
  });

  function context() {
    const c = new RouterContextProvider();
    c.set(appContext, {
      db,
      env: { NODE_ENV: "test", PUBLIC_URL: "http://localhost", SESSION_SECRET: SECRET, OFFICE_EMAIL: "office@example.com", ROUTING_PROVIDER: "builtin" } as never,
      log,
      mailer: deps.mailer,
      storage: localStorage("/tmp/vt-lifecycle-test"),
      requestId: "lifecycle",
      clientIp: "127.0.0.1",
    });
    return c;
  }

  /** A booking on a car of its own (so no two tests share a slot), `days` ahead at 14:00 Istanbul time. */
  async function booking(days: number, status: "pending" | "confirmed" = "confirmed", overrides: Partial<Parameters<typeof createTestBooking>[1]> = {}) {
    const carId = (await createCar(db.kysely, buildCar({ name: `Lifecycle ${++cars}` }))).id;
    const date = toBusinessParts(new Date(Date.now() + days * DAY)).date;
    const made = await createTestBooking(deps, { carId, pickupAt: `${date}T14:00:00+03:00`, fullName: "Greta Gast", phone: "+49 151 2345 6789", ...overrides }, { locale: "en" });
    if (status === "confirmed") expect((await changeBookingStatus(db.kysely, deps.mailer, { id: made.id, to: "confirmed", actor: office })).ok).toBe(true);
    return { ...made, carId };
  }

  async function withDriver(b: BookingRow, name = "Mehmet Kaya") {
    const driver = await createTestDriver(db.kysely, { name });
    expect((await assignLeg(db.kysely, b.id, { leg: "outbound", driverId: driver.id }, { actor: office, secret: SECRET })).ok).toBe(true);
    const link = (await jobLinkOf(db.kysely, SECRET, b.id, "outbound"))!;
    return { driver, link, token: link.split("/job/")[1]! };
  }

  const row = (id: string) => db.kysely.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const legs = (id: string) => db.kysely.selectFrom("booking_legs").selectAll().where("booking_id", "=", id).execute();
  const audit = (id: string) => db.kysely.selectFrom("audit_log").selectAll().where("entity_id", "=", id).orderBy("at").orderBy("action").execute();
  const getJob = async (link: string) => answerOf(await jobLoader({ request: new Request(`http://localhost${link}`), params: { token: link.split("/job/")[1]!.split("?")[0]! }, context: context() } as never));
  async function postStep(link: string, step: string): Promise<Answer> {
    try {
      return answerOf(await jobAction({ request: new Request(`http://localhost${link}`, { method: "POST", body: new URLSearchParams({ step }) }), params: { token: link.split("/job/")[1]!.split("?")[0]! }, context: context() } as never));
    } catch (thrown) {
      return answerOf(thrown);
    }
  }

  it("refuses the job link's 'completed' on an unconfirmed booking two months ahead; the guest can still cancel", async () => {
    const b = await booking(60, "pending");
    const { link } = await withDriver(b);
    const refused = await postStep(link, "completed");
    expect(refused.status).toBe(302);
    expect(refused.location).toBe(`${link}?refused=not_confirmed`);
    expect((await row(b.id)).status).toBe("pending");
    expect((await legs(b.id)).map((l) => l.job_status)).toEqual(["assigned"]);
    expect((await listBookingEvents(db.kysely, b.id)).some((e) => e.changes?.job)).toBe(false);
    // the page offers no step and says why, and the refusal in the driver's language
    const page = await getJob(`${link}?refused=not_confirmed`);
    expect(page.body).toMatchObject({ found: true, refused: "not_confirmed", sheet: { steps: ["accepted"], wait: { code: "not_confirmed" } } });
    expect(await guestCancel(deps, await row(b.id))).toEqual({ ok: true, changed: true });
  });

  it("refuses setting off on a confirmed leg weeks ahead, and steps out of order, by their codes", async () => {
    const b = await booking(60);
    const { link, token } = await withDriver(b);
    expect((await postStep(link, "on_way")).location).toBe(`${link}?refused=too_early`);
    expect((await postStep(link, "completed")).location).toBe(`${link}?refused=out_of_order`);
    expect((await postStep(link, "arrived")).location).toBe(`${link}?refused=out_of_order`);
    expect((await getJob(link)).body).toMatchObject({ sheet: { steps: ["accepted"], wait: { code: "too_early", time: "11:00" } } });

    // On a fixed clock around the pickup (14:00 Istanbul): the start window opens at 11:00.
    const window = START_WINDOW_MINUTES * MINUTE;
    const startsAt = new Date(Date.parse(b.pickup_date) - window).toISOString();
    expect(await recordJobStep(db.kysely, token, "on_way", null, at(b.pickup_date, -window - MINUTE))).toEqual({ ok: false, reason: "refused", code: "too_early", at: startsAt });
    expect(await recordJobStep(db.kysely, token, "on_way", null, at(b.pickup_date, -window))).toMatchObject({ ok: true, status: "on_way" });
    expect(await recordJobStep(db.kysely, token, "on_way", null, at(b.pickup_date, -window + MINUTE))).toMatchObject({ ok: false, code: "out_of_order" });
    expect(await recordJobStep(db.kysely, token, "completed", null, at(b.pickup_date, 0))).toMatchObject({ ok: false, code: "out_of_order" });
    expect(await recordJobStep(db.kysely, token, "no_show", null, at(b.pickup_date, 0))).toMatchObject({ ok: false, code: "out_of_order" });
    expect(await recordJobStep(db.kysely, token, "arrived", null, at(b.pickup_date, -30 * MINUTE))).toMatchObject({ ok: true });
    // a no-show at the airport waits the free 45 minutes past the pickup
    expect(await recordJobStep(db.kysely, token, "no_show", null, at(b.pickup_date, 44 * MINUTE))).toMatchObject({ ok: false, code: "too_early" });
    expect(await recordJobStep(db.kysely, token, "no_show", null, at(b.pickup_date, 45 * MINUTE))).toMatchObject({ ok: true, bookingCompleted: false });
    expect((await legs(b.id)).map((l) => l.job_status)).toEqual(["no_show"]);
    // a trip of no-shows only is left to the office
    expect((await row(b.id)).status).toBe("confirmed");
  });

  it("writes each step by the driver, and the booking's completion by the system, in the history and the audit log", async () => {
    const b = await booking(40);
    const { driver, token } = await withDriver(b, "Ali Yılmaz");
    const steps = ["on_way", "arrived", "picked_up", "completed"] as const;
    for (const [i, step] of steps.entries()) expect((await recordJobStep(db.kysely, token, step, null, at(b.pickup_date, (i - 2) * 30 * MINUTE))).ok).toBe(true);
    expect((await row(b.id)).status).toBe("completed");

    const events = await listBookingEvents(db.kysely, b.id);
    const driven = events.filter((e) => e.changes?.job);
    expect(driven.map((e) => [e.changes!.job!.status, e.by_label])).toEqual(steps.map((s) => [s, "Ali Yılmaz"]));
    expect(events.at(-1)).toMatchObject({ from_status: "confirmed", to_status: "completed", by_label: "system" });
    const rows = await audit(b.id);
    expect(rows.filter((r) => r.action === "booking.job_step").map((r) => [JSON.parse(r.details).status, r.user_label])).toEqual(steps.map((s) => [s, "Ali Yılmaz"]));
    expect(rows.find((r) => r.action === "booking.status" && r.user_label === "system")).toMatchObject({ user_id: null });
    expect(rows.find((r) => r.action === "booking.status" && r.user_label === "Ofis Ayşe")).toBeDefined();
    expect(driver.id).toBeTruthy();

    // closed: no more steps, and the sheet no longer shows the guest
    expect(await recordJobStep(db.kysely, token, "completed", null, at(b.pickup_date, DAY))).toMatchObject({ ok: false, code: "closed" });
    const sheet = (await getJob(`/job/${token}`)).body as { sheet: Record<string, unknown> };
    expect(sheet.sheet).toMatchObject({ closed: true, bookingStatus: "completed", passenger: null, flight: null, notes: "", steps: [] });
    expect(JSON.stringify(sheet)).not.toContain("Greta Gast");
    expect(JSON.stringify(sheet)).not.toContain("2345");
  });

  it("releases the driver and the car when the office cancels; the old job link says cancelled and shows nothing of the guest", async () => {
    const b = await booking(20);
    const { driver, link } = await withDriver(b, "Hasan Çelik");
    const cancelled = await changeBookingStatus(db.kysely, deps.mailer, { id: b.id, to: "cancelled", note: "Misafir vazgeçti", actor: office });
    expect(cancelled.ok).toBe(true);
    expect(await legs(b.id)).toEqual([]);

    // the job link: found, cancelled, read-only, no guest
    const page = await getJob(link);
    expect(page.status).toBe(200);
    const body = page.body as { found: boolean; sheet: Record<string, unknown> };
    expect(body.sheet).toMatchObject({ closed: true, bookingStatus: "cancelled", passenger: null, steps: [], signs: [] });
    expect(JSON.stringify(body)).not.toContain("Greta Gast");
    expect((await postStep(link, "on_way")).location).toBe(`${link}?refused=closed`);

    // the driver's trips and the board no longer have the driver on it
    const trips = await driverTrips(db.kysely, driver.id, SECRET, "tr", new Date(Date.parse(b.pickup_date) - 2 * DAY));
    expect([...trips.today, ...trips.upcoming, ...trips.past].map((t) => t.bookingId)).not.toContain(b.id);
    const { lanes } = await loadDispatchDay(db.kysely, boardDay(toBusinessParts(b.pickup_date).date)!);
    expect(lanes.flatMap((l) => l.legs).filter((l) => l.bookingId === b.id)).toEqual([]);

    // the driver and the car are free at that time for another booking
    const other = await createTestBooking(deps, { carId: b.carId, pickupAt: b.pickup_date });
    expect((await assignLeg(db.kysely, other.id, { leg: "outbound", driverId: driver.id }, { actor: office, secret: SECRET })).ok).toBe(true);

    // the release is in the history and the audit log, by the office
    const release = (await listBookingEvents(db.kysely, b.id)).at(-1)!;
    expect(release).toMatchObject({ to_status: "cancelled", by_label: "Ofis Ayşe", changes: { assignment: { leg: "outbound", driver: { from: "Hasan Çelik", to: null } } } });
    expect((await audit(b.id)).filter((r) => r.action === "booking.release").map((r) => r.user_label)).toEqual(["Ofis Ayşe"]);
  });

  it("releases the driver when the guest cancels; the private page offers no free cancellation afterwards", async () => {
    const b = await booking(15);
    await withDriver(b);
    const t = deps.translator("en");
    expect((await guestManageView(db.kysely, await row(b.id), t, "en")).policy).toContain("Free cancellation");
    expect(await guestCancel(deps, await row(b.id))).toEqual({ ok: true, changed: true });
    expect(await legs(b.id)).toEqual([]);
    const view = await guestManageView(db.kysely, await row(b.id), t, "en");
    expect(view.rights).toMatchObject({ cancelFree: false, closed: "cancelled" });
    expect(view.policy).toBeNull();
    expect(await guestCancel(deps, await row(b.id))).toMatchObject({ ok: false, problem: { code: "booking:lifecycle.refused.closed" } });
    const rows = await audit(b.id);
    expect(rows.find((r) => r.action === "booking.status" && JSON.parse(r.details).to === "cancelled")).toMatchObject({ user_label: "customer", user_id: null });
    expect(JSON.parse(rows.find((r) => r.action === "booking.status" && JSON.parse(r.details).to === "cancelled")!.details)).toMatchObject({ by: "guest" });
    expect(rows.filter((r) => r.action === "booking.release").map((r) => r.user_label)).toEqual(["customer"]);
  });

  it("refuses the guest's cancel from the cut-off's minute on, through the same machine", async () => {
    const b = await booking(10);
    const cutoff = Date.parse(b.pickup_date) - 24 * 3_600_000;
    expect(await guestCancel(deps, b, new Date(cutoff))).toMatchObject({ ok: false, problem: { code: "booking:manage.errors.cancelClosed" } });
    expect((await row(b.id)).status).toBe("confirmed");
    expect(await guestCancel(deps, b, new Date(cutoff - MINUTE))).toEqual({ ok: true, changed: true });
  });

  it("refuses the office's 'Tamamlandı yap' on a trip ahead from the admin page, saying why in the admin language", async () => {
    const b = await booking(25, "pending");
    const session = { id: "s", user: { id: "u", email: "ofis@example.com", name: "Ofis Ayşe", phone: "", role: "admin", partnerId: null }, expiresAt: "", remember: false, verified: true } as const;
    const form = new FormData();
    form.set("id", b.id);
    form.set("intent", "toggle");
    const refused = await runBookingAction(db.kysely, deps.mailer, session, form, "tr");
    expect(refused).toMatchObject({ ok: false, intent: "status", id: b.id });
    expect(refused.message).toMatch(/^Rezervasyon durumu güncellenirken bir hata oluştu\. Bu değişiklik için henüz erken: \d\d\.\d\d\.\d{4} 14:00 itibarıyla yapılabilir\.$/);
    const english = await runBookingAction(db.kysely, deps.mailer, session, form, "en");
    expect(english.message).toContain("Too early for this change: possible from");
    expect((await row(b.id)).status).toBe("pending");
  });

  describe("the API", () => {
    let token: string;
    let adminId: string;

    beforeAll(async () => {
      const admin = await createUser(db.kysely, { email: "lifecycle-admin@example.com", password: "secret-123", role: "admin", name: "Ofis Müdürü" });
      adminId = admin.id;
      token = (await createSession(db.kysely, admin.id, { remember: false })).token;
    });

    async function putStatus(id: string, body: Record<string, unknown>) {
      const params = { id };
      const request = new Request(`http://localhost/api/bookings/${id}/status`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const c = context();
      let result: unknown;
      await i18nextMiddleware({ request, context: c, params, unstable_pattern: "/api/bookings/:id/status" } as never, async () => {
        try {
          result = await statusRoute.action({ request, context: c, params } as never);
        } catch (thrown) {
          result = thrown;
        }
        return new Response();
      });
      const r = result as { init?: { status?: number }; data: { success: boolean; data?: Record<string, unknown>; error?: Record<string, unknown> } };
      return { status: r.init?.status ?? 200, body: r.data };
    }

    it("answers a refused status change with 409 and the machine's code, in Turkish, changing nothing", async () => {
      const b = await booking(30);
      const before = (await listBookingEvents(db.kysely, b.id)).length;
      const early = await putStatus(b.id, { status: "completed" });
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ success: false, error: { code: "conflict", reason: "admin:lifecycle.refused.too_early" } });
      expect(String(early.body.error!.message)).toMatch(/^Bu değişiklik için henüz erken: \d\d\.\d\d\.\d{4} 14:00 itibarıyla yapılabilir\.$/);
      expect((await row(b.id)).status).toBe("confirmed");
      expect(await listBookingEvents(db.kysely, b.id)).toHaveLength(before);

      expect((await putStatus(b.id, { status: "cancelled", note: "İptal" })).status).toBe(200);
      const closed = await putStatus(b.id, { status: "confirmed" });
      expect(closed.status).toBe(409);
      expect(closed.body.error).toMatchObject({ code: "conflict", reason: "admin:lifecycle.refused.closed" });
    });

    it("records the office's change with who did it, in the history and the audit log", async () => {
      const b = await booking(31, "pending");
      expect((await putStatus(b.id, { status: "confirmed" })).status).toBe(200);
      const event = (await listBookingEvents(db.kysely, b.id)).at(-1)!;
      expect(event).toMatchObject({ from_status: "pending", to_status: "confirmed", by_label: "Ofis Müdürü" });
      const stored = await db.kysely.selectFrom("booking_events").select(["by_user_id", "changes"]).where("id", "=", event.id).executeTakeFirstOrThrow();
      expect(stored.by_user_id).toBe(adminId);
      expect(readChanges(stored.changes)).toBeNull();
      const entry = (await audit(b.id)).find((r) => r.action === "booking.status" && r.user_id === adminId)!;
      expect(JSON.parse(entry.details)).toMatchObject({ from: "pending", to: "confirmed", by: "office" });
    });
  });
});
