/**
 * Partners' webhooks (issue 33, part 3): a partner's booking events are queued for its webhooks from
 * the booking outbox, signed, sent by the webhook outbox to a local receiver, retried with backoff,
 * logged and replayable; outgoing addresses are guarded; the API is the partner's own and admins'.
 * The worker is driven by hand (`deliverRound`) on a clock the test moves: no sleeps, no timings.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { bookingRowById } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { createPartnerApiKey } from "~/partners/api-keys.server";
import { createWebhookOutbox, MAX_WEBHOOK_ATTEMPTS, type WebhookOutbox } from "~/partners/webhook-outbox.server";
import { queuePartnerWebhooks } from "~/partners/webhook-queue.server";
import * as deliveriesRoute from "~/routes/api/partners.$id.webhooks.$webhook.deliveries";
import * as replayRoute from "~/routes/api/partners.$id.webhooks.$webhook.deliveries.$delivery.replay";
import * as hookRoute from "~/routes/api/partners.$id.webhooks.$webhook";
import * as hooksRoute from "~/routes/api/partners.$id.webhooks";
import * as statusRoute from "~/routes/api/bookings.$id.status";
import * as bookingRoute from "~/routes/api/bookings.$id";
import * as legRoute from "~/routes/api/bookings.$id.legs.$leg";
import { buildCar, createTestDriver, createTestPartner, createTestUser } from "../../db/seed/factories";
import { startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver";
import { callRoute, type ApiAnswer } from "../setup/api-call";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { silentLog, testAppContext } from "../setup/test-app";
import { tripDay } from "../setup/trip-date";

/** The partner's side: a small verifier of our signature, written from the documentation alone. */
function verifySignature(secret: string, headers: Record<string, string | string[] | undefined>, raw: string, nowSeconds: number): boolean {
  const timestamp = String(headers["x-webhook-timestamp"] ?? "");
  const signature = String(headers["x-webhook-signature"] ?? "");
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(`v1=${createHmac("sha256", secret).update(`${timestamp}.${raw}`).digest("hex")}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type Hook = { id: string; url: string; events: string[]; active: boolean; secret?: string; last_delivery: { status: string } | null };
type Delivery = { id: string; event: string; status: string; attempts: number; last_status_code: number | null; last_error: string | null; replay_of: string | null; booking_id: string };

describe.each(engines)("partner webhooks on %s", (engine) => {
  let db: TestDb;
  let receiver: WebhookReceiver;
  let outbox: WebhookOutbox;
  let now = Date.now();
  const tokens: Record<"admin" | "dispatcher" | "driver", string> = { admin: "", dispatcher: "", driver: "" };
  let carId = "";
  let day = 20;

  /** the API as a test's role calls it; `open`: the configuration that lets webhooks reach loopback */
  const call = <T>(handler: (args: never) => unknown, method: string, path: string, options: { body?: unknown; params?: Record<string, string>; as?: keyof typeof tokens | null; open?: boolean } = {}) =>
    callRoute<T>(handler, testAppContext(db, { env: { WEBHOOK_ALLOW_PRIVATE: options.open ?? true, SESSION_SECRET: "webhooks-test-session-secret-0123456789abcd", PUBLIC_URL: "http://localhost" } }), method, path, { ...options, token: options.as === null ? undefined : tokens[options.as ?? "admin"] });

  const addHook = async (partnerId: string, events: string[], path = "/hook") => {
    const made = await call<Hook>(hooksRoute.action, "POST", `/api/partners/${partnerId}/webhooks`, { params: { id: partnerId }, body: { url: `${receiver.url}${path}`, events, description: "Booking engine" } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data!;
  };

  /** a booking through POST /api/bookings, with the partner's key (or as a visitor), on a day of its own */
  const book = async (key?: string) => {
    day += 1;
    const headers: Record<string, string> = { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) };
    const body = {
      pickup_location: "Antalya Havalimanı (AYT)",
      pickup_place_id: "ayt-airport",
      dropoff_location: "Belek",
      pickup_date: `${tripDay(day)}T11:00:00+03:00`,
      passengers: 2,
      car_id: carId,
      full_name: "Hans Müller",
      email: "hans@example.com",
      phone: "+49 151 2345678",
      flight_number: "XQ 562",
    };
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com" }, clientIp: "10.33.0.2" });
    const response = await appRequestHandler()(new Request("http://localhost/api/bookings", { method: "POST", headers, body: JSON.stringify(body) }), context);
    const answer = (await response.json()) as ApiAnswer<{ id: string; reference: string }>["body"];
    expect(response.status, JSON.stringify(answer)).toBe(201);
    return answer.data!;
  };

  const deliveriesOf = (filter: { bookingId?: string; webhookId?: string }) => {
    let q = db.kysely.selectFrom("partner_webhook_deliveries").selectAll();
    if (filter.bookingId) q = q.where("booking_id", "=", filter.bookingId);
    if (filter.webhookId) q = q.where("webhook_id", "=", filter.webhookId);
    return q.orderBy("created_at").orderBy("event").execute();
  };
  const requestsFor = (deliveryId: string) => receiver.received.filter((r) => r.headers["x-webhook-id"] === deliveryId);
  const advance = (ms: number) => (now += ms);
  /** one round of the worker at the test's clock (never behind the real one: rows are queued at real time) */
  const deliver = (box: WebhookOutbox = outbox) => {
    now = Math.max(now, Date.now());
    return box.deliverRound(db.kysely);
  };

  beforeAll(async () => {
    db = await testDb(engine);
    for (const role of ["admin", "dispatcher", "driver"] as const) tokens[role] = (await createSession(db.kysely, (await createTestUser(db.kysely, { role, name: `The ${role}` })).id, { remember: false })).token;
    carId = (await createCar(db.kysely, buildCar({ name: `Webhook Vito ${engine}`, seats: 6 }))).id;
    receiver = await startWebhookReceiver();
    outbox = createWebhookOutbox({ policy: { allowPrivate: true, requireHttps: false }, log: silentLog, timeoutMs: 400, clock: () => now });
  });
  afterAll(async () => {
    await receiver.close();
    await db.destroy();
  });
  beforeEach(async () => {
    receiver.mode = "ok";
    receiver.script = [];
    // what an earlier case left due is sent first: each case counts its own rounds
    await deliver();
  });

  it("a partner's booking is queued as booking.created and delivered, signed; the partner's verifier accepts it and refuses a tampered body", async () => {
    const partner = await createTestPartner(db.kysely, { name: "Signed Hotel", commissionPercent: 12.5 });
    const hook = await addHook(partner.id, ["booking.created", "booking.confirmed", "booking.cancelled"]);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const { key } = (await createPartnerApiKey(db.kysely, partner.id, "Engine", { id: null, label: "test" }))!;
    const booking = await book(key);

    const queued = await deliveriesOf({ bookingId: booking.id });
    expect(queued.map((d) => [d.event, d.status, d.attempts])).toEqual([["booking.created", "pending", 0]]);
    expect(await deliver()).toEqual({ claimed: 1, delivered: 1 });

    const [request] = requestsFor(queued[0]!.id);
    expect(request).toBeDefined();
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["x-webhook-event"]).toBe("booking.created");
    expect(request!.raw).toBe(queued[0]!.payload);
    expect(verifySignature(hook.secret!, request!.headers, request!.raw, Math.floor(now / 1000))).toBe(true);
    expect(verifySignature(hook.secret!, request!.headers, request!.raw.replace("Hans", "Hanz"), Math.floor(now / 1000))).toBe(false);
    expect(verifySignature("whsec_someone-else", request!.headers, request!.raw, Math.floor(now / 1000))).toBe(false);
    // an old timestamp is refused by the verifier (a replayed capture)
    expect(verifySignature(hook.secret!, request!.headers, request!.raw, Math.floor(now / 1000) + 301)).toBe(false);

    const body = JSON.parse(request!.raw) as { id: string; type: string; created_at: string; data: { booking: Record<string, unknown> } };
    expect(body).toMatchObject({ type: "booking.created", id: expect.stringMatching(/^evt_[0-9a-f]{32}$/) });
    expect(body.data.booking).toMatchObject({ id: booking.id, reference: booking.reference, status: "pending", channel: "partner", passengers: 2, partner: { id: partner.id } });
    expect(typeof body.data.booking.total_price).toBe("number");
    // never the guest's private link
    const stored = (await bookingRowById(db.kysely, booking.id))!;
    expect(request!.raw).not.toContain("my-booking");
    for (const secret of [stored.link_nonce, stored.link_token_hash, stored.access_token_hash]) if (secret) expect(request!.raw).not.toContain(secret);

    const [after] = await deliveriesOf({ bookingId: booking.id });
    expect(after).toMatchObject({ status: "delivered", attempts: 1, last_status_code: 200, last_error: null });
    expect(after!.last_duration_ms).toBeGreaterThanOrEqual(0);
    // delivered is never sent again
    expect(await deliver()).toEqual({ claimed: 0, delivered: 0 });
    expect(requestsFor(queued[0]!.id)).toHaveLength(1);

    // the office confirms and cancels it: the subscribed events follow, each once
    const params = { id: booking.id };
    expect((await call(statusRoute.action, "PUT", `/api/bookings/${booking.id}/status`, { params, body: { status: "confirmed" } })).status).toBe(200);
    expect((await call(statusRoute.action, "PUT", `/api/bookings/${booking.id}/status`, { params, body: { status: "cancelled", note: "The guest called" } })).status).toBe(200);
    await deliver();
    const events = (await deliveriesOf({ bookingId: booking.id })).map((d) => [d.event, d.status]);
    expect(events).toEqual(expect.arrayContaining([["booking.confirmed", "delivered"], ["booking.cancelled", "delivered"]]));
    expect(events).toHaveLength(3);
    // the list shows the last delivery's status
    const listed = await call<Hook[]>(hooksRoute.loader, "GET", `/api/partners/${partner.id}/webhooks`, { params: { id: partner.id } });
    expect(listed.body.data).toEqual([expect.objectContaining({ id: hook.id, last_delivery: expect.objectContaining({ status: "delivered" }) })]);
    expect(JSON.stringify(listed.body)).not.toContain(hook.secret!);
  });

  it("an endpoint failing twice (500) then answering: one delivery, delivered at the third attempt, three requests of which one got a 2xx; retried only when due", async () => {
    const partner = await createTestPartner(db.kysely, { name: "Flaky Agency", kind: "agency" });
    await addHook(partner.id, ["booking.created"], "/flaky");
    const { key } = (await createPartnerApiKey(db.kysely, partner.id, "Engine", { id: null, label: "test" }))!;
    receiver.script = ["500", "500"];
    const booking = await book(key);
    const [row] = await deliveriesOf({ bookingId: booking.id });

    expect(await deliver()).toEqual({ claimed: 1, delivered: 0 });
    expect((await deliveriesOf({ bookingId: booking.id }))[0]).toMatchObject({ status: "pending", attempts: 1, last_status_code: 500, last_error: "HTTP 500: receiver is down" });
    // not due yet (30 s backoff)
    expect((await deliver()).claimed).toBe(0);
    advance(31_000);
    expect(await deliver()).toEqual({ claimed: 1, delivered: 0 });
    advance(60_000);
    expect((await deliver()).claimed).toBe(0); // 2 min after the second failure
    advance(61_000);
    expect(await deliver()).toEqual({ claimed: 1, delivered: 1 });
    advance(24 * 3_600_000);
    expect((await deliver()).claimed).toBe(0);

    const rows = await deliveriesOf({ bookingId: booking.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: row!.id, status: "delivered", attempts: 3, last_status_code: 200, last_error: null });
    expect(requestsFor(row!.id).map((r) => r.answeredWith)).toEqual(["500", "500", "ok"]);
    // the same event id in every attempt's body
    expect(new Set(requestsFor(row!.id).map((r) => r.raw)).size).toBe(1);
  });

  it("a hanging endpoint is cut off after the timeout and retried; a redirect is not followed; after the last attempt the delivery fails for good", async () => {
    const partner = await createTestPartner(db.kysely, { name: "Slow Operator", kind: "tour_operator" });
    await addHook(partner.id, ["booking.created"], "/slow");
    const { key } = (await createPartnerApiKey(db.kysely, partner.id, "Engine", { id: null, label: "test" }))!;
    receiver.script = ["hang", "redirect"];
    const booking = await book(key);
    const [row] = await deliveriesOf({ bookingId: booking.id });
    expect(await deliver()).toEqual({ claimed: 1, delivered: 0 });
    expect((await deliveriesOf({ bookingId: booking.id }))[0]).toMatchObject({ status: "pending", attempts: 1, last_status_code: null, last_error: "no answer within 400 ms" });
    advance(31_000);
    expect(await deliver()).toEqual({ claimed: 1, delivered: 0 });
    expect((await deliveriesOf({ bookingId: booking.id }))[0]).toMatchObject({ attempts: 2, last_status_code: 302 });
    expect(receiver.received.some((r) => r.path === "/elsewhere")).toBe(false);

    // down for good: bounded attempts, then failed with its last error, never sent again
    receiver.mode = "500";
    for (let i = 0; i < MAX_WEBHOOK_ATTEMPTS; i++) {
      advance(25 * 3_600_000);
      await deliver();
    }
    const [failed] = await deliveriesOf({ bookingId: booking.id });
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_WEBHOOK_ATTEMPTS, last_status_code: 500 });
    expect(requestsFor(row!.id)).toHaveLength(MAX_WEBHOOK_ATTEMPTS);
  });

  it("queues only what a webhook hears, only for its own partner's bookings, nothing for the site's, and an event handled twice once", async () => {
    const partner = await createTestPartner(db.kysely, { name: "Choosy Hotel" });
    const other = await createTestPartner(db.kysely, { name: "Other Hotel" });
    const createdOnly = await addHook(partner.id, ["booking.created"], "/created-only");
    const confirmedOnly = await addHook(partner.id, ["booking.confirmed"], "/confirmed-only");
    const othersHook = await addHook(other.id, [...["booking.created", "booking.confirmed", "booking.changed", "booking.cancelled"]], "/other");
    const { key } = (await createPartnerApiKey(db.kysely, partner.id, "Engine", { id: null, label: "test" }))!;
    const booking = await book(key);
    await call(statusRoute.action, "PUT", `/api/bookings/${booking.id}/status`, { params: { id: booking.id }, body: { status: "confirmed" } });

    expect((await deliveriesOf({ webhookId: createdOnly.id })).map((d) => d.event)).toEqual(["booking.created"]);
    expect((await deliveriesOf({ webhookId: confirmedOnly.id })).map((d) => d.event)).toEqual(["booking.confirmed"]);
    expect(await deliveriesOf({ webhookId: othersHook.id })).toEqual([]);

    // a booking of the site's own: no partner, nothing queued
    const site = await book();
    expect(await deliveriesOf({ bookingId: site.id })).toEqual([]);

    // the same outbox event handled again (a worker that died before marking it done): nothing more
    const row = (await bookingRowById(db.kysely, booking.id))!;
    expect(await queuePartnerWebhooks(db.kysely, row, { kind: "created", guest: "received" })).toBe(0);
    expect(await deliveriesOf({ webhookId: createdOnly.id })).toHaveLength(1);

    // a webhook switched off hears nothing; switched on again, it does
    const off = await call<Hook>(hookRoute.action, "PATCH", `/api/partners/${partner.id}/webhooks/${createdOnly.id}`, { params: { id: partner.id, webhook: createdOnly.id }, body: { active: false } });
    expect(off.body.data).toMatchObject({ active: false });
    const second = await book(key);
    expect(await deliveriesOf({ bookingId: second.id })).toEqual([]);
    await deliver();
    expect(receiver.received.filter((r) => r.path === "/other")).toEqual([]);
  });

  it("a driver put on the leg is booking.driver_assigned, with the driver and the car", async () => {
    const partner = await createTestPartner(db.kysely, { name: "Driver Hotel" });
    const hook = await addHook(partner.id, ["booking.driver_assigned"], "/driver");
    const { key } = (await createPartnerApiKey(db.kysely, partner.id, "Engine", { id: null, label: "test" }))!;
    const booking = await book(key);
    await call(statusRoute.action, "PUT", `/api/bookings/${booking.id}/status`, { params: { id: booking.id }, body: { status: "confirmed" } });
    const driver = await createTestDriver(db.kysely, { name: "Mehmet Yılmaz" });
    const assigned = await call(legRoute.action, "PUT", `/api/bookings/${booking.id}/legs/outbound`, { params: { id: booking.id, leg: "outbound" }, body: { driverId: driver.id } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    await deliver();
    const [row] = await deliveriesOf({ webhookId: hook.id });
    expect(row).toMatchObject({ event: "booking.driver_assigned", status: "delivered" });
    const body = JSON.parse(requestsFor(row!.id)[0]!.raw) as { type: string; data: { booking: { status: string }; leg: { leg: string; driver: { name: string }; car: { make: string } | null } } };
    expect(body.type).toBe("booking.driver_assigned");
    expect(body.data.booking.status).toBe("confirmed");
    expect(body.data.leg).toMatchObject({ leg: "outbound", unit: 1, driver: { name: "Mehmet Yılmaz" } });
    expect(body.data.leg.car).not.toBeNull();
  });

  it("an office's change is booking.changed with what changed, and a cancellation booking.cancelled", async () => {
    const partner = await createTestPartner(db.kysely, { name: "Change Hotel" });
    const hook = await addHook(partner.id, ["booking.changed", "booking.cancelled"], "/changes");
    const { key } = (await createPartnerApiKey(db.kysely, partner.id, "Engine", { id: null, label: "test" }))!;
    const booking = await book(key);
    const edited = await call(bookingRoute.action, "PATCH", `/api/bookings/${booking.id}`, { params: { id: booking.id }, body: { notes: "Spät am Abend, bitte Schild mit Namen" } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const cancelled = await call(statusRoute.action, "PUT", `/api/bookings/${booking.id}/status`, { params: { id: booking.id }, body: { status: "cancelled", note: "Der Gast reist nicht an" } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await deliver();
    const rows = await deliveriesOf({ webhookId: hook.id });
    expect(rows.map((r) => [r.event, r.status]).sort()).toEqual([
      ["booking.cancelled", "delivered"],
      ["booking.changed", "delivered"],
    ]);
    const changed = JSON.parse(requestsFor(rows.find((r) => r.event === "booking.changed")!.id)[0]!.raw) as { data: { changes: Array<{ field: string; to: unknown }> } };
    expect(changed.data.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: "notes", to: "Spät am Abend, bitte Schild mit Namen" })]));
    const gone = JSON.parse(requestsFor(rows.find((r) => r.event === "booking.cancelled")!.id)[0]!.raw) as { data: { booking: { status: string }; status_change: { to: string } } };
    expect(gone.data.status_change.to).toBe("cancelled");
    expect(gone.data.booking.status).toBe("cancelled");
  });

  it("replay sends the same body again as a new delivery and leaves the first as it was", async () => {
    const partner = await createTestPartner(db.kysely, { name: "Replay Agency", kind: "agency" });
    const hook = await addHook(partner.id, ["booking.created"], "/replay");
    const { key } = (await createPartnerApiKey(db.kysely, partner.id, "Engine", { id: null, label: "test" }))!;
    const booking = await book(key);
    await deliver();
    const [first] = await deliveriesOf({ bookingId: booking.id });
    expect(first).toMatchObject({ status: "delivered", attempts: 1 });

    const params = { id: partner.id, webhook: hook.id, delivery: first!.id };
    const replayed = await call<Delivery>(replayRoute.action, "POST", `/api/partners/${partner.id}/webhooks/${hook.id}/deliveries/${first!.id}/replay`, { params });
    expect(replayed.status).toBe(202);
    expect(replayed.body.data).toMatchObject({ status: "pending", replay_of: first!.id, event: "booking.created", attempts: 0 });
    expect(await deliver()).toEqual({ claimed: 1, delivered: 1 });

    const again = requestsFor(replayed.body.data!.id);
    expect(again).toHaveLength(1);
    expect(again[0]!.raw).toBe(requestsFor(first!.id)[0]!.raw);
    expect(verifySignature(hook.secret!, again[0]!.headers, again[0]!.raw, Math.floor(now / 1000))).toBe(true);
    const stillFirst = (await deliveriesOf({ bookingId: booking.id })).find((d) => d.id === first!.id);
    expect(stillFirst).toMatchObject({ status: "delivered", attempts: 1, delivered_at: first!.delivered_at });
    expect(requestsFor(first!.id)).toHaveLength(1);

    // the log: newest first, filtered by status, paged
    const log = await call<Delivery[]>(deliveriesRoute.loader, "GET", `/api/partners/${partner.id}/webhooks/${hook.id}/deliveries?status=delivered&limit=1`, { params: { id: partner.id, webhook: hook.id } });
    expect(log.status).toBe(200);
    expect(log.body.data!.map((d) => d.id)).toEqual([replayed.body.data!.id]);
    expect((log.body as unknown as { pagination: { total: number } }).pagination.total).toBe(2);
    // a second replay gets a key of its own
    expect((await call(replayRoute.action, "POST", "/x", { params })).status).toBe(202);
    expect(await deliveriesOf({ bookingId: booking.id })).toHaveLength(3);
  });

  it("refuses loopback, private and link-local addresses (and names resolving to them) unless configured, at registration and at delivery", async () => {
    const partner = await createTestPartner(db.kysely, { name: "Guarded Hotel" });
    const params = { id: partner.id };
    for (const url of ["http://127.0.0.1:9/hook", "http://10.0.0.1/hook", "http://[::1]:9/hook", "http://169.254.169.254/latest/meta-data", "http://localhost:9/hook"]) {
      const refused = await call(hooksRoute.action, "POST", `/api/partners/${partner.id}/webhooks`, { params, open: false, body: { url, events: ["booking.created"] } });
      expect({ url, status: refused.status, codes: refused.body.error?.fieldCodes }).toEqual({ url, status: 400, codes: { url: ["admin:partners.webhooks.messages.urlBlocked"] } });
    }
    // link-local never passes, even when private addresses are allowed
    const metadata = await call(hooksRoute.action, "POST", `/api/partners/${partner.id}/webhooks`, { params, body: { url: "http://169.254.169.254/", events: ["booking.created"] } });
    expect(metadata.body.error?.fieldCodes).toEqual({ url: ["admin:partners.webhooks.messages.urlBlocked"] });
    expect(await db.kysely.selectFrom("partner_webhooks").select("id").where("partner_id", "=", partner.id).execute()).toEqual([]);

    // registered while allowed, delivered by a server that does not allow it: refused, nothing sent
    await addHook(partner.id, ["booking.created"], "/guarded");
    const { key } = (await createPartnerApiKey(db.kysely, partner.id, "Engine", { id: null, label: "test" }))!;
    const booking = await book(key);
    const strict = createWebhookOutbox({ policy: { allowPrivate: false, requireHttps: false }, log: silentLog, timeoutMs: 400, clock: () => now });
    await deliver(strict);
    const [row] = await deliveriesOf({ bookingId: booking.id });
    expect(row).toMatchObject({ status: "pending", attempts: 1, last_error: "address refused: blocked_address" });
    expect(requestsFor(row!.id)).toEqual([]);
  });

  it("the API: the secret once in the answer, problems by field, another partner's webhook not found, only admins", async () => {
    const partner = await createTestPartner(db.kysely, { name: "API Hotel" });
    const stranger = await createTestPartner(db.kysely, { name: "Stranger Hotel" });
    const path = `/api/partners/${partner.id}/webhooks`;
    const params = { id: partner.id };
    const bad = async (body: unknown) => (await call(hooksRoute.action, "POST", path, { params, body })).body.error?.fieldCodes;
    expect(await bad({ events: ["booking.created"] })).toEqual({ url: ["admin:partners.webhooks.messages.urlRequired"] });
    expect(await bad({ url: `${receiver.url}/x`, events: [] })).toEqual({ events: ["admin:partners.webhooks.messages.eventsRequired"] });
    expect(await bad({ url: `${receiver.url}/x`, events: ["booking.exploded"] })).toEqual({ events: ["admin:partners.webhooks.messages.eventInvalid"] });
    expect(await bad({ url: 42, events: ["booking.created"], active: "yes" })).toEqual({ url: ["admin:partners.webhooks.messages.fieldType"], active: ["admin:partners.webhooks.messages.activeInvalid"] });
    expect(await bad({ url: "ftp://example.com/x", events: ["booking.created"] })).toEqual({ url: ["admin:partners.webhooks.messages.urlScheme"] });
    const invalid = await call(hooksRoute.action, "POST", path, { params, body: { events: ["booking.created"] } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ code: "validation_failed", reason: "admin:partners.webhooks.messages.saveFailed", fields: { url: ["Adres zorunludur."] } });
    expect((await call(hooksRoute.action, "POST", path, { params, body: "[1,2" })).status).toBe(400);

    const hook = await addHook(partner.id, ["booking.created", "booking.step"]);
    const ids = { id: stranger.id, webhook: hook.id };
    // through another partner's path: not found, and nothing changed
    expect((await call(hookRoute.action, "PATCH", `/api/partners/${stranger.id}/webhooks/${hook.id}`, { params: ids, body: { active: false } })).status).toBe(404);
    expect((await call(hookRoute.action, "DELETE", `/api/partners/${stranger.id}/webhooks/${hook.id}`, { params: ids })).status).toBe(404);
    expect((await call(deliveriesRoute.loader, "GET", `/api/partners/${stranger.id}/webhooks/${hook.id}/deliveries`, { params: ids })).status).toBe(404);
    expect((await call(replayRoute.action, "POST", "/x", { params: { ...ids, delivery: hook.id } })).status).toBe(404);
    expect((await call(hooksRoute.loader, "GET", `/api/partners/${stranger.id}/webhooks`, { params: { id: stranger.id } })).body.data).toEqual([]);
    expect((await call(hooksRoute.loader, "GET", "/api/partners/00000000-0000-4000-8000-000000000000/webhooks", { params: { id: "00000000-0000-4000-8000-000000000000" } })).status).toBe(404);

    // PATCH changes what is sent; a new URL is checked again
    const patched = await call<Hook>(hookRoute.action, "PATCH", `${path}/${hook.id}`, { params: { id: partner.id, webhook: hook.id }, body: { events: ["booking.cancelled"] } });
    expect(patched.body.data).toMatchObject({ events: ["booking.cancelled"], url: hook.url, active: true });
    const moved = await call(hookRoute.action, "PATCH", `${path}/${hook.id}`, { params: { id: partner.id, webhook: hook.id }, open: false, body: { url: "http://10.1.1.1/x" } });
    expect(moved.body.error?.fieldCodes).toEqual({ url: ["admin:partners.webhooks.messages.urlBlocked"] });

    // dispatchers and drivers are refused, strangers are not signed in
    for (const as of ["dispatcher", "driver"] as const) {
      expect((await call(hooksRoute.loader, "GET", path, { params, as })).status).toBe(403);
      expect((await call(hooksRoute.action, "POST", path, { params, as, body: { url: `${receiver.url}/x`, events: ["booking.created"] } })).status).toBe(403);
      expect((await call(hookRoute.action, "DELETE", `${path}/${hook.id}`, { params: { id: partner.id, webhook: hook.id }, as })).status).toBe(403);
    }
    expect((await call(hooksRoute.loader, "GET", path, { params, as: null })).status).toBe(401);

    // DELETE: gone from the list, audited with the rest
    expect((await call(hookRoute.action, "DELETE", `${path}/${hook.id}`, { params: { id: partner.id, webhook: hook.id } })).status).toBe(200);
    expect((await call<Hook[]>(hooksRoute.loader, "GET", path, { params })).body.data).toEqual([]);
    const audit = await db.kysely.selectFrom("audit_log").select("action").where("entity_id", "=", partner.id).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["partner.webhook.create", "partner.webhook.update", "partner.webhook.delete"]));
  });

  it("the office's page: add a webhook without JavaScript (the secret shown once), its log with 'Yeniden gönder'; a dispatcher reads without forms", async () => {
    const SESSION_SECRET = "webhooks-test-session-secret-0123456789abcd";
    const partner = await createTestPartner(db.kysely, { name: "Page Hotel" });
    const handler = appRequestHandler();
    const users = { admin: await createTestUser(db.kysely, { role: "admin" }), dispatcher: await createTestUser(db.kysely, { role: "dispatcher" }) };
    const send = async (role: keyof typeof users, method: string, path: string, form?: Record<string, string | string[]>) => {
      const { token } = await createSession(db.kysely, users[role].id, { remember: false });
      const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}` };
      let body: string | undefined;
      if (form) {
        headers["content-type"] = "application/x-www-form-urlencoded";
        const search = new URLSearchParams();
        for (const [k, v] of Object.entries(form)) for (const value of [v].flat()) search.append(k, value);
        body = search.toString();
      }
      const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET, WEBHOOK_ALLOW_PRIVATE: true } });
      const response = await handler(new Request(`http://localhost${path}`, { method, headers, body }), context);
      return { status: response.status, location: response.headers.get("location"), text: await response.text() };
    };
    const page = `/admin/partners/${partner.id}/webhooks`;
    const empty = await send("admin", "GET", page);
    expect(empty.status).toBe(200);
    expect(empty.text).toContain("Henüz webhook yok");

    const refused = await send("admin", "POST", page, { intent: "create", url: "http://169.254.169.254/", description: "Kurulum", events: [] });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Webhook kaydedilemedi");
    expect(refused.text).toContain("En az bir olay seçiniz.");
    expect(refused.text).toContain('value="Kurulum"');

    const made = await send("admin", "POST", page, { intent: "create", url: `${receiver.url}/page`, description: "Kurulum", events: ["booking.created", "booking.cancelled"] });
    expect(made.status).toBe(201);
    const secret = /whsec_[A-Za-z0-9_-]{32}/.exec(made.text)?.[0];
    expect(secret).toBeDefined();
    const hook = (await db.kysely.selectFrom("partner_webhooks").select(["id", "secret"]).where("partner_id", "=", partner.id).executeTakeFirstOrThrow());
    expect(hook.secret).toBe(secret);

    const { key } = (await createPartnerApiKey(db.kysely, partner.id, "Engine", { id: null, label: "test" }))!;
    await book(key);
    receiver.mode = "500";
    await deliver();
    const listed = await send("admin", "GET", page);
    expect(listed.text).toContain(`${receiver.url}/page`);
    expect(listed.text).not.toContain(secret!);
    expect(listed.text).toContain("Rezervasyon oluşturuldu");
    expect(listed.text).toContain("HTTP 500: receiver is down");
    expect(listed.text).toContain("Yeniden gönder");
    const delivery = (await deliveriesOf({ webhookId: hook.id }))[0]!;
    const replayed = await send("admin", "POST", page, { intent: "replay", webhook: hook.id, delivery: delivery.id });
    expect(replayed).toMatchObject({ status: 302, location: `${page}?webhook=${hook.id}&done=replayed` });
    expect(await deliveriesOf({ webhookId: hook.id })).toHaveLength(2);

    const shown = await send("admin", "POST", page, { intent: "secret", webhook: hook.id });
    expect(shown.text).toContain(secret!);
    const disabled = await send("admin", "POST", page, { intent: "toggle", webhook: hook.id, active: "0" });
    expect(disabled).toMatchObject({ status: 302, location: `${page}?webhook=${hook.id}&done=disabled` });

    const read = await send("dispatcher", "GET", page);
    expect(read.status).toBe(200);
    expect(read.text).toContain(`${receiver.url}/page`);
    expect(read.text).not.toContain("Yeniden gönder");
    expect(read.text).not.toContain('id="webhook-form"');
    expect((await send("dispatcher", "POST", page, { intent: "secret", webhook: hook.id })).status).toBe(403);
    expect((await send("admin", "GET", `/admin/partners/${partner.id}`)).text).toContain(page);
  });
});
