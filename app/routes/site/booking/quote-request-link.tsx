/**
 * The results page's way on when the site cannot price a trip (issue 29): an unknown place, more
 * passengers than any car takes, a pickup sooner than it books, no car free. The search goes to
 * the office as a quote request (/quote-request, filled with it) instead of the visitor being
 * turned away. A plain link.
 */
import { useTranslation } from "~/i18n/react";
import type { QuoteReason } from "~/booking/rules/quote-request";
import { LUGGAGE_KINDS } from "~/booking/rules/capacity";

/** The request form's address for a search and why it could not be priced. */
export function quoteRequestHref(values: Record<string, string>, reasons: readonly QuoteReason[]): string {
  const params = new URLSearchParams();
  // the special luggage (issue 32) by kind, as the search names it (`prams=1`)
  for (const key of ["tripType", "pickup", "dropoff", "date", "time", "returnDate", "returnTime", "hours", "passengers", "luggage", ...LUGGAGE_KINDS]) {
    if (values[key]) params.set(key, values[key]!);
  }
  for (const reason of reasons) params.append("reason", reason);
  return `/quote-request?${params}`;
}

export function QuoteRequestLink({ href }: { href: string }) {
  const { t } = useTranslation("booking");
  return (
    <section aria-labelledby="quote-request-title" data-testid="quote-request-offer" className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="quote-request-title" className="text-lg font-semibold">{t("quoteRequest.title")}</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("quoteRequest.text")}</p>
      <a href={href} className="btn-primary mt-4">
        {t("quoteRequest.action")}
      </a>
    </section>
  );
}

/** Why the search could not be priced, when the office could still answer it: a place it does not know, a group too large, too soon, hours out of bounds. */
export function unpriceableReasons(errors: Record<string, string[]>): QuoteReason[] {
  const reasons = new Set<QuoteReason>();
  for (const [field, codes] of Object.entries(errors)) {
    for (const code of codes) {
      // an unknown place (several known ones to choose from is answered by choosing)
      if (/placeNotFound|selectLocation/.test(code)) reasons.add("place");
      else if (field === "date" && /tooSoon/.test(code)) reasons.add("tooSoon");
      else if (field === "passengers") reasons.add("passengers");
      else if (field === "hours" && /hoursRange/.test(code)) reasons.add("hours");
    }
  }
  return [...reasons];
}
