/**
 * A new booking from the partner portal (issue 33): the site's own search form (places, dates,
 * passengers, luggage), leading to the site's results with the partner's net beside each price and
 * a choice of who pays; the booking is the partner's.
 */
import type { Route } from "./+types/book";
import { onDemand } from "~/components/site/on-demand";
import type { SearchFormProps } from "~/routes/site/booking/search-form";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/resources";
import { getInstance } from "~/i18n/i18next.server";
import { requirePortal } from "~/partners/portal.server";
import { portalCard, PortalFrame, portalMeta } from "~/partners/portal-view";

export const handle: I18nHandle = { i18n: ["portal", "booking"] };

const SearchForm = onDemand<SearchFormProps>(() => import("~/routes/site/booking/search-form").then((m) => m.BookingSearchForm), ["booking"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, partner } = await requirePortal(request, context);
  await SearchForm.ready();
  const t = getInstance(context).getFixedT(null, "portal");
  return {
    title: t("book.title"),
    partner: partner.name,
    user: session.user.name || session.user.email,
    creditTerms: partner.creditTerms,
    commission: partner.commissionPercent,
  };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return portalMeta(data?.title, matches, location);
}

export default function PartnerBook({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("portal");
  return (
    <PortalFrame partner={d.partner} user={d.user} current="book" title={t("book.title")}>
      <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-300">{t("book.lead")}</p>
      <p className="mt-2 max-w-3xl text-sm text-slate-600 dark:text-slate-300">{t(d.creditTerms === "monthly_invoice" ? "book.termsInvoice" : "book.termsGuest")}</p>
      <div className={`${portalCard} mt-6 sm:p-8`}>
        <SearchForm.Part title={t("book.searchTitle")} />
      </div>
    </PortalFrame>
  );
}
