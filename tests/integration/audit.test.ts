/**
 * The audit log (issue 15): staff changes made through the office's pages and the API leave a row
 * with who, what and the record (a booking's status, a car's update, a settings section, sign-ins
 * and failed sign-ins); /admin/audit filters by action, user, date and text and keeps invalid
 * values with a message; the CSV export is Turkish Excel's (BOM, `;`, Turkish headers, formulas
 * neutralised); a dispatcher is refused the page and the export.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCar, createTestBooking } from "../../db/seed/factories";
import { recordFailedSignIn } from "~/audit/auth-audit.server";
import { adminGuard } from "~/auth/guard.server";
import { createSession } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { businessToday } from "~/booking/rules/datetime";
import { createCar } from "~/fleet/cars.server";
import { i18nextMiddleware } from "~/i18n/i18next.server";
import * as auditPage from "~/routes/admin/audit";
import * as auditExport from "~/routes/admin/audit.export";
import * as bookingsPage from "~/routes/admin/bookings";
import * as loginPage from "~/routes/admin/login";
import * as carsApi from "~/routes/api/cars";
import * as carApi from "~/routes/api/cars.$id";
import * as settingsApi from "~/routes/api/settings";
import type { AuditRow } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import { kurus } from "~/utils/money";
import { engines, testDb, type TestDb } from "../setup/db";
import { parseExcelCsv } from "../setup/excel-csv";
import { testAppContext } from "../setup/test-app";

const SESSION_SECRET = "audit-test-session-secret-0123456789abcdef";
const IP = "203.0.113.7";

describe.each(engines)("audit log on %s", (engine) => {
  let db: TestDb;
  let adminId: string;
  let adminToken: string;
  let dispatcherToken: string;
  let carId: string;

  function context() {
    const c = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", ROUTING_PROVIDER: "builtin", SESSION_SECRET }, clientIp: IP });
    return c;
  }

  /** A handler as React Router runs it: behind the language middleware and, for back-office routes, the admin guard on `pattern`. */
  async function run(handler: (args: never) => unknown, request: Request, options: { pattern?: string; params?: Record<string, string> } = {}) {
    const ctx = context();
    const params = options.params ?? {};
    let result: unknown;
    try {
      await i18nextMiddleware({ request, context: ctx, params, unstable_pattern: "/" } as never, async () => {
        const inner = async () => {
          result = await handler({ request, context: ctx, params } as never);
          return new Response();
        };
        if (!options.pattern) return inner();
        return (await adminGuard({ request, context: ctx, params, pattern: options.pattern } as never, inner)) ?? new Response();
      });
    } catch (thrown) {
      result = thrown;
    }
    return result;
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const statusOf = (value: unknown): number =>
    value instanceof Response ? value.status : ((value as { init?: { status?: number } | null } | null)?.init?.status ?? 200);

  function json(handler: (args: never) => unknown, method: string, path: string, body: unknown, params: Record<string, string> = {}) {
    const request = new Request(`http://localhost${path}`, { method, headers: { "content-type": "application/json", ...bearer(adminToken) }, body: JSON.stringify(body) });
    return run(handler, request, { params });
  }

  function form(handler: (args: never) => unknown, path: string, fields: Record<string, string>, options: { pattern?: string; token?: string } = {}) {
    const headers: Record<string, string> = options.token ? bearer(options.token) : {};
    const request = new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
    return run(handler, request, { pattern: options.pattern });
  }

  async function auditPageData(query: string, token = adminToken) {
    const request = new Request(`http://localhost/admin/audit${query}`, { headers: bearer(token) });
    return (await run(auditPage.loader as never, request, { pattern: "/admin/audit" })) as Awaited<ReturnType<typeof auditPage.loader>>;
  }

  const rows = (action: string): Promise<AuditRow[]> => db.kysely.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("at").execute();

  beforeAll(async () => {
    db = await testDb(engine);
    const admin = await createUser(db.kysely, { email: "ayse@example.com", password: "secret-123", role: "admin", name: "Ayşe Yılmaz" });
    adminId = admin.id;
    const dispatcher = await createUser(db.kysely, { email: "disp@example.com", password: "secret-123", role: "dispatcher", name: "Deniz" });
    adminToken = (await createSession(db.kysely, admin.id, { remember: false })).token;
    dispatcherToken = (await createSession(db.kysely, dispatcher.id, { remember: false })).token;
    carId = (await createCar(db.kysely, buildCar({ name: "Vito VIP", seats: 6, luggage: 6, price_per_km: kurus(3800) }))).id;
  });
  afterAll(() => db.destroy());

  it("records an admin's booking status change from the bookings page, with who, the record and the address", async () => {
    const booking = await createTestBooking({ db: db.kysely }, { carId });
    // a guest's booking is not a staff change
    expect(await db.kysely.selectFrom("audit_log").selectAll().where("entity_id", "=", booking.id).execute()).toEqual([]);
    const result = (await form(bookingsPage.action as never, "/admin/bookings", { intent: "status", id: booking.id, to: "confirmed" }, { pattern: "/admin/bookings", token: adminToken })) as { ok: boolean };
    expect(result.ok).toBe(true);
    const [row] = await rows("booking.status");
    expect(row).toMatchObject({ user_id: adminId, user_label: "Ayşe Yılmaz", entity: "booking", entity_id: booking.id, summary: booking.reference, ip: IP });
    expect(JSON.parse(row!.details)).toMatchObject({ from: "pending", to: "confirmed" });
  });

  it("records a car update through the API with the changed fields, and a new car", async () => {
    const updated = await json(carApi.action as never, "PATCH", `/api/cars/${carId}`, { seats: 7, description: "Deri koltuk" }, { id: carId });
    expect(statusOf(updated)).toBe(200);
    const [row] = await rows("car.update");
    expect(row).toMatchObject({ user_id: adminId, entity: "car", entity_id: carId, summary: "Vito VIP", ip: IP });
    expect(JSON.parse(row!.details).changed).toMatchObject({ seats: [6, 7], description: [expect.any(String), "Deri koltuk"] });
    const created = await json(carsApi.action as never, "POST", "/api/cars", { name: "=HYPERLINK(\"http://evil.example\")", make: "Mercedes", model: "S", seats: 3, luggage: 2, category: "Luxury" });
    expect(statusOf(created)).toBe(201);
    const [made] = await rows("car.create");
    expect(made).toMatchObject({ user_id: adminId, entity: "car", summary: "=HYPERLINK(\"http://evil.example\")" });
  });

  it("records each settings section that a save changed", async () => {
    const settings = await getSettings(db.kysely);
    const answer = await json(settingsApi.action as never, "PUT", "/api/settings", { ...settings, general: { ...settings.general, siteName: "Antalya VIP Transfer" } });
    expect(statusOf(answer)).toBe(200);
    const saved = await rows("settings.update");
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ user_id: adminId, entity: "settings", entity_id: "general", ip: IP });
    expect(JSON.parse(saved[0]!.details).changed.siteName[1]).toBe("Antalya VIP Transfer");
  });

  it("records a failed sign-in with the e-mail typed (never the password) and a sign-in", async () => {
    await form(loginPage.action as never, "/admin/login", { email: "AYSE@example.com", password: "wrong-password-1" });
    await form(loginPage.action as never, "/admin/login", { email: "nobody@example.com", password: "wrong-password-2" });
    const failed = await rows("auth.login.failed");
    expect(failed.map((r) => [r.user_id, r.summary, JSON.parse(r.details).reason])).toEqual([
      [adminId, "AYSE@example.com", "wrong_password"],
      [null, "nobody@example.com", "unknown_email"],
    ]);
    expect(failed.every((r) => r.ip === IP && !r.details.includes("wrong-password") && !r.summary.includes("wrong-password"))).toBe(true);
    const signedIn = await form(loginPage.action as never, "/admin/login", { email: "ayse@example.com", password: "secret-123" });
    expect(statusOf(signedIn)).toBe(302);
    const [login] = await rows("auth.login");
    expect(login).toMatchObject({ user_id: adminId, user_label: "Ayşe Yılmaz", entity: "user", entity_id: adminId, ip: IP });
  });

  it("filters the page by action, user, date and text, newest first", async () => {
    const all = await auditPageData("");
    expect(all.entries.length).toBeGreaterThanOrEqual(6);
    const times = all.entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const byAction = await auditPageData("?action=auth.login.failed");
    expect(byAction.entries.map((e) => e.action)).toEqual(["auth.login.failed", "auth.login.failed"]);

    const byUser = await auditPageData(`?user=${adminId}`);
    expect(byUser.entries.length).toBeGreaterThan(0);
    expect(byUser.entries.every((e) => e.userId === adminId)).toBe(true);
    const noUser = await auditPageData("?user=none");
    expect(noUser.entries.map((e) => e.summary)).toEqual(["nobody@example.com"]);

    const today = businessToday();
    expect((await auditPageData(`?from=${today}&to=${today}`)).entries).toHaveLength(all.entries.length);
    expect((await auditPageData("?from=2020-01-01&to=2020-01-31")).entries).toEqual([]);

    // Turkish letters folded: "ayse yilmaz" finds "Ayşe Yılmaz"
    const byText = await auditPageData("?q=ayse%20yilmaz&entity=car");
    expect(byText.entries.map((e) => e.action).sort()).toEqual(["car.create", "car.update"]);
    const linked = byText.entries.find((e) => e.action === "car.update")!;
    expect(linked.href).toBe(`/admin/cars/edit/${carId}`);
  });

  it("keeps invalid filter values with a message and does not apply them", async () => {
    const page = await auditPageData("?from=2026-02-30&entity=spaceship&action=DROP%20TABLE&to=2020-01-01");
    expect(page.errors).toEqual({ from: "audit.errors.date", entity: "audit.errors.entity", action: "audit.errors.action" });
    expect(page.values).toMatchObject({ from: "2026-02-30", entity: "spaceship", action: "DROP TABLE", to: "2020-01-01" });
    const range = await auditPageData("?from=2026-03-02&to=2026-03-01");
    expect(range.errors).toEqual({ to: "audit.errors.range" });
  });

  it("pages by 100, newest first, without repeating an entry", async () => {
    // (sign-in attempts this fast are throttled: the entries are written by the log's own write)
    for (let i = 0; i < 105; i++) {
      await recordFailedSignIn(db.kysely, `guess${i}@example.com`, undefined, "unknown_email", IP);
    }
    const first = await auditPageData("?action=auth.login.failed");
    expect(first.entries).toHaveLength(100);
    expect(first.next).toBeTruthy();
    const second = await auditPageData(`?action=auth.login.failed&after=${encodeURIComponent(first.next!)}`);
    expect(second.entries).toHaveLength(7);
    expect(second.next).toBeNull();
    const ids = new Set([...first.entries, ...second.entries].map((e) => e.id));
    expect(ids.size).toBe(107);
  });

  it("exports the filtered rows as CSV for Turkish Excel, a formula neutralised", async () => {
    const request = new Request("http://localhost/admin/audit/export?entity=car", { headers: bearer(adminToken) });
    const response = (await run(auditExport.loader as never, request, { pattern: "/admin/audit/export" })) as Response;
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/denetim-kaydi-\d{4}-\d{2}-\d{2}\.csv/);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith("\uFEFF")).toBe(true);
    const table = parseExcelCsv(text);
    expect(table[0]).toEqual(["Zaman", "Kullanıcı", "İşlem", "İşlem kodu", "Kayıt türü", "Kayıt no", "Özet", "Ayrıntılar", "IP adresi"]);
    expect(text.split("\r\n")[0]).toContain(";");
    const body = table.slice(1);
    expect(body.map((r) => r[3]).sort()).toEqual(["car.create", "car.update"]);
    expect(body.every((r) => r[1] === "Ayşe Yılmaz" && r[4] === "Araç")).toBe(true);
    expect(body.find((r) => r[3] === "car.update")![2]).toBe("Aracı güncelledi");
    expect(body.find((r) => r[3] === "car.create")![6]).toBe("'=HYPERLINK(\"http://evil.example\")");
  });

  it("refuses a dispatcher the log and its export (403)", async () => {
    const page = await run(auditPage.loader as never, new Request("http://localhost/admin/audit", { headers: bearer(dispatcherToken) }), { pattern: "/admin/audit" });
    expect(statusOf(page)).toBe(403);
    const file = await run(auditExport.loader as never, new Request("http://localhost/admin/audit/export", { headers: bearer(dispatcherToken) }), { pattern: "/admin/audit/export" });
    expect(statusOf(file)).toBe(403);
  });
});
