/**
 * The itemised price (issue 14) in the visitor's language and currency: each line of the one
 * price function's breakdown, the total, and the lira charged when another currency is shown.
 * Compact on a result card (total, "Fixed price" badge, transport lines); full in the booking
 * form's summary, the success box and the private page (with the extras).
 */
import { useTranslation } from "~/i18n/react";
import { useMoney } from "~/pricing/use-money";
import type { BookedExtra } from "~/booking/rules/extras";
import type { Kurus } from "~/utils/money";
import type { PriceLine } from "~/booking/rules/pricing";
import { priceLineTexts, type PriceLabelContext } from "~/booking/rules/price-text";

export interface ShownPrice {
  lines: PriceLine[];
  extras: BookedExtra[];
  total: Kurus;
  fixedPrice?: boolean;
  ratePerKm?: Kurus;
}

export type PriceRulesText = Pick<PriceLabelContext, "nightStart" | "nightEnd" | "includedKmPerHour">;

export function FixedPriceBadge() {
  const { t } = useTranslation("booking");
  return <span data-fixed-price className="inline-flex items-center rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50">{t("price.fixedBadge")}</span>;
}

export function PriceLines({ price, rules, routes, category, compact = false, className = "" }: {
  price: ShownPrice;
  rules: PriceRulesText;
  routes: PriceLabelContext["routes"];
  category: string;
  compact?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation("booking");
  const money = useMoney();
  const lines = compact ? price.lines.filter((l) => l.kind !== "extra") : price.lines;
  const texts = priceLineTexts(lines, { ...rules, routes, category, ratePerKm: price.ratePerKm, extras: price.extras, language: i18n.language }, t, money.shown);
  return (
    <div data-price-lines className={className}>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span data-price className={compact ? "text-3xl font-semibold" : "text-2xl font-semibold"}>{money.shown(price.total)}</span>
        {price.fixedPrice && <FixedPriceBadge />}
      </p>
      {money.currency !== "TRY" && <p data-lira className="text-xs text-slate-600 dark:text-slate-300">{t("price.chargedInLira", { amount: money.lira(price.total) })}</p>}
      <ul className={`mt-2 space-y-1 text-slate-700 dark:text-slate-200 ${compact ? "text-xs" : "text-sm"}`}>
        {texts.map((line, i) => (
          <li key={`${i}:${line.kind}`} data-line={line.kind} className="flex justify-between gap-4">
            <span>
              {line.label}
              {line.note && <span className="block text-xs text-slate-600 dark:text-slate-300">{line.note}</span>}
            </span>
            <span className="shrink-0 tabular-nums">{line.amount}</span>
          </li>
        ))}
        {!compact && (
          <li data-line="total" className="flex justify-between gap-4 border-t border-slate-200 pt-1 font-semibold dark:border-slate-700">
            <span>{t("price.total")}</span>
            <span className="shrink-0 tabular-nums">{money.shown(price.total)}</span>
          </li>
        )}
      </ul>
    </div>
  );
}
