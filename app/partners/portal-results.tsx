/**
 * The partner's panel on the results page (issue 33): for whom the booking is made, each free
 * car's guest price and the partner's net; and, above the contact form, who pays. The choice
 * belongs to the contact form (`form="booking-contact"`), so it is sent with it with or without
 * JavaScript.
 */
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { PortalResults } from "./portal-results.server";

export function PortalResultsPanel({ portal, cars }: { portal: PortalResults; cars: ReadonlyArray<{ id: string; name: string; unavailable: unknown }> }) {
  const { t } = useTranslation("portal");
  const priced = cars.filter((c) => c.unavailable === null && portal.prices[c.id]);
  return (
    <section aria-labelledby="portal-results-title" className="mt-6 rounded-3xl border border-amber-300 bg-amber-50 p-5 sm:p-6 dark:border-amber-800 dark:bg-amber-950/40" data-testid="portal-results">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="portal-results-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("results.title", { partner: portal.partner })}
        </h2>
        <Link to="/partner" className="text-sm font-semibold text-amber-800 underline dark:text-amber-200">
          {t("results.back")}
        </Link>
      </div>
      {priced.length > 0 ? (
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={t("results.caption")}>
          <table className="w-full min-w-[20rem] text-left text-sm">
            <caption className="sr-only">{t("results.caption")}</caption>
            <thead>
              <tr className="text-slate-600 dark:text-slate-300">
                <th scope="col" className="py-1 pr-3 font-medium">{t("results.car")}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t("money.guestPrice")}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t("money.net")}</th>
                <th scope="col" className="hidden py-1 font-medium sm:table-cell">{t("money.commission")}</th>
              </tr>
            </thead>
            <tbody>
              {priced.map((c) => (
                <tr key={c.id} className="border-t border-amber-200 dark:border-amber-900" data-testid="portal-net">
                  <th scope="row" className="py-1.5 pr-3 font-semibold text-slate-900 dark:text-white">{c.name}</th>
                  <td className="py-1.5 pr-3">{portal.prices[c.id]!.guest}</td>
                  <td className="py-1.5 pr-3 font-semibold">{portal.prices[c.id]!.net}</td>
                  <td className="hidden py-1.5 sm:table-cell">{portal.prices[c.id]!.commission}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** Who pays, just above the contact form (its radios are the form's). */
export function PortalPayerChoice({ portal }: { portal: PortalResults }) {
  const { t } = useTranslation("portal");
  return (
    <section aria-label={t("money.payer")} className="mt-10 rounded-3xl border border-amber-300 bg-amber-50 p-5 sm:p-6 dark:border-amber-800 dark:bg-amber-950/40" data-testid="portal-payer">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900 dark:text-white">{t("money.payer")}</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {(["guest", "partner"] as const).map((payer) => (
            <label key={payer} className="flex min-h-6 items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
              <input type="radio" name="payer" value={payer} form="booking-contact" defaultChecked={portal.payer === payer} className="h-4 w-4" />
              {t(payer === "guest" ? "money.payerGuest" : "money.payerPartner")}
            </label>
          ))}
        </div>
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t("results.payerHint")}</p>
      </fieldset>
    </section>
  );
}
