/**
 * What the office's tables say a price is, for the public-side specs (site-hourly, site-currency):
 * the settings as the server reads them from its database (defaults under what is stored) and the
 * seeded cars' rates, so expected amounts are recomputed from the rules, never copied from a page.
 */
import { convertKurus, formatCurrency, type Currency } from "../../app/pricing/currency";
import { readSection, type Settings } from "../../app/settings/settings";
import { formatMoney, kurus, type Kurus } from "../../app/utils/money";
import { e2eDb } from "./fixtures";

export function officeSettings(): Pick<Settings, "pricing" | "currency"> {
  const db = e2eDb();
  const rows = db.prepare("select key, value from settings where key in ('pricing', 'currency')").all() as Array<{ key: string; value: string }>;
  db.close();
  const stored = (key: string) => {
    const row = rows.find((r) => r.key === key);
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  };
  return { pricing: readSection("pricing", stored("pricing")), currency: readSection("currency", stored("currency")) };
}

export interface CarRates {
  id: string;
  name: string;
  category: string;
  seats: number;
  /** kuruş */
  price_per_hour: number | null;
}

export function activeCars(): CarRates[] {
  const db = e2eDb();
  const cars = db.prepare("select id, name, category, seats, price_per_hour from cars where status = 'active'").all() as CarRates[];
  db.close();
  return cars;
}

/** The category's minimum fare (settings → pricing), kuruş. */
export function minimumOf(category: string, pricing: Settings["pricing"]): Kurus {
  return kurus(pricing.minimumFares[category] ?? pricing.defaultMinimum);
}

/**
 * A car card's "from": the cheapest active fixed route's price for the category (route_fares, kuruş),
 * raised to the category's minimum fare as the price function does; the minimum when no route prices it.
 */
export function cardFromOf(category: string, pricing: Settings["pricing"]): Kurus {
  const db = e2eDb();
  const rows = db.prepare("select prices from route_fares where active = 1").all() as Array<{ prices: string }>;
  db.close();
  const fares = rows.map((r) => (JSON.parse(r.prices) as Record<string, number>)[category]).filter((p): p is number => typeof p === "number" && p > 0);
  const minimum = minimumOf(category, pricing);
  return fares.length === 0 ? minimum : kurus(Math.max(Math.min(...fares), minimum));
}

/** An amount as shown in a currency at the office's rates ("€22.90", "₽2,143"). */
export function shownIn(amount: number, currency: Currency, language: string, rates: Settings["currency"]["rates"]): string {
  return currency === "TRY" ? formatMoney(kurus(amount), language) : formatCurrency(convertKurus(kurus(amount), currency, rates), currency, language);
}
