/**
 * The visitor's currency (issue 14): TRY, EUR, USD, GBP, RUB as plain links (`?cur=EUR`, every
 * other parameter kept, remembered in the `cur` cookie by the server), so it works without
 * JavaScript. In the header a <details> menu (opens with the keyboard, fits at 390 px); in the
 * mobile menu a row of links like the language switch. Prices are only shown converted: the
 * office's rates and their date are said beside the choice, and the charge is always in lira.
 */
import { useTranslation } from "~/i18n/react";
import { useLocation } from "react-router";
import { LOCALE_TAGS, type Language } from "~/i18n/config";
import { currencyChoices, ratesDate } from "~/pricing/currency-links";
import { useCurrencyView } from "~/pricing/use-money";

/** "Rates set by the office on 20 Nov 2026; you pay in Turkish lira." */
/**
 * The signs in the system's font: ₽ sits in the brand fonts' latin-ext files
 * (85 KB each), which a page otherwise never needs; a sign in the menu must not fetch them.
 */
const SYMBOL_FONT = "font-[system-ui,sans-serif]";

export function RatesNote({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const view = useCurrencyView();
  const date = ratesDate(view.ratesSetAt, LOCALE_TAGS[i18n.language as Language] ?? "en-GB");
  return <p className={className}>{date ? t("currency.ratesNote", { date }) : t("currency.payInLira")}</p>;
}

export function CurrencySwitch({
  variant = "menu",
  className = "",
}: {
  variant?: "menu" | "list";
  className?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const view = useCurrencyView();
  const choices = currencyChoices(location, view.currency);
  const current = choices.find((c) => c.current)!;

  const links = (itemClass: (current: boolean) => string) =>
    choices.map((c) => (
      <li key={c.currency}>
        <a href={c.href} rel="nofollow" aria-current={c.current ? "true" : undefined} className={itemClass(c.current)}>
          <span aria-hidden className={SYMBOL_FONT}>{c.symbol}</span> {c.currency}
          <span className="sr-only"> ({t(`currency.names.${c.currency}`)})</span>
        </a>
      </li>
    ));

  if (variant === "list") {
    return (
      <ul className={`flex flex-wrap items-center gap-1 ${className}`} aria-label={t("currency.label")}>
        {links(
          (on) =>
            `inline-flex min-h-9 items-center gap-1 rounded-md px-2.5 py-1 text-xs font-semibold tracking-wider transition ${on ? "bg-brand text-ink" : "text-slate-300 hover:text-white"}`,
        )}
      </ul>
    );
  }
  return (
    <details className={`group/cur relative ${className}`}>
      <summary className="flex min-h-9 cursor-pointer list-none items-center gap-1 rounded-md border border-white/20 px-2 py-1 sm:px-2.5 text-xs font-semibold tracking-wider text-slate-100 hover:border-white/50 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">{t("currency.label")}: </span>
        {/* At phone width the symbol alone, so the bar keeps the logo, WhatsApp and the menu. */}
        <span aria-hidden className={SYMBOL_FONT}>{current.symbol}</span> <span className="sr-only sm:not-sr-only">{current.currency}</span>
        <span className="sr-only"> ({t(`currency.names.${current.currency}`)})</span>
        <svg
          aria-hidden
          viewBox="0 0 20 20"
          className="h-3.5 w-3.5 transition group-open/cur:rotate-180"
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      <div className="fixed inset-x-4 top-16 z-50 rounded-xl sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-60 border border-white/10 bg-ink p-2 text-white shadow-2xl">
        <ul aria-label={t("currency.label")} className="grid grid-cols-1 gap-0.5">
          {links(
            (on) =>
              `flex min-h-10 items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold transition ${on ? "bg-brand text-ink" : "text-slate-100 hover:bg-white/10"}`,
          )}
        </ul>
        <RatesNote className="mt-2 border-t border-white/10 px-3 pt-2 pb-1 text-xs leading-snug text-slate-300" />
      </div>
    </details>
  );
}
