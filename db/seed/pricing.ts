/**
 * The demo's pricing tables, seeded on first start when empty: the resort zones around Antalya,
 * the main fixed fares from Antalya Airport (AYT) and Gazipaşa (GZP) by vehicle category, and the
 * extras. Fares are plausible late-2026 lira; a category left out of a route (Ultra Luxury,
 * Sports) is priced by distance. Also the tests' factories' data.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import { liraToKurus, type Kurus } from "~/utils/money";
import { createExtra, createFare, createZone, type ExtraInput, type ZoneInput } from "~/pricing/tables.server";
import type { ExtraNames } from "~/booking/rules/extras";

export const SEED_ZONES: ZoneInput[] = [
  { name: "Antalya city", lat: 36.90812, lng: 30.69556, radiusKm: 7 },
  { name: "Lara", lat: 36.8565, lng: 30.7985, radiusKm: 4 },
  { name: "Kundu", lat: 36.853, lng: 30.886, radiusKm: 4 },
  { name: "Belek", lat: 36.8631, lng: 31.0654, radiusKm: 7 },
  { name: "Side", lat: 36.7667, lng: 31.3889, radiusKm: 4 },
  { name: "Manavgat", lat: 36.7867, lng: 31.4409, radiusKm: 4 },
  { name: "Alanya", lat: 36.5437, lng: 31.9998, radiusKm: 10 },
  { name: "Kemer", lat: 36.5978, lng: 30.5606, radiusKm: 6 },
  { name: "Kaş", lat: 36.2018, lng: 29.6377, radiusKm: 5 },
];

export const SEED_AIRPORTS = {
  AYT: { kind: "place" as const, placeId: "ayt-airport", label: "Antalya Havalimanı (AYT)", lat: 36.8987, lng: 30.8005 },
  GZP: { kind: "place" as const, placeId: "gzp-airport", label: "Gazipaşa-Alanya Havalimanı (GZP)", lat: 36.29922, lng: 32.3006 },
};

/** A Sedan's fare (lira) from the airport to each zone; other categories by their factor. */
export const SEED_FARES: Array<{ from: keyof typeof SEED_AIRPORTS; zone: string; sedan: number }> = [
  { from: "AYT", zone: "Lara", sedan: 1300 },
  { from: "AYT", zone: "Antalya city", sedan: 1450 },
  { from: "AYT", zone: "Kundu", sedan: 1550 },
  { from: "AYT", zone: "Belek", sedan: 2000 },
  { from: "AYT", zone: "Kemer", sedan: 2500 },
  { from: "AYT", zone: "Side", sedan: 2600 },
  { from: "AYT", zone: "Manavgat", sedan: 2850 },
  { from: "AYT", zone: "Alanya", sedan: 4200 },
  { from: "AYT", zone: "Kaş", sedan: 7300 },
  { from: "GZP", zone: "Alanya", sedan: 1800 },
];

export const CATEGORY_FACTORS: Record<string, number> = { Hatchback: 0.95, Sedan: 1, Minivan: 1.3, VIP: 1.8, SUV: 1.8, "Minibüs": 2.2, Luxury: 2.5 };

/** A Sedan fare in lira as every category's price (rounded to 50 TL), kuruş. */
export function seedPrices(sedan: number): Record<string, Kurus> {
  return Object.fromEntries(Object.entries(CATEGORY_FACTORS).map(([category, factor]) => [category, liraToKurus(Math.round((sedan * factor) / 50) * 50)]));
}

const names = (tr: string, en: string, de: string, ru: string): ExtraNames => ({ tr, en, de, ru });

export const SEED_EXTRAS: ExtraInput[] = [
  { code: "infant-seat", names: names("Bebek koltuğu (0–12 ay, 13 kg'a kadar)", "Infant carrier (0–12 months, up to 13 kg)", "Babyschale (0–12 Monate, bis 13 kg)", "Автолюлька (0–12 месяцев, до 13 кг)"), price: liraToKurus(300), pricing: "unit", maxQuantity: 2, needsText: false, active: true, sortOrder: 1 },
  { code: "child-seat", names: names("Çocuk koltuğu (1–4 yaş, 9–18 kg)", "Child seat (1–4 years, 9–18 kg)", "Kindersitz (1–4 Jahre, 9–18 kg)", "Детское кресло (1–4 года, 9–18 кг)"), price: liraToKurus(300), pricing: "unit", maxQuantity: 3, needsText: false, active: true, sortOrder: 2 },
  { code: "booster-seat", names: names("Yükseltici koltuk (4–12 yaş, 15–36 kg)", "Booster seat (4–12 years, 15–36 kg)", "Sitzerhöhung (4–12 Jahre, 15–36 kg)", "Бустер (4–12 лет, 15–36 кг)"), price: liraToKurus(200), pricing: "unit", maxQuantity: 3, needsText: false, active: true, sortOrder: 3 },
  { code: "name-sign", names: names("İsim tabelası ile karşılama", "Meet & greet with a name sign", "Empfang mit Namensschild", "Встреча с табличкой"), price: liraToKurus(0), pricing: "booking", maxQuantity: 1, needsText: true, active: true, sortOrder: 4 },
  { code: "extra-stop", names: names("Ara durak", "Extra stop", "Zusätzlicher Halt", "Дополнительная остановка"), price: liraToKurus(400), pricing: "unit", maxQuantity: 3, needsText: false, active: true, sortOrder: 5 },
  { code: "extra-waiting", names: names("Ek bekleme (15 dk)", "Extra waiting (15 min)", "Zusätzliche Wartezeit (15 Min.)", "Дополнительное ожидание (15 мин)"), price: liraToKurus(250), pricing: "unit", maxQuantity: 8, needsText: false, active: true, sortOrder: 6 },
];

/** Seeds each table that is empty. */
export async function seedPricing(db: Kysely<Database>) {
  const zoneCount = Number((await db.selectFrom("pricing_zones").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst())?.n ?? 0);
  const fareCount = Number((await db.selectFrom("route_fares").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst())?.n ?? 0);
  if (zoneCount === 0 && fareCount === 0) {
    const zones = new Map<string, string>();
    for (const zone of SEED_ZONES) zones.set(zone.name, (await createZone(db, zone)).id);
    for (const [index, fare] of SEED_FARES.entries()) {
      const saved = await createFare(db, {
        from: SEED_AIRPORTS[fare.from],
        to: { kind: "zone", zoneId: zones.get(fare.zone)! },
        oneWay: false,
        prices: seedPrices(fare.sedan),
        active: true,
        sortOrder: index,
      });
      if (!saved.ok) throw new Error(`seed fare ${fare.from} ↔ ${fare.zone} is a duplicate`);
    }
  }
  const extraCount = Number((await db.selectFrom("extras").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst())?.n ?? 0);
  if (extraCount === 0) for (const extra of SEED_EXTRAS) await createExtra(db, extra);
}
