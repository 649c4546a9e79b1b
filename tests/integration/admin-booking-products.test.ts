/**
 * The office's side of issue 14's products: a booking's service, extras, price lines and currency
 * as the detail page reads them; the office's edit of extras and hours re-priced by the one price
 * function (booked extras keep their price), recorded in the history and mailed; the CSV columns.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listBookingEvents } from "~/booking/index.server";
import { bookingsCsvStream } from "~/routes/admin/bookings-csv.server";
import { getAdminBookingDetail } from "~/routes/admin/booking-view.server";
import { readBookedExtras, readPriceLines } from "~/booking/rules/booked-extras";
import { updateBooking, type BookingDeps } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { convertKurus } from "~/pricing/currency";
import { createExtra, updateExtra } from "~/pricing/tables.server";
import { SEED_EXTRAS } from "../../db/seed/pricing";
import { createMailer } from "~/server/mail.server";
import { getSettings } from "~/settings/settings.server";
import { kurus, liraToKurus } from "~/utils/money";
import { buildCar, createTestBooking, testBookingDeps } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const actor = { id: null, label: "Ofis Ayşe", kind: "office" as const };
const DAY = 86_400_000;
/** A pickup on a whole hour (UTC), `days` ahead. */
const at = (days: number, hour: number) => new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY + hour * 3_600_000).toISOString();

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

describe.each(engines)("the office's booking products on %s", (engine) => {
  let db: TestDb;
  let deps: BookingDeps;
  let sedan: string;
  const childSeat = SEED_EXTRAS.find((e) => e.code === "child-seat")!;
  const sign = SEED_EXTRAS.find((e) => e.code === "name-sign")!;
  const stop = SEED_EXTRAS.find((e) => e.code === "extra-stop")!;
  let childSeatId: string;

  beforeAll(async () => {
    db = await testDb(engine);
    deps = await testBookingDeps({ db: db.kysely, mailer: createMailer({ from: "office@example.com", log: pino({ level: "silent" }) }) });
    sedan = (await createCar(db.kysely, buildCar({ name: "Ürün Sedan", category: "Sedan", seats: 4, luggage: 4, price_per_km: kurus(2500), price_per_day: null, price_per_hour: kurus(90_000) }))).id;
    childSeatId = (await createExtra(db.kysely, childSeat)).id;
    await createExtra(db.kysely, sign);
    await createExtra(db.kysely, stop);
  });
  afterAll(() => db?.destroy());

  const outbox = (id: string) => db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", id).where("kind", "=", "booking-change").execute();
  const extrasOf = async (id: string) => readBookedExtras(await db.kysely.selectFrom("bookings").select("extras").where("id", "=", id).executeTakeFirstOrThrow());

  it("gives the detail page the extras, the price lines and the currency the guest saw", async () => {
    const booking = await createTestBooking(
      deps,
      { carId: sedan, pickupAt: at(30, 9), currency: "EUR", fullName: "Anna Schmidt", extras: [{ code: "child-seat", quantity: 2 }, { code: "name-sign", quantity: 1, text: "Anna Schmidt" }] },
      { locale: "de" },
    );
    const detail = (await getAdminBookingDetail(db.kysely, booking.id))!;
    expect(detail.products.hours).toBeNull();
    expect(detail.products.extras.map((e) => [e.code, e.quantity, e.text])).toEqual([
      ["child-seat", 2, null],
      ["name-sign", 1, "Anna Schmidt"],
    ]);
    expect(detail.products.lines.filter((l) => l.kind === "extra").map((l) => l.amount)).toEqual([liraToKurus(600), liraToKurus(0)]);
    expect(detail.products.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(booking.total_price);
    expect(detail.products.currency).toBe("EUR");
    expect(detail.products.currencyRate).toBe(booking.currency_rate);
    expect(detail.products.currencyTotal).toBe(booking.currency_total);
    expect(detail.category).toBe("Sedan");
  });

  it("re-prices an edit of the extras: booked extras keep their price, new ones take today's; history and mail follow", async () => {
    const booking = await createTestBooking(deps, { carId: sedan, pickupAt: at(31, 9), currency: "EUR", extras: [{ code: "child-seat", quantity: 1 }] }, { locale: "en" });
    // The child seat costs more today than when it was booked.
    await updateExtra(db.kysely, childSeatId, { ...childSeat, price: liraToKurus(500) });
    try {
      const result = await updateBooking(deps, booking.id, { extras: [{ code: "child-seat", quantity: 2 }, { code: "extra-stop", quantity: 1 }, { code: "name-sign", quantity: 1, text: "Mr Smith" }] }, { actor });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.repriced).toBe(true);
      const row = await db.kysely.selectFrom("bookings").selectAll().where("id", "=", booking.id).executeTakeFirstOrThrow();
      const extras = readBookedExtras(row);
      expect(extras.find((e) => e.code === "child-seat")).toMatchObject({ quantity: 2, unitPrice: liraToKurus(300), amount: liraToKurus(600) });
      expect(extras.find((e) => e.code === "extra-stop")).toMatchObject({ quantity: 1, unitPrice: liraToKurus(400) });
      expect(extras.find((e) => e.code === "name-sign")).toMatchObject({ text: "Mr Smith" });
      // transport unchanged, the total grows by one more seat and the stop
      expect(row.total_price).toBe(booking.total_price + liraToKurus(300) + liraToKurus(400));
      expect(readPriceLines(row).reduce((sum, l) => sum + l.amount, 0)).toBe(row.total_price);
      // the guest's currency at the rate they booked at
      expect(row.currency_total).toBe(convertKurus(kurus(row.total_price), "EUR", { EUR: booking.currency_rate!, USD: 1, GBP: 1, RUB: 1 }));
      const event = (await listBookingEvents(db.kysely, booking.id)).find((e) => e.changes)!;
      const fields = event.changes!.fields.map((c) => c.field);
      expect(fields).toEqual(expect.arrayContaining(["extras", "total_price"]));
      const mails = await outbox(booking.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text_body).toContain("Extras");
      expect(mails[0]!.text_body).toContain("Child seat (1–4 years, 9–18 kg) ×2");
      expect(mails[0]!.text_body).toContain("Mr Smith");
    } finally {
      await updateExtra(db.kysely, childSeatId, childSeat);
    }
  });

  it("refuses bad quantities and texts with codes and writes nothing", async () => {
    const booking = await createTestBooking(deps, { carId: sedan, pickupAt: at(32, 9), extras: [{ code: "child-seat", quantity: 1 }] });
    const cases: Array<[Parameters<typeof updateBooking>[2], string, string]> = [
      [{ extras: [{ code: "child-seat", quantity: 9 }] }, "extra.child-seat", "booking:errors.extraQuantity"],
      [{ extras: [{ code: "child-seat", quantity: Number.NaN }] }, "extra.child-seat", "booking:errors.extraQuantity"],
      [{ extras: [{ code: "name-sign", quantity: 1, text: "" }] }, "extraText.name-sign", "booking:errors.extraText"],
      [{ extras: [{ code: "name-sign", quantity: 1, text: "x".repeat(61) }] }, "extraText.name-sign", "booking:errors.extraTextTooLong"],
      [{ extras: [{ code: "caviar", quantity: 1 }] }, "extras", "booking:errors.extraUnknown"],
      [{ hours: 5 }, "hours", "admin:bookingEdit.messages.notHourly"],
    ];
    for (const [edit, field, code] of cases) {
      const result = await updateBooking(deps, booking.id, edit, { actor });
      expect(result.ok).toBe(false);
      if (result.ok || result.reason !== "invalid") throw new Error("expected invalid");
      expect(result.fields[field]?.[0]?.code).toBe(code);
    }
    const row = await db.kysely.selectFrom("bookings").selectAll().where("id", "=", booking.id).executeTakeFirstOrThrow();
    expect(row.total_price).toBe(booking.total_price);
    expect(row.extras).toBe(booking.extras);
    expect((await listBookingEvents(db.kysely, booking.id)).filter((e) => e.changes)).toHaveLength(0);
    expect(await extrasOf(booking.id)).toHaveLength(1);
  });

  it("moves an hourly hire's end with its hours and refuses hours that collide with the car's next booking unless overridden", async () => {
    const settings = await getSettings(db.kysely);
    const hire = await createTestBooking(deps, { carId: sedan, tripType: "hourly", hours: 4, pickup: { text: "Belek" }, dropoff: { text: "Belek" }, pickupAt: at(40, 6), flightNumber: null });
    expect(hire.hours).toBe(4);
    expect(Date.parse(hire.pickup_end!) - Date.parse(hire.pickup_date)).toBe(4 * 3_600_000);
    const longer = await updateBooking(deps, hire.id, { hours: 6 }, { actor });
    expect(longer.ok).toBe(true);
    let row = await db.kysely.selectFrom("bookings").selectAll().where("id", "=", hire.id).executeTakeFirstOrThrow();
    expect(row.hours).toBe(6);
    expect(Date.parse(row.pickup_end!) - Date.parse(row.pickup_date)).toBe(6 * 3_600_000);
    expect(readPriceLines(row).find((l) => l.kind === "hourly")).toMatchObject({ hours: 6, ratePerHour: kurus(90_000), amount: kurus(540_000) });
    const event = (await listBookingEvents(db.kysely, hire.id)).find((e) => e.changes)!;
    expect(event.changes!.fields).toEqual(expect.arrayContaining([{ field: "hours", from: 4, to: 6 }]));

    // Out of the settings' bounds: refused with the booking's code.
    const tooLong = await updateBooking(deps, hire.id, { hours: settings.pricing.hourlyMaxHours + 1 }, { actor });
    expect(tooLong.ok === false && tooLong.reason === "invalid" && tooLong.fields.hours?.[0]?.code).toBe("booking:errors.hoursRange");

    // Another booking of the car two hours after this hire ends: two more hours collide.
    await createTestBooking(deps, { carId: sedan, pickupAt: new Date(Date.parse(row.pickup_end!) + 3 * 3_600_000).toISOString() });
    const collides = await updateBooking(deps, hire.id, { hours: 9 }, { actor });
    expect(collides.ok).toBe(false);
    if (collides.ok) return;
    expect(collides.reason).toBe("unavailable");
    row = await db.kysely.selectFrom("bookings").selectAll().where("id", "=", hire.id).executeTakeFirstOrThrow();
    expect(row.hours).toBe(6);
    const overridden = await updateBooking(deps, hire.id, { hours: 9 }, { actor, overrideReason: "Müşteri uzattı, diğer transfer başka araçla" });
    expect(overridden.ok).toBe(true);
    row = await db.kysely.selectFrom("bookings").selectAll().where("id", "=", hire.id).executeTakeFirstOrThrow();
    expect(row.hours).toBe(9);
  });

  it("exports the service, hours, extras and the guest's currency as CSV columns", async () => {
    const booking = await createTestBooking(
      deps,
      { carId: sedan, pickupAt: at(50, 9), currency: "EUR", fullName: "Csv Gast", luggageItems: { prams: 1 }, extras: [{ code: "child-seat", quantity: 2 }, { code: "name-sign", quantity: 1, text: "Anna Schmidt" }] },
      { locale: "de" },
    );
    const text = await readAll(bookingsCsvStream(db.kysely, { q: "Csv Gast" }));
    const [header, line] = text.trimEnd().split("\r\n");
    const columns = header!.replace("\uFEFF", "").split(";");
    // Cells as Excel reads them: semicolons inside quotes belong to the cell.
    const cells = [...line!.matchAll(/("(?:[^"]|"")*"|[^;]*)(?:;|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, "").replace(/""/g, '"'));
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect(columns).toEqual(expect.arrayContaining(["Hizmet", "Saat", "Ekstralar", "Para birimi", "Tutar (para birimi)"]));
    expect(cell("Hizmet")).toBe("Transfer");
    expect(cell("Saat")).toBe("");
    expect(cell("Ekstralar")).toBe("Çocuk koltuğu (1–4 yaş, 9–18 kg) ×2; İsim tabelası ile karşılama: Anna Schmidt");
    expect(cell("Para birimi")).toBe("EUR");
    expect(cell("Özel bagaj")).toBe("1 bebek arabası");
    expect(cell("Tutar (para birimi)")).toBe((booking.currency_total! / 100).toFixed(2).replace(".", ","));
  });
});
