/**
 * The one price function (spec §9, issue 14), used by the results page, the quote API, the
 * confirmation, the office's edits and the tests. A price is a list of lines that add up to the
 * total, all integer kuruş (`Kurus`):
 *
 * 1. transport, per leg: the route's fixed price for the car's category when the leg falls in a
 *    route fare (fares.ts), else kilometres × the car's rate (its price per km, else its price per
 *    day read as a per-km rate, else 22 TL); or, for hourly hire, hours × the car's hourly rate;
 * 2. a night surcharge on each leg (or the hire) starting inside the night window: % of that leg;
 * 3. a return-trip discount: % off the transport of both legs (with their night surcharges);
 * 4. the category's minimum fare: the transport is raised to it (the difference is a line);
 * 5. extras: per booking, or per unit × quantity.
 *
 * Each percentage line is rounded to whole kuruş once. Currencies are a way of showing the total
 * (app/pricing/currency.ts); the charge is always this total in lira.
 */
import { kurus, ZERO_KURUS, type Kurus } from "~/utils/money";
import { extraAmount, type BookedExtra, type Extra } from "~/booking/rules/extras";
import { toBusinessParts } from "./datetime";
import { addKm, km, type Km } from "./units";

/** 22 TL per km when the car has no rate (spec §9). */
export const DEFAULT_RATE_KURUS = kurus(2200);
/** Nobody is driven for less than 100 TL unless the office sets otherwise (spec §9). */
export const MINIMUM_PRICE_KURUS = kurus(10_000);

export interface CarRates {
  /** kuruş per km */
  price_per_km: Kurus | null | undefined;
  /** kuruş per day, read as a per-km rate when there is no per-km rate */
  price_per_day: Kurus | null | undefined;
}

/** What the price function reads of a car. */
export interface PricedCar extends CarRates {
  category: string;
  /** kuruş per hour of hourly hire; a car without one is not hired by the hour */
  price_per_hour?: Kurus | null;
}

export type RateSource = "per_km" | "per_day" | "default";

/** The office's pricing rules (settings → pricing), as the function reads them. */
export interface PricingRules {
  /** "22:00" to "06:00" in Istanbul time: a window may run over midnight; equal ends mean no night */
  nightStart: string;
  nightEnd: string;
  nightPercent: number;
  returnDiscountPercent: number;
  /** minimum fare per category (the category's spelling, any case); others take `defaultMinimum` */
  minimumFares: Record<string, Kurus>;
  defaultMinimum: Kurus;
}

export const NO_RULES: PricingRules = { nightStart: "00:00", nightEnd: "00:00", nightPercent: 0, returnDiscountPercent: 0, minimumFares: {}, defaultMinimum: MINIMUM_PRICE_KURUS };

export type LegName = "outbound" | "return";

/** A leg as priced: its kilometres, when it starts (UTC instant, null when not known) and its route's fixed price for the car, if any. */
export interface PricedLeg {
  leg: LegName;
  km: Km;
  startsAt: string | null;
  fare: { routeId: string; amount: Kurus } | null;
  /** the route fare the leg falls in, even one without a price for the car's category (a partner's own fare may price it) */
  routeId?: string | null;
}

/**
 * Rates in place of the public ones (issue 33: a partner on the "net" rule, its net price): a leg
 * takes its own fare on the route it falls in, else its own rate per km; an hourly hire its own
 * rate per hour. A rate not given leaves the public one (the route's fare, the car's rate). The
 * night surcharge, the return discount, the minimum fare and the extras apply as for the public.
 */
export interface OwnRates {
  /** route fare id → its fare for this car's category */
  fares: Readonly<Record<string, Kurus>>;
  perKm: Kurus | null;
  perHour: Kurus | null;
}

export interface PriceRequest {
  car: PricedCar;
  /** outbound, then return on a round trip (for hourly hire: the one leg, for its start time) */
  legs: readonly PricedLeg[];
  /** hours of hourly hire; null or absent for a transfer */
  hours?: number | null;
  extras?: ReadonlyArray<{ extra: Pick<Extra, "code" | "names" | "price" | "pricing">; quantity: number; text?: string | null }>;
  rules?: PricingRules;
  /** a partner's own rates in place of the public ones (its net price); absent: the public price */
  ownRates?: OwnRates | null;
}

/** One line of a price; `amount` may be negative (a discount). */
export type PriceLine =
  | { kind: "fixed"; leg: LegName; routeId: string; amount: Kurus }
  | { kind: "distance"; leg: LegName; km: Km; ratePerKm: Kurus; amount: Kurus }
  | { kind: "hourly"; hours: number; ratePerHour: Kurus; amount: Kurus }
  | { kind: "night"; leg: LegName; percent: number; amount: Kurus }
  | { kind: "returnDiscount"; percent: number; amount: Kurus }
  | { kind: "minimum"; minimum: Kurus; amount: Kurus }
  | { kind: "extra"; code: string; quantity: number; unitPrice: Kurus; amount: Kurus }
  /** the office's agreed price in place of the quote (issue 29): the difference to `quoted`, the quote's total */
  | { kind: "office"; quoted: Kurus; amount: Kurus }
  /** a further car of a party in several cars (issue 32): its own total for the same trip */
  | { kind: "car"; unit: number; name: string; amount: Kurus };

export interface PriceBreakdown {
  /** kilometres priced, outbound plus return, to one decimal (0 for hourly hire) */
  distanceKm: Km;
  outboundKm: Km;
  returnKm: Km | null;
  /** kuruş per km applied to distance-priced legs */
  ratePerKm: Kurus;
  rateSource: RateSource;
  /** every leg at a route's fixed price */
  fixedPrice: boolean;
  hourly: boolean;
  /** the transport before the minimum (legs, night, discount) */
  subtotal: Kurus;
  minimum: Kurus;
  minimumApplied: boolean;
  lines: PriceLine[];
  /** the extras as the booking keeps them */
  extras: BookedExtra[];
  /** what the visitor pays: the sum of the lines */
  total: Kurus;
}

/** The rates a price is computed from: a car's row (kuruş). */
export const carRates = (car: { price_per_km: number | null; price_per_day: number | null; price_per_hour?: number | null; category?: string }): PricedCar => ({
  price_per_km: car.price_per_km === null ? null : kurus(car.price_per_km),
  price_per_day: car.price_per_day === null ? null : kurus(car.price_per_day),
  price_per_hour: car.price_per_hour == null ? null : kurus(car.price_per_hour),
  category: car.category ?? "",
});

const usable = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v) && v > 0;
/** An own rate is used as the office typed it, 0 included (the minimum fare still applies). */
const given = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

export function rateFor(car: CarRates): { ratePerKm: Kurus; rateSource: RateSource } {
  if (usable(car.price_per_km)) return { ratePerKm: kurus(car.price_per_km), rateSource: "per_km" };
  if (usable(car.price_per_day)) return { ratePerKm: kurus(car.price_per_day), rateSource: "per_day" };
  return { ratePerKm: DEFAULT_RATE_KURUS, rateSource: "default" };
}

/** Whether a car can be hired by the hour (it has an hourly rate). */
export const hiresByTheHour = (car: Pick<PricedCar, "price_per_hour">): boolean => usable(car.price_per_hour);

const minutesOf = (hhmm: string) => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
};

/** Whether an instant's Istanbul time falls in the night window [start, end), which may cross midnight. */
export function isNight(instant: string | null, rules: Pick<PricingRules, "nightStart" | "nightEnd" | "nightPercent">): boolean {
  if (!instant || !(rules.nightPercent > 0)) return false;
  const start = minutesOf(rules.nightStart);
  const end = minutesOf(rules.nightEnd);
  if (!Number.isFinite(start) || !Number.isFinite(end) || start === end) return false;
  const at = minutesOf(toBusinessParts(instant).time);
  return start < end ? at >= start && at < end : at >= start || at < end;
}

/** The category's minimum fare under the rules. */
export function minimumFor(category: string, rules: PricingRules): Kurus {
  const wanted = category.normalize("NFC").trim().toLowerCase();
  for (const [name, amount] of Object.entries(rules.minimumFares)) {
    if (name.normalize("NFC").trim().toLowerCase() === wanted && Number.isFinite(amount) && amount >= 0) return kurus(amount);
  }
  return rules.defaultMinimum;
}

const percentOf = (amount: Kurus, percent: number): Kurus => kurus((amount * percent) / 100);

/** A leg's fixed fare and rate per km: its own (OwnRates) where given, else the public ones. */
function legRates(leg: PricedLeg, publicRate: Kurus, own: OwnRates | null): { fare: PricedLeg["fare"]; ratePerKm: Kurus } {
  if (!own) return { fare: leg.fare, ratePerKm: publicRate };
  const routeId = leg.fare?.routeId ?? leg.routeId ?? null;
  const fare = routeId ? own.fares[routeId] : undefined;
  if (given(fare)) return { fare: { routeId: routeId!, amount: kurus(fare) }, ratePerKm: publicRate };
  if (given(own.perKm)) return { fare: null, ratePerKm: kurus(own.perKm) };
  return { fare: leg.fare, ratePerKm: publicRate };
}

/** Prices a trip (or an hourly hire) for a car: the lines and their total. */
export function quoteForCar(request: PriceRequest): PriceBreakdown {
  const rules = request.rules ?? NO_RULES;
  const own = request.ownRates ?? null;
  const car = rateFor(request.car);
  const { rateSource } = car;
  const ratePerKm = own && given(own.perKm) ? kurus(own.perKm) : car.ratePerKm;
  const lines: PriceLine[] = [];
  const hours = request.hours ?? null;
  const outbound = request.legs.find((l) => l.leg === "outbound");
  const back = request.legs.find((l) => l.leg === "return") ?? null;

  let transport: Kurus = ZERO_KURUS;
  if (hours !== null) {
    const ownHourly = own?.perHour;
    const ratePerHour = given(ownHourly) ? kurus(ownHourly) : usable(request.car.price_per_hour) ? kurus(request.car.price_per_hour) : ZERO_KURUS;
    const amount = kurus(ratePerHour * hours);
    lines.push({ kind: "hourly", hours, ratePerHour, amount });
    transport = kurus(transport + amount);
    if (outbound && isNight(outbound.startsAt, rules)) {
      const night = percentOf(amount, rules.nightPercent);
      lines.push({ kind: "night", leg: "outbound", percent: rules.nightPercent, amount: night });
      transport = kurus(transport + night);
    }
  } else {
    for (const leg of request.legs) {
      const { fare, ratePerKm: rate } = legRates(leg, car.ratePerKm, own);
      const base = fare ? fare.amount : kurus(km(leg.km) * rate);
      lines.push(fare ? { kind: "fixed", leg: leg.leg, routeId: fare.routeId, amount: base } : { kind: "distance", leg: leg.leg, km: km(leg.km), ratePerKm: rate, amount: base });
      transport = kurus(transport + base);
      if (isNight(leg.startsAt, rules)) {
        const night = percentOf(base, rules.nightPercent);
        lines.push({ kind: "night", leg: leg.leg, percent: rules.nightPercent, amount: night });
        transport = kurus(transport + night);
      }
    }
    if (back && rules.returnDiscountPercent > 0) {
      const discount = kurus(-percentOf(transport, rules.returnDiscountPercent));
      if (discount !== 0) {
        lines.push({ kind: "returnDiscount", percent: rules.returnDiscountPercent, amount: discount });
        transport = kurus(transport + discount);
      }
    }
  }
  const subtotal = kurus(transport);
  const minimum = minimumFor(request.car.category, rules);
  const minimumApplied = subtotal < minimum;
  if (minimumApplied) lines.push({ kind: "minimum", minimum, amount: kurus(minimum - subtotal) });

  const extras: BookedExtra[] = [];
  for (const { extra, quantity, text } of request.extras ?? []) {
    if (quantity <= 0) continue;
    const amount = extraAmount(extra.price, extra.pricing, quantity);
    lines.push({ kind: "extra", code: extra.code, quantity, unitPrice: extra.price, amount });
    extras.push({ code: extra.code, names: extra.names, pricing: extra.pricing, quantity, unitPrice: extra.price, amount, text: text?.trim() || null });
  }
  const outboundKm = hours !== null ? km(0) : km(outbound?.km ?? 0);
  const returnKm = hours !== null || !back ? null : km(back.km);
  return {
    distanceKm: addKm(outboundKm, returnKm),
    outboundKm,
    returnKm,
    ratePerKm,
    rateSource,
    fixedPrice: hours === null && request.legs.length > 0 && lines.filter((l) => l.kind === "fixed").length === request.legs.length,
    hourly: hours !== null,
    subtotal,
    minimum,
    minimumApplied,
    lines,
    extras,
    total: kurus(lines.reduce((sum, line) => sum + line.amount, 0)),
  };
}

/** The transport part of a price (everything but the extras): the "from" figures and the office's lists. */
export const transportTotal = (price: Pick<PriceBreakdown, "lines">): Kurus =>
  kurus(price.lines.filter((l) => l.kind !== "extra").reduce((sum, l) => sum + l.amount, 0));

/** The least a trip in this car costs: the "from" price on its card (the category's minimum fare). */
export function minimumFare(car: PricedCar, rules: PricingRules = NO_RULES): Kurus {
  return quoteForCar({ car, legs: [{ leg: "outbound", km: km(0), startsAt: null, fare: null }], rules }).total;
}
