/**
 * Partners (issue 33, first step): the office creates and changes hotels, agencies, tour operators
 * and resellers through /api/partners and the back office's form (one write path, audited); the
 * codes are unique in any case; the demo seed adds a hotel and an agency once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { listAuditLog } from "~/audit/audit-log.server";
import { listPartners, partnerByCode } from "~/partners/partners.server";
import { getBooking } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import * as keyRoute from "~/routes/api/partners.$id.api-keys.$key";
import * as keysRoute from "~/routes/api/partners.$id.api-keys";
import * as partnerRoute from "~/routes/api/partners.$id";
import * as partnersRoute from "~/routes/api/partners";
import { buildCar, createTestPartner, createTestUser } from "../../db/seed/factories";
import { seedPartners, SEED_PARTNERS } from "../../db/seed";
import { callRoute, type ApiAnswer } from "../setup/api-call";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";
import { tripDay } from "../setup/trip-date";

type PartnerBody = {
  id: string;
  code: string;
  name: string;
  kind: string;
  contact_name: string;
  email: string;
  phone: string;
  language: string;
  commission_percent: number;
  credit_terms: string;
  active: boolean;
};

describe.each(engines)("partners on %s", (engine) => {
  let db: TestDb;
  const tokens: Record<"admin" | "dispatcher" | "driver", string> = { admin: "", dispatcher: "", driver: "" };
  const userIds: Record<string, string> = {};

  const call = <T = PartnerBody>(handler: (args: never) => unknown, method: string, path: string, options: { body?: unknown; as?: keyof typeof tokens | null; params?: Record<string, string>; headers?: Record<string, string> } = {}) =>
    callRoute<T>(handler, testAppContext(db), method, path, { ...options, token: options.as === null ? undefined : tokens[options.as ?? "admin"] });

  beforeAll(async () => {
    db = await testDb(engine);
    for (const role of ["admin", "dispatcher", "driver"] as const) {
      const user = await createTestUser(db.kysely, { role, name: `The ${role}` });
      userIds[role] = user.id;
      tokens[role] = (await createSession(db.kysely, user.id, { remember: false })).token;
    }
  });
  afterAll(() => db.destroy());

  it("POST /api/partners: an admin adds a hotel with its commission; the answer is the partner in the API's words, audited", async () => {
    const made = await call(partnersRoute.action, "POST", "/api/partners", {
      body: { name: "  Akra   Kemer  ", code: "akra-kemer", kind: "hotel", commission_percent: 12.5, contact_name: "Selin Aydın", phone: "0242 555 12 34", email: "Desk@Akra.example" },
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      name: "Akra Kemer",
      code: "AKRA-KEMER",
      kind: "hotel",
      commission_percent: 12.5,
      credit_terms: "guest_pays",
      language: "en",
      active: true,
      phone: "+90 242 555 12 34",
      email: "desk@akra.example",
      contact_name: "Selin Aydın",
    });
    const audit = await listAuditLog(db.kysely, { entity: "partner" });
    expect(audit.entries.find((r) => r.entityId === made.body.data!.id)).toMatchObject({ action: "partner.create", userLabel: "The admin", href: `/admin/partners/${made.body.data!.id}` });
    // stored in basis points, read back the same
    expect((await partnerByCode(db.kysely, "akra-kemer"))?.commissionPercent).toBe(12.5);
  });

  it("refuses bad fields by name, with the catalogue's codes, and keeps the codes unique in any case", async () => {
    const bad = await call(partnersRoute.action, "POST", "/api/partners", {
      body: { name: "", code: "a!", kind: "spa", commission_percent: 60, credit_terms: "later", email: "nope", language: "fr" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe("validation_failed");
    expect(bad.body.error?.fieldCodes).toMatchObject({
      name: ["admin:partners.messages.nameRequired"],
      code: ["admin:partners.messages.codeInvalid"],
      kind: ["admin:partners.messages.kindInvalid"],
      commission_percent: ["admin:partners.messages.commissionInvalid"],
      credit_terms: ["admin:partners.messages.creditTermsInvalid"],
      email: ["admin:partners.messages.emailInvalid"],
      language: ["admin:partners.messages.languageInvalid"],
    });
    // Turkish text for every field, from the catalogue
    expect(bad.body.error?.fields?.commission_percent?.[0]).toMatch(/Komisyon 0 ile %50/);
    // a wrong type is named, not guessed at: "12,5" as a string and a numeric name
    const types = await call(partnersRoute.action, "POST", "/api/partners", { body: { name: 7, code: "TYPES", kind: "hotel", commission_percent: "12,5", active: "yes" } });
    expect(types.body.error?.fieldCodes).toEqual({
      name: ["admin:partners.messages.fieldType"],
      commission_percent: ["admin:partners.messages.fieldType"],
      active: ["admin:partners.messages.activeInvalid"],
    });
    // three decimals is not a commission
    const precise = await call(partnersRoute.action, "POST", "/api/partners", { body: { name: "Precise", code: "PRECISE", kind: "agency", commission_percent: 12.345 } });
    expect(precise.body.error?.fieldCodes).toEqual({ commission_percent: ["admin:partners.messages.commissionInvalid"] });
    const taken = await call(partnersRoute.action, "POST", "/api/partners", { body: { name: "Another Akra", code: "Akra-Kemer", kind: "agency" } });
    expect(taken.status).toBe(400);
    expect(taken.body.error?.fieldCodes).toEqual({ code: ["admin:partners.messages.codeTaken"] });
    const notJson = await call(partnersRoute.action, "POST", "/api/partners", { body: "{not json" });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error?.code).toBe("bad_request");
  });

  it("replays a POST under its Idempotency-Key and refuses the key with another body", async () => {
    const headers = { "Idempotency-Key": `partner-${engine}-1` };
    const body = { name: "Side Travel", code: "SIDETRAVEL", kind: "agency", commission_percent: 15, credit_terms: "monthly_invoice", language: "de" };
    const first = await call(partnersRoute.action, "POST", "/api/partners", { body, headers });
    const again = await call(partnersRoute.action, "POST", "/api/partners", { body: { ...body }, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.data?.id).toBe(first.body.data?.id);
    const other = await call(partnersRoute.action, "POST", "/api/partners", { body: { ...body, commission_percent: 20 }, headers });
    expect(other.status).toBe(422);
    expect(other.body.error?.code).toBe("idempotency_mismatch");
    expect((await listPartners(db.kysely, { q: "side travel" })).length).toBe(1);
  });

  it("lists by name with a search and a kind filter; the dispatcher reads, only an admin writes; a driver and a stranger get nothing", async () => {
    await createTestPartner(db.kysely, { name: "Öztürk Turizm", code: "OZTURK", kind: "agency", phone: "0532 111 22 33" });
    const all = await call<PartnerBody[]>(partnersRoute.loader, "GET", "/api/partners", { as: "dispatcher" });
    expect(all.status).toBe(200);
    const names = all.body.data!.map((p) => p.name);
    // in the Turkish office's order: Ö after O, not after Z
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "tr")));
    expect(names.indexOf("Öztürk Turizm")).toBeLessThan(names.indexOf("Side Travel"));
    // Turkish letters folded; a phone by its digits in any form
    expect((await call<PartnerBody[]>(partnersRoute.loader, "GET", "/api/partners?q=ozturk")).body.data!.map((p) => p.code)).toEqual(["OZTURK"]);
    expect((await call<PartnerBody[]>(partnersRoute.loader, "GET", "/api/partners?q=05321112233")).body.data!.map((p) => p.code)).toEqual(["OZTURK"]);
    const hotels = await call<PartnerBody[]>(partnersRoute.loader, "GET", "/api/partners?kind=hotel");
    expect(hotels.body.data!.every((p) => p.kind === "hotel")).toBe(true);
    expect(hotels.body.data!.some((p) => p.code === "AKRA-KEMER")).toBe(true);

    const refused = await call(partnersRoute.action, "POST", "/api/partners", { as: "dispatcher", body: { name: "Nope", code: "NOPE", kind: "hotel" } });
    expect(refused.status).toBe(403);
    expect((await call(partnersRoute.loader, "GET", "/api/partners", { as: "driver" })).status).toBe(403);
    expect((await call(partnersRoute.loader, "GET", "/api/partners", { as: null })).status).toBe(401);
    expect(await partnerByCode(db.kysely, "NOPE")).toBeUndefined();
  });

  it("PATCH /api/partners/{id}: changes what is sent, keeps the rest, deactivates instead of deleting; 404 for an unknown id", async () => {
    const partner = await createTestPartner(db.kysely, { name: "Lara Family Club", code: "LARAFAM", commissionPercent: 8 });
    const changed = await call(partnerRoute.action, "PATCH", `/api/partners/${partner.id}`, { params: { id: partner.id }, body: { commission_percent: 11, active: false, email: null } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name: "Lara Family Club", code: "LARAFAM", commission_percent: 11, active: false, email: "" });
    const read = await call(partnerRoute.loader, "GET", `/api/partners/${partner.id}`, { as: "dispatcher", params: { id: partner.id } });
    expect(read.body.data).toMatchObject({ commission_percent: 11, active: false });
    const audit = await listAuditLog(db.kysely, { entity: "partner" });
    const entry = audit.entries.find((r) => r.entityId === partner.id && r.action === "partner.update");
    expect(entry!.details).toMatchObject({ changed: { commissionBp: { from: 800, to: 1100 }, active: { from: true, to: false } } });
    expect((await listPartners(db.kysely, { active: true })).some((p) => p.id === partner.id)).toBe(false);

    const taken = await call(partnerRoute.action, "PATCH", `/api/partners/${partner.id}`, { params: { id: partner.id }, body: { code: "ozturk" } });
    expect(taken.body.error?.fieldCodes).toEqual({ code: ["admin:partners.messages.codeTaken"] });
    const missing = await call(partnerRoute.action, "PATCH", "/api/partners/00000000-0000-4000-8000-000000000000", { params: { id: "00000000-0000-4000-8000-000000000000" }, body: { name: "x" } });
    expect(missing.status).toBe(404);
    const dispatcher = await call(partnerRoute.action, "PATCH", `/api/partners/${partner.id}`, { as: "dispatcher", params: { id: partner.id }, body: { commission_percent: 50 } });
    expect(dispatcher.status).toBe(403);
    const deleted = await call(partnerRoute.action, "DELETE", `/api/partners/${partner.id}`, { params: { id: partner.id } });
    expect(deleted.status).toBe(405);
  });

  it("the office's form saves a partner as typed in Turkish ('12,5'), and gives every problem back in Turkish with everything typed kept", async () => {
    const SESSION_SECRET = "partners-test-session-secret-0123456789abcd";
    const handler = appRequestHandler();
    const send = async (role: "admin" | "dispatcher", method: string, path: string, form?: Record<string, string>) => {
      const { token } = await createSession(db.kysely, userIds[role]!, { remember: false });
      const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}` };
      if (form) headers["content-type"] = "application/x-www-form-urlencoded";
      const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET } });
      const response = await handler(new Request(`http://localhost${path}`, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined }), context);
      return { status: response.status, location: response.headers.get("location"), text: await response.text() };
    };
    const typed = { name: "Kemer Desk", code: "KD", kind: "hotel", commissionPercent: "70", language: "tr", creditTerms: "guest_pays", email: "desk@", notes: "Lobby, 2nd floor" };

    const refused = await send("admin", "POST", "/admin/partners/new", typed);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Partner kaydedilemedi. Lütfen işaretli alanları düzeltin.");
    expect(refused.text).toContain("Kod 3–20 karakter olmalı");
    expect(refused.text).toContain("Komisyon 0 ile %50 arasında");
    expect(refused.text).toContain("Geçerli bir e-posta adresi giriniz");
    // everything typed is still there
    for (const value of ['value="Kemer Desk"', 'value="KD"', 'value="70"', 'value="desk@"', "Lobby, 2nd floor"]) expect(refused.text).toContain(value);

    const saved = await send("admin", "POST", "/admin/partners/new", { ...typed, code: "kemerdesk", commissionPercent: "12,5", email: "", creditTerms: "monthly_invoice", active: "on" });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/partners?saved=KEMERDESK");
    const partner = (await partnerByCode(db.kysely, "KEMERDESK"))!;
    expect(partner).toMatchObject({ commissionPercent: 12.5, creditTerms: "monthly_invoice", language: "tr", active: true, notes: "Lobby, 2nd floor" });
    const list = await send("admin", "GET", "/admin/partners?saved=KEMERDESK");
    expect(list.text).toContain("KEMERDESK kodlu partner kaydedildi.");
    expect(list.text).toContain("Kemer Desk");

    // the edit page shows the percentage as the office writes it; an unticked box saves inactive
    const page = await send("admin", "GET", `/admin/partners/${partner.id}`);
    expect(page.text).toContain('value="12,5"');
    const edited = await send("admin", "POST", `/admin/partners/${partner.id}`, { ...typed, code: "KEMERDESK", commissionPercent: "12,5", email: "" });
    expect(edited.status).toBe(302);
    expect((await partnerByCode(db.kysely, "kemerdesk"))?.active).toBe(false);

    // the dispatcher reads the partner but gets no form, and may not post
    const read = await send("dispatcher", "GET", `/admin/partners/${partner.id}`);
    expect(read.status).toBe(200);
    expect(read.text).toContain("KEMERDESK");
    expect(read.text).not.toContain('id="partner-form"');
    expect((await send("dispatcher", "POST", `/admin/partners/${partner.id}`, { ...typed, code: "KEMERDESK", commissionPercent: "40" })).status).toBe(403);
    expect((await partnerByCode(db.kysely, "kemerdesk"))?.commissionPercent).toBe(12.5);
  });

  it("an API key: shown once and kept only as its hash; a booking made with it is the partner's, priced as the site prices it, with its commission; revoked, it is refused", async () => {
    const partner = await createTestPartner(db.kysely, { name: "Keyed Agency", code: `KEYED-${engine.toUpperCase()}`, kind: "agency", commissionPercent: 12.5 });
    const params = { id: partner.id };
    const made = await call<{ id: string; key: string; prefix: string; name: string }>(keysRoute.action, "POST", `/api/partners/${partner.id}/api-keys`, { params, body: { name: "  Booking   engine " } });
    expect(made.status).toBe(201);
    const { key, id: keyId } = made.body.data!;
    expect(key).toMatch(/^vtp_[A-Za-z0-9_-]{43}$/);
    expect(made.body.data).toMatchObject({ name: "Booking engine", prefix: key.slice(0, 12) });
    // listed without the key; stored only as its hash
    const listed = await call<Array<Record<string, unknown>>>(keysRoute.loader, "GET", `/api/partners/${partner.id}/api-keys`, { params });
    expect(listed.body.data).toEqual([expect.objectContaining({ id: keyId, prefix: key.slice(0, 12), revoked_at: null, last_used_at: null, created_by: "The admin" })]);
    expect(JSON.stringify(listed.body)).not.toContain(key.slice(12));
    expect(JSON.stringify(await db.kysely.selectFrom("partner_api_keys").selectAll().execute())).not.toContain(key.slice(4));
    // only admins make or list keys; a nameless key is refused by name
    expect((await call(keysRoute.action, "POST", `/api/partners/${partner.id}/api-keys`, { as: "dispatcher", params, body: { name: "x" } })).status).toBe(403);
    expect((await call(keysRoute.loader, "GET", `/api/partners/${partner.id}/api-keys`, { as: "dispatcher", params })).status).toBe(403);
    const nameless = await call(keysRoute.action, "POST", `/api/partners/${partner.id}/api-keys`, { params, body: { name: " " } });
    expect(nameless.body.error?.fieldCodes).toEqual({ name: ["admin:partners.messages.keyNameInvalid"] });

    const car = (await createCar(db.kysely, buildCar({ name: `Partner Vito ${engine}`, seats: 6 }))).id;
    const trip = (day: number) => ({
      pickup_location: "Antalya Havalimanı (AYT)",
      pickup_place_id: "ayt-airport",
      dropoff_location: "Belek",
      pickup_date: `${tripDay(day)}T11:00:00+03:00`,
      passengers: 2,
      car_id: car,
      full_name: "Hans Müller",
      email: "hans@example.com",
      phone: "+49 151 2345678",
      flight_number: "XQ 562",
    });
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com" }, clientIp: "10.33.0.1" });
    // through React Router's handler (the root's middleware sets the request's language)
    const handler = appRequestHandler();
    type Booked = { id: string; channel: string; total_price: number; partner: { id: string; code: string; commission: number; net_price: number; paid_by: string } };
    const post = async (body: object, bearer?: string) => {
      const headers: Record<string, string> = { "content-type": "application/json", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) };
      const response = await handler(new Request("http://localhost/api/bookings", { method: "POST", headers, body: JSON.stringify(body) }), context);
      return { status: response.status, body: (await response.json()) as ApiAnswer<Booked>["body"] };
    };
    const book = (bearer: string, day: number) => post(trip(day), bearer);

    const booked = await book(key, 30);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const b = booked.body.data!;
    expect(b.channel).toBe("partner");
    // the site's price (the partner sells at the public price) and 12.5 % of it for the partner, to the kuruş
    const site = await post({ ...trip(31), email: "site@example.com" });
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    expect(b.total_price).toBe(site.body.data!.total_price);
    // a hotel's terms: the guest pays in the car unless the request says the partner does
    expect(b.partner).toEqual({ id: partner.id, code: partner.code, commission: Math.round(b.total_price * 12.5) / 100, net_price: Math.round(b.total_price * 87.5) / 100, paid_by: "guest" });
    const stored = (await getBooking(db.kysely, b.id))!;
    expect(stored).toMatchObject({ partner_id: partner.id, channel: "partner", partner_pays: 0 });
    const onAccount = await post({ ...trip(32), paid_by: "partner" }, key);
    expect(onAccount.status, JSON.stringify(onAccount.body)).toBe(201);
    expect(onAccount.body.data!.partner.paid_by).toBe("partner");
    expect(await getBooking(db.kysely, onAccount.body.data!.id)).toMatchObject({ partner_pays: 1, pay_now: 0 });
    const unknownPayer = await post({ ...trip(33), paid_by: "hotel" }, key);
    expect(unknownPayer.status).toBe(400);
    expect(JSON.stringify(unknownPayer.body)).toContain("paid_by");
    expect(stored.partner_commission).toBe(Math.round(stored.total_price * 0.125));
    expect((await getBooking(db.kysely, site.body.data!.id))?.partner_id ?? null).toBeNull();
    // the key's use is remembered
    expect((await call<Array<{ last_used_at: string | null }>>(keysRoute.loader, "GET", `/api/partners/${partner.id}/api-keys`, { params })).body.data![0]!.last_used_at).not.toBeNull();

    // revoked: refused at once, and said so; an unknown key likewise; an inactive partner's key too
    const revoked = await call<{ revoked_at: string | null }>(keyRoute.action, "DELETE", `/api/partners/${partner.id}/api-keys/${keyId}`, { params: { id: partner.id, key: keyId } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data!.revoked_at).not.toBeNull();
    const refused = await book(key, 32);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ code: "unauthorized", reason: "admin:partners.messages.keyRefused" });
    expect((await book(`vtp_${"x".repeat(43)}`, 32)).status).toBe(401);
    const second = (await call<{ key: string }>(keysRoute.action, "POST", `/api/partners/${partner.id}/api-keys`, { params, body: { name: "Second" } })).body.data!.key;
    await call(partnerRoute.action, "PATCH", `/api/partners/${partner.id}`, { params, body: { active: false } });
    expect((await book(second, 33)).status).toBe(401);
    expect((await call(keyRoute.action, "DELETE", `/api/partners/${partner.id}/api-keys/00000000-0000-4000-8000-000000000000`, { params: { id: partner.id, key: "00000000-0000-4000-8000-000000000000" } })).status).toBe(404);
    const audit = await listAuditLog(db.kysely, { entity: "partner" });
    expect(audit.entries.filter((e) => e.entityId === partner.id).map((e) => e.action)).toEqual(expect.arrayContaining(["partner.key.create", "partner.key.revoke"]));
  });

  it("the demo seed adds one hotel and one agency through the write path, once", async () => {
    const fresh = await testDb(engine);
    try {
      expect(await seedPartners(fresh)).toBe(2);
      expect(await seedPartners(fresh)).toBe(0);
      const seeded = await listPartners(fresh.kysely);
      expect(seeded.map((p) => p.kind).sort()).toEqual(["agency", "hotel"]);
      expect(seeded.map((p) => p.code).sort()).toEqual(SEED_PARTNERS.map((p) => String(p.code)).sort());
      expect(seeded.find((p) => p.kind === "agency")).toMatchObject({ creditTerms: "monthly_invoice", language: "de" });
    } finally {
      await fresh.destroy();
    }
  });
});
