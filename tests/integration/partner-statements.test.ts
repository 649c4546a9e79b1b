/**
 * Partners' monthly statements (issue 33, part 4): a German agency's month with guest-paid and
 * partner-paid bookings, one cancelled, one just before and one just after the month (Istanbul
 * time), and another partner's booking: the totals summed by hand here, the CSV read as Turkish
 * Excel reads it, the PDF's text (pdftotext) in German, marking paid freezing the totals (audited,
 * admins only, undone by an admin), and the dashboard's business by partner.
 */
import { execFileSync } from "node:child_process";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDashboard } from "~/admin/stats.server";
import { listAuditLog } from "~/audit/audit-log.server";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { changeBookingStatus, officeActor } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { monthOf, monthBounds, shiftMonth } from "~/partners/statement";
import { partnerStatement, statementMonths } from "~/partners/statements.server";
import { createMailer } from "~/server/mail.server";
import type { BookingRow, UserRow } from "~/server/db/schema";
import { formatMoney, kurus } from "~/utils/money";
import { buildCar, createTestBooking, createTestPartner, createTestUser } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { parseExcelCsv } from "../setup/excel-csv";
import { testAppContext } from "../setup/test-app";

const SESSION_SECRET = "partner-statements-test-secret-0123456789ab";
const mailer = createMailer({ from: "office@example.com", log: pino({ level: "silent" }) });
const pdfText = (pdf: Buffer) => execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8");
/** "1234,50": lira as Turkish Excel reads a number */
const excel = (k: number) => (k / 100).toFixed(2).replace(".", ",");

describe.each(engines)("partner statements on %s", (engine) => {
  let db: TestDb;
  const users: Record<"admin" | "dispatcher", UserRow> = {} as never;
  // two months ahead: every pickup lies beyond the lead time, and the month before it too
  const month = shiftMonth(monthOf(new Date()), 2);
  const b: Record<string, BookingRow> = {};
  let agency: Awaited<ReturnType<typeof createTestPartner>>;
  let hotel: Awaited<ReturnType<typeof createTestPartner>>;

  const handler = appRequestHandler();
  async function send(as: "admin" | "dispatcher", method: string, path: string, form?: Record<string, string>) {
    const { token } = await createSession(db.kysely, users[as].id, { remember: false });
    const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}` };
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET }, mailer, clientIp: "10.33.4.1" });
    return handler(new Request(`http://localhost${path}`, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined }), context);
  }

  beforeAll(async () => {
    db = await testDb(engine);
    for (const role of ["admin", "dispatcher"] as const) users[role] = await createTestUser(db.kysely, { role, name: `The ${role}` });
    agency = await createTestPartner(db.kysely, { name: "Sonnenreisen Köln", code: `SONNE-${engine.toUpperCase()}`, kind: "agency", language: "de", commissionPercent: 12.5, creditTerms: "monthly_invoice" });
    hotel = await createTestPartner(db.kysely, { name: "Belek Palace", code: `BPAL-${engine.toUpperCase()}`, commissionPercent: 10 });
    const carId = (await createCar(db.kysely, buildCar({ name: `Statement Vito ${engine}`, seats: 6 }))).id;
    // the booking an hour before the month's first takes another car
    const otherCar = (await createCar(db.kysely, buildCar({ name: `Statement Vito 2 ${engine}`, seats: 6 }))).id;
    const deps = { db: db.kysely, mailer };
    const book = (pickupAt: string, fullName: string, partner?: { id: string; pays: boolean }, car = carId) => createTestBooking(deps, { carId: car, pickupAt, fullName }, partner ? { partner } : {});
    const start = monthBounds(month).start;
    // 00:30 on the 1st in Istanbul is still the previous day in UTC: this month
    b.first = await book(`${month}-01T00:30:00+03:00`, "Anna Schmidt", { id: agency.id, pays: false });
    b.onAccount = await book(`${month}-10T11:00:00+03:00`, "Jörg Weiß", { id: agency.id, pays: true });
    b.cancelled = await book(`${month}-15T11:00:00+03:00`, "Cancelled Guest", { id: agency.id, pays: true });
    b.completed = await book(`${month}-20T11:00:00+03:00`, "Олег Петров", { id: agency.id, pays: false });
    // just outside: 23:30 on the month before's last day (Istanbul), and the next month
    b.before = await book(new Date(Date.parse(start) - 30 * 60_000).toISOString(), "Before Guest", { id: agency.id, pays: true }, otherCar);
    b.after = await book(`${shiftMonth(month, 1)}-03T11:00:00+03:00`, "After Guest", { id: agency.id, pays: true });
    b.otherPartner = await book(`${month}-12T11:00:00+03:00`, "Hotel Guest", { id: hotel.id, pays: false });
    b.direct = await book(`${month}-25T11:00:00+03:00`, "Direct Guest");
    const actor = officeActor(users.admin);
    const cancelled = await changeBookingStatus(db.kysely, mailer, { id: b.cancelled.id, to: "cancelled", actor, note: "Gast hat storniert", mailCustomer: false });
    expect(cancelled.ok).toBe(true);
    await changeBookingStatus(db.kysely, mailer, { id: b.completed.id, to: "confirmed", actor, mailCustomer: false });
    const done = await changeBookingStatus(db.kysely, mailer, { id: b.completed.id, to: "completed", actor, mailCustomer: false, now: new Date(Date.parse(b.completed.pickup_date) + 6 * 3_600_000) });
    expect(done.ok).toBe(true);
  });
  afterAll(() => db.destroy());

  /** The month's figures summed by hand from the bookings as stored: 12.5 % of each price, rounded to the kuruş. */
  const byHand = () => {
    const price = (x: BookingRow) => x.total_price as number;
    const commission = (x: BookingRow) => Math.round(price(x) * 0.125);
    const counted = [b.first!, b.onAccount!, b.completed!];
    const guest = counted.reduce((s, x) => s + price(x), 0);
    const comm = counted.reduce((s, x) => s + commission(x), 0);
    const onAccount = price(b.onAccount!) - commission(b.onAccount!);
    const owedToPartner = commission(b.first!) + commission(b.completed!);
    return { bookings: 3, cancelled: 1, guestTotal: guest, commissionTotal: comm, netTotal: guest - comm, onAccountTotal: onAccount, collectedTotal: price(b.first!) + price(b.completed!), commissionOnCollected: owedToPartner, balance: onAccount - owedToPartner, currency: "TRY" };
  };

  it("lists the month's bookings by Istanbul pickup, the cancelled one too, and totals them exactly", async () => {
    for (const x of [b.first!, b.onAccount!, b.cancelled!, b.completed!]) expect(x.partner_commission).toBe(Math.round(x.total_price * 0.125));
    const statement = (await partnerStatement(db.kysely, agency.id, month))!;
    expect(statement.lines.map((l) => l.reference)).toEqual([b.first!.reference, b.onAccount!.reference, b.cancelled!.reference, b.completed!.reference]);
    expect(statement.lines.map((l) => [l.status, l.counted, l.partnerPays])).toEqual([
      ["pending", true, false],
      ["pending", true, true],
      ["cancelled", false, true],
      ["completed", true, false],
    ]);
    expect(statement.lines[1]).toMatchObject({ guestName: "Jörg Weiß", guestPrice: b.onAccount!.total_price, net: b.onAccount!.total_price - b.onAccount!.partner_commission });
    // the partner's language names the places
    expect(statement.lines[0]!.route).toMatch(/^Flughafen Antalya \(AYT\) → Belek/);
    expect(statement.totals).toEqual(byHand());
    expect(statement.paid).toBeNull();
    // the other partner's month holds only its own booking; an unknown partner or month is nothing
    expect((await partnerStatement(db.kysely, hotel.id, month))!.lines.map((l) => l.reference)).toEqual([b.otherPartner!.reference]);
    expect(await partnerStatement(db.kysely, "00000000-0000-4000-8000-000000000000", month)).toBeUndefined();
    expect(await partnerStatement(db.kysely, agency.id, "2027-13")).toBeUndefined();
  });

  it("gives the CSV for Turkish Excel: BOM, semicolons, decimal commas, GG.AA.YYYY dates, a cancelled booking at 0, a total and the balance row", async () => {
    const response = await send("admin", "GET", `/admin/partners/${agency.id}/statements/${month}.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="abrechnung-${agency.code}-${month}.csv"`);
    // as bytes: Response.text() would drop the byte-order mark Excel needs
    const rows = parseExcelCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()));
    // headed in the partner's language (German)
    expect(rows[0]).toEqual(["Buchung", "Abholung", "Strecke", "Gast", "Status", "Zahlt", "Gastpreis", "Netto", "Provision", "Auf Rechnung (Netto, zahlt der Partner)", "Vom Gast kassiert", "Provision an den Partner"]);
    expect(rows).toHaveLength(1 + 4 + 2);
    const [y, m] = month.split("-");
    expect(rows[1]!.slice(0, 2)).toEqual([b.first!.reference, `01.${m}.${y} 00:30`]);
    const net = (x: BookingRow) => x.total_price - x.partner_commission;
    expect(rows[2]!.slice(4)).toEqual(["Wartet auf Bestätigung", "Partner", excel(b.onAccount!.total_price), excel(net(b.onAccount!)), excel(b.onAccount!.partner_commission), excel(net(b.onAccount!)), "0,00", "0,00"]);
    expect(rows[3]!.slice(4)).toEqual(["Storniert (nicht gezählt)", "Partner", "0,00", "0,00", "0,00", "0,00", "0,00", "0,00"]);
    expect(rows[4]!.slice(3, 6)).toEqual(["Олег Петров", "Abgeschlossen", "Gast"]);
    const t = byHand();
    expect(rows[5]).toEqual(["Summe", "", "", "", "3 Buchungen", "", excel(t.guestTotal), excel(t.netTotal), excel(t.commissionTotal), excel(t.onAccountTotal), excel(t.collectedTotal), excel(t.commissionOnCollected)]);
    // the balance stands in the column of whoever owes it, never negative
    const owes = t.balance > 0;
    expect(rows[6]!.slice(0, 3)).toEqual(["Saldo", "", owes ? `zu zahlen von ${agency.name} an Lykia VIP Transfer` : `zu zahlen von Lykia VIP Transfer an ${agency.name}`]);
    expect(rows[6]!.slice(9)).toEqual(owes ? [excel(t.balance), "", ""] : ["", "", excel(-t.balance)]);
  });

  it("gives the PDF in German: company, partner, month, the bookings, the totals, the balance and its paid state", async () => {
    const response = await send("dispatcher", "GET", `/admin/partners/${agency.id}/statements/${month}.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    const monthName = new Intl.DateTimeFormat("de-DE", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
    expect(text).toContain(`Abrechnung: ${monthName}`);
    expect(text).toContain(`Partner: Sonnenreisen Köln (${agency.code})`);
    for (const x of [b.first!, b.onAccount!, b.cancelled!, b.completed!]) expect(text).toContain(x.reference);
    for (const x of [b.before!, b.after!, b.otherPartner!, b.direct!]) expect(text).not.toContain(x.reference);
    expect(text).toContain("Jörg Weiß");
    expect(text).toContain("Олег Петров");
    // the cancelled booking: listed, its status says it is not counted, no amounts
    expect(text).toMatch(new RegExp(`${b.cancelled!.reference}.*Storniert \\(nicht.*—\\s+—\\s+—`));
    const t = byHand();
    expect(text).toMatch(new RegExp(`Gezählte Buchungen\\s+3`));
    // German money ("1.197,00 ₺"; the PDF's text has a plain space where Intl puts a no-break one)
    for (const amount of [t.guestTotal, t.commissionTotal, t.onAccountTotal, t.collectedTotal, t.balance]) expect(text).toContain(formatMoney(kurus(amount), "de").replace(/[\u00a0\u202f]/g, " "));
    expect(text).toContain("Saldo: ");
    expect(text).toContain("Noch nicht bezahlt.");
  });

  it("marks the month paid with its totals frozen and audited; not twice; a dispatcher may not; an admin undoes it", async () => {
    const page = `/admin/partners/${agency.id}/statements?month=${month}`;
    // the dispatcher reads the page but gets no button, and may not post
    const read = await send("dispatcher", "GET", page);
    expect(read.status).toBe(200);
    const readText = await read.text();
    expect(readText).toContain(b.first!.reference);
    expect(readText).not.toContain("Ödendi olarak işaretle");
    expect((await send("dispatcher", "POST", page, { intent: "paid", month })).status).toBe(403);
    expect((await partnerStatement(db.kysely, agency.id, month))!.paid).toBeNull();

    const adminPage = await (await send("admin", "GET", page)).text();
    expect(adminPage).toContain("Ödendi olarak işaretle");
    expect(adminPage).toContain("PDF indir");
    expect(adminPage).toContain("CSV indir");
    const marked = await send("admin", "POST", page, { intent: "paid", month, note: "Havale 4711" });
    expect(marked.status).toBe(302);
    expect(marked.headers.get("location")).toBe(`/admin/partners/${agency.id}/statements?month=${month}&done=paid`);
    const t = byHand();
    const frozen = { bookings: t.bookings, guestTotal: t.guestTotal, netTotal: t.netTotal, commissionTotal: t.commissionTotal, onAccountTotal: t.onAccountTotal, collectedTotal: t.collectedTotal, balance: t.balance, currency: "TRY" };
    const paid = (await partnerStatement(db.kysely, agency.id, month))!;
    expect(paid.paid).toMatchObject({ by: "The admin", note: "Havale 4711", totals: frozen });
    const audit = await listAuditLog(db.kysely, { entity: "partner" });
    expect(audit.entries.find((e) => e.entityId === agency.id && e.action === "partner.statement.paid")).toMatchObject({ userLabel: "The admin", details: { month, note: "Havale 4711", totals: frozen } });
    // twice is refused, and said
    const again = await send("admin", "POST", page, { intent: "paid", month });
    expect(again.headers.get("location")).toContain("done=alreadyPaid");
    const shown = await (await send("admin", "GET", `${page}&done=paid`)).text();
    expect(shown).toContain("dökümü ödendi olarak işaretlendi");
    expect(shown).toContain("Ödenmedi olarak geri al");

    // a booking of the month changes afterwards: the settled totals stay, the page says they differ
    await changeBookingStatus(db.kysely, mailer, { id: b.first!.id, to: "cancelled", actor: officeActor(users.admin), note: "Storno", mailCustomer: false });
    const later = (await partnerStatement(db.kysely, agency.id, month))!;
    expect(later.paid!.totals).toEqual(frozen);
    expect(later.totals.bookings).toBe(2);
    expect(later.changedSincePaid).toBe(true);
    expect(await (await send("admin", "GET", page)).text()).toContain("bugünkü toplamlar ödenenlerden farklı");
    // the PDF says it was paid
    expect(pdfText(Buffer.from(await (await send("admin", "GET", `/admin/partners/${agency.id}/statements/${month}.pdf`)).arrayBuffer()))).toContain("Bezahlt am");

    // the past months' list shows it paid
    const months = await statementMonths(db.kysely, agency.id, shiftMonth(month, 1), 3);
    expect(months.map((x) => [x.month, x.bookings, x.paidAt !== null])).toEqual([
      [shiftMonth(month, 1), 1, false],
      [month, 2, true],
      [shiftMonth(month, -1), 1, false],
    ]);

    // undone by an admin only, audited with what was settled
    expect((await send("dispatcher", "POST", page, { intent: "unpaid", month })).status).toBe(403);
    const undone = await send("admin", "POST", page, { intent: "unpaid", month });
    expect(undone.headers.get("location")).toContain("done=unpaid");
    expect((await partnerStatement(db.kysely, agency.id, month))!.paid).toBeNull();
    const undoEntry = (await listAuditLog(db.kysely, { entity: "partner" })).entries.find((e) => e.entityId === agency.id && e.action === "partner.statement.unpaid");
    expect(undoEntry).toMatchObject({ userLabel: "The admin", details: { month, totals: frozen } });
    expect((await send("admin", "POST", page, { intent: "unpaid", month })).headers.get("location")).toContain("done=notPaid");
  });

  it("links the statements from the partner's page; refuses a month that cannot be read and an unknown partner", async () => {
    expect(await (await send("dispatcher", "GET", `/admin/partners/${agency.id}`)).text()).toContain(`href="/admin/partners/${agency.id}/statements"`);
    const lastMonth = await (await send("admin", "GET", `/admin/partners/${agency.id}/statements?month=2027-13`)).text();
    expect(lastMonth).toContain("Ay okunamadı");
    expect((await send("admin", "GET", `/admin/partners/00000000-0000-4000-8000-000000000000/statements`)).status).toBe(404);
    expect((await send("admin", "GET", `/admin/partners/${agency.id}/statements/${month}.xls`)).status).toBe(404);
    expect((await send("admin", "POST", `/admin/partners/${agency.id}/statements`, { intent: "paid", month: "2027-1" })).status).toBe(400);
  });

  it("counts this month's bookings by partner on the dashboard, in its API and on its page, the direct ones beside them", async () => {
    const { byPartner } = await getDashboard(db.kysely);
    // made this month, not cancelled: the agency's first (cancelled since), on-account, completed, before and after; the hotel's; the direct one
    const agencyCounted = [b.onAccount!, b.completed!, b.before!, b.after!];
    expect(byPartner.partners.find((p) => p.partnerId === agency.id)).toEqual({
      partnerId: agency.id,
      code: agency.code,
      name: agency.name,
      bookings: 4,
      revenue: agencyCounted.reduce((s, x) => s + x.total_price, 0),
      commission: agencyCounted.reduce((s, x) => s + x.partner_commission, 0),
    });
    expect(byPartner.partners.find((p) => p.partnerId === hotel.id)).toMatchObject({ bookings: 1, revenue: b.otherPartner!.total_price, commission: b.otherPartner!.partner_commission });
    expect(byPartner.direct).toEqual({ bookings: 1, revenue: b.direct!.total_price });

    const { token } = await createSession(db.kysely, users.admin.id, { remember: false });
    const api = await handler(new Request("http://localhost/api/stats/dashboard", { headers: { authorization: `Bearer ${token}` } }), testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET } }));
    const body = (await api.json()) as { data: { partners: { byPartner: Array<{ partnerId: string; bookings: number; revenue: number }>; direct: { bookings: number; revenue: number } } } };
    expect(body.data.partners.byPartner.find((p) => p.partnerId === hotel.id)).toMatchObject({ bookings: 1, revenue: b.otherPartner!.total_price / 100 });
    expect(body.data.partners.direct).toEqual({ bookings: 1, revenue: b.direct!.total_price / 100 });

    const dashboard = await (await send("admin", "GET", "/admin/dashboard")).text();
    expect(dashboard).toContain("Partnerlere göre");
    expect(dashboard).toContain("Sonnenreisen Köln");
    expect(dashboard).toContain("Doğrudan");
  });
});
