/**
 * One of the partner's bookings in the portal (issue 33): the trip, the guest, the guest's price,
 * the partner's net and commission and who pays; changing or cancelling it opens the booking's own
 * page, where the same policy holds as for the guest (deadlines, price of a new time). Another
 * partner's booking is not found.
 */
import { data, Link } from "react-router";
import type { Route } from "./+types/bookings.$id";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/resources";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { portalBooking, portalManagePath, portalRow, requirePortal } from "~/partners/portal.server";
import { portalButton, portalCard, PortalFrame, portalMeta, PortalNotice, portalSecondaryButton } from "~/partners/portal-view";

export const handle: I18nHandle = { i18n: ["portal"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { session, partner } = await requirePortal(request, context);
  const t = getInstance(context).getFixedT(null, "portal");
  const frame = { partner: partner.name, user: session.user.name || session.user.email };
  const booking = await portalBooking(context, partner.id, params.id);
  if (!booking) throw data({ ...frame, title: t("booking.notFound") }, { status: 404 });
  const manage = booking.status === "cancelled" || booking.status === "completed" ? null : await portalManagePath(context, booking.id);
  const row = portalRow(booking, getLanguage(context));
  return { ...frame, title: t("booking.title", { reference: row.reference }), booking: row, manage, booked: new URL(request.url).searchParams.get("booked") === "1" };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return portalMeta(data?.title, matches, location);
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-slate-900 break-words sm:col-span-2 dark:text-white">{children}</dd>
    </div>
  );
}

export default function PartnerBooking({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("portal");
  const b = d.booking;
  return (
    <PortalFrame partner={d.partner} user={d.user} current="bookings" title={d.title}>
      {d.booked ? (
        <div className="mb-4">
          <PortalNotice tone="success">{t("booking.booked")}</PortalNotice>
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-labelledby="portal-trip" className={`${portalCard} lg:col-span-2`}>
          <h2 id="portal-trip" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("booking.trip")}
          </h2>
          <dl className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
            <Line label={t("booking.status")}>{t(`status.${b.status}`)}</Line>
            <Line label={t("booking.pickup")}>{b.pickup}</Line>
            {b.returnPickup ? <Line label={t("booking.return")}>{b.returnPickup}</Line> : null}
            <Line label={t("booking.from")}>{b.from}</Line>
            <Line label={t("booking.to")}>{b.to}</Line>
            <Line label={t("booking.car")}>{b.car}</Line>
            <Line label={t("booking.passengers")}>{b.passengers}</Line>
            {b.flight ? <Line label={t("booking.flight")}>{b.flight}</Line> : null}
            <Line label={t("booking.guest")}>{b.guest}</Line>
            <Line label={t("booking.phone")}>{b.phone}</Line>
            {b.email ? <Line label={t("booking.email")}>{b.email}</Line> : null}
            {b.notes ? <Line label={t("booking.notes")}>{b.notes}</Line> : null}
          </dl>
        </section>
        <div className="space-y-4">
          <section aria-labelledby="portal-money" className={portalCard}>
            <h2 id="portal-money" className="text-lg font-semibold text-slate-900 dark:text-white">
              {t("booking.money")}
            </h2>
            <dl className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
              <Line label={t("money.guestPrice")}>{b.price}</Line>
              <Line label={t("money.net")}>{b.net}</Line>
              <Line label={t("money.commission")}>{b.commission}</Line>
              <Line label={t("money.payer")}>{t(b.partnerPays ? "money.payerPartner" : "money.payerGuest")}</Line>
            </dl>
          </section>
          <section aria-labelledby="portal-manage" className={portalCard}>
            <h2 id="portal-manage" className="text-lg font-semibold text-slate-900 dark:text-white">
              {t("booking.manage")}
            </h2>
            {d.manage ? (
              <>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("booking.manageHint")}</p>
                <a href={d.manage} className={`${portalButton} mt-3 w-full`}>
                  {t("booking.manageAction")}
                </a>
              </>
            ) : (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("booking.closed")}</p>
            )}
          </section>
          <Link to="/partner" className={`${portalSecondaryButton} w-full`}>
            {t("booking.back")}
          </Link>
        </div>
      </div>
    </PortalFrame>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("portal");
  return (
    <div className="container-page py-12">
      <div className={portalCard}>
        <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t("booking.notFound")}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("booking.notFoundHint")}</p>
        <Link to="/partner" className={`${portalSecondaryButton} mt-4`}>
          {t("booking.back")}
        </Link>
      </div>
    </div>
  );
}
