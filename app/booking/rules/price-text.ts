/**
 * A price's lines as the reader reads them (issue 14): "Fixed price · Antalya Airport → Belek",
 * "38.4 km × ₺25.00", "4 h × ₺900.00", "Night surcharge 20 % (22:00–06:00)", "Child seat × 2"…
 * Pure, so the results page, the booking form, the success box, the private page and the e-mails
 * label a line the same way; the amounts are formatted by the caller (the visitor's currency on the
 * page, the booking's currency in its e-mail). Also the free-waiting statement, and the preview of
 * a price with extras chosen in the browser (the server prices again on submit).
 */
import type { TFunction } from "i18next";
import { kurus, type Kurus } from "~/utils/money";
import { extraAmount, extraName, type BookedExtra, type Extra } from "~/booking/rules/extras";
import type { LegName, PriceBreakdown, PriceLine } from "./pricing";
import { numberFormat } from "~/utils/intl";

/** What a line's label needs beyond the line: the places of each leg, the rules' texts. */
export interface PriceLabelContext {
  /** the route of each leg, "Antalya Airport (AYT) → Belek" */
  routes: Partial<Record<LegName, string>>;
  nightStart: string;
  nightEnd: string;
  /** the car's category as the reader reads it ("Sedan") */
  category: string;
  includedKmPerHour: number;
  /** kuruş per km beyond an hourly hire's included distance (the breakdown's `ratePerKm`) */
  ratePerKm?: Kurus | null;
  /** the extras' names and texts as booked (the breakdown's `extras`) */
  extras: readonly Pick<BookedExtra, "code" | "names" | "pricing" | "text">[];
  language: string;
}

export interface PriceLineText {
  kind: PriceLine["kind"];
  label: string;
  /** a second line under the label (the hire's included distance, the sign's text) */
  note: string | null;
  amount: string;
}

const LOCALES: Record<string, string> = { en: "en-GB", tr: "tr-TR", de: "de-DE", ru: "ru-RU" };
const number = (n: number, language: string, digits = 1) => numberFormat(LOCALES[language] ?? "en-GB", { maximumFractionDigits: digits }).format(n);

/** Each line labelled, its amount formatted by `money`. A leg is named only on a round trip. */
export function priceLineTexts(lines: readonly PriceLine[], context: PriceLabelContext, t: TFunction, money: (amount: Kurus) => string): PriceLineText[] {
  const roundTrip = lines.some((l) => "leg" in l && l.leg === "return");
  const leg = (name: LegName, text: string) => (roundTrip ? t("booking:price.lines.onLeg", { leg: t(`booking:summary.${name}`), text }) : text);
  return lines.map((line): PriceLineText => {
    const out = (label: string, note: string | null = null): PriceLineText => ({ kind: line.kind, label, note, amount: money(line.amount) });
    switch (line.kind) {
      case "fixed":
        return out(leg(line.leg, t("booking:price.lines.fixed", { route: context.routes[line.leg] ?? "" })));
      case "distance":
        return out(leg(line.leg, t("booking:price.lines.distance", { km: number(line.km, context.language), rate: money(line.ratePerKm) })));
      case "hourly": {
        const included = line.hours * context.includedKmPerHour;
        return out(
          t("booking:price.lines.hourly", { hours: line.hours, rate: money(line.ratePerHour) }),
          included <= 0
            ? null
            : context.ratePerKm
              ? t("booking:price.lines.hourlyBeyond", { km: number(included, context.language, 0), rate: money(context.ratePerKm) })
              : t("booking:price.lines.hourlyIncluded", { km: number(included, context.language, 0) }),
        );
      }
      case "night":
        return out(leg(line.leg, t("booking:price.lines.night", { percent: line.percent, start: context.nightStart, end: context.nightEnd })));
      case "returnDiscount":
        return out(t("booking:price.lines.returnDiscount", { percent: line.percent }));
      case "minimum":
        return out(t("booking:price.lines.minimum", { category: context.category }));
      case "extra": {
        const booked = context.extras.find((e) => e.code === line.code);
        const name = booked ? extraName(booked.names, context.language) : line.code;
        const label = booked?.pricing === "booking" && line.quantity === 1 ? name : t("booking:price.lines.extra", { name, quantity: line.quantity });
        return out(label, booked?.text ? t("booking:price.lines.extraText", { text: booked.text }) : null);
      }
      case "office":
        return out(t("booking:price.lines.office"));
      case "car":
        return out(t("booking:price.lines.car", { unit: line.unit, name: line.name }));
    }
  });
}

/**
 * "Free waiting: 60 minutes after landing, then ₺250.00 per 15 minutes" (the "then" part only when
 * waiting is sold). An hourly hire (`hours` given) has the car and driver for its hours, so no
 * waiting is charged: it says that instead.
 */
export function waitingStatement(t: TFunction, airport: boolean, minutes: number, waitingPrice: string | null, hours: number | null): string {
  if (hours !== null) return t("booking:waiting.hourly");
  const free = t(airport ? "booking:waiting.airport" : "booking:waiting.other", { minutes });
  return waitingPrice ? t("booking:waiting.then", { free, price: waitingPrice }) : t("booking:waiting.only", { free });
}

/**
 * The price with extras chosen in the browser: the server's transport lines and the extras' lines
 * by `extraAmount`, the rule `quoteForCar` applies; the server prices again when the form is sent.
 */
export function withExtras(
  price: Pick<PriceBreakdown, "lines">,
  chosen: ReadonlyArray<{ extra: Pick<Extra, "code" | "names" | "price" | "pricing">; quantity: number; text?: string | null }>,
): { lines: PriceLine[]; extras: BookedExtra[]; total: Kurus } {
  const lines: PriceLine[] = price.lines.filter((l) => l.kind !== "extra");
  const extras: BookedExtra[] = [];
  for (const { extra, quantity, text } of chosen) {
    if (!(quantity > 0)) continue;
    const amount = extraAmount(extra.price, extra.pricing, quantity);
    lines.push({ kind: "extra", code: extra.code, quantity, unitPrice: extra.price, amount });
    extras.push({ code: extra.code, names: extra.names, pricing: extra.pricing, quantity, unitPrice: extra.price, amount, text: text?.trim() || null });
  }
  return { lines, extras, total: kurus(lines.reduce((sum, l) => sum + l.amount, 0)) };
}
