import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/my-booking";
import { ContactOptions } from "~/components/site/contact-options";
import { CalendarLink } from "~/booking/calendar-link";
import { bookingDetailRows, detailPricingOf, findBookingByToken } from "~/booking/bookings.server";
import { guestDriverView } from "~/drivers/job.server";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { getApp } from "~/server/context";

/**
 * The customer's private page, reached from the link in the confirmation e-mail: the token in the
 * URL is compared by its SHA-256 with the stored hash; the reference alone opens nothing. A link
 * that opens nothing answers 404 inside the site, with the ways to reach the office.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const i18n = getInstance(context);
  const lng = getLanguage(context);
  const t = i18n.getFixedT(lng, "booking");
  const booking = await findBookingByToken(db.kysely, params.token);
  if (!booking) return data({ found: false as const, title: t("myBooking.notFoundTitle") }, { status: 404 });
  return {
    found: true as const,
    title: t("myBooking.metaTitle", { reference: booking.reference }),
    reference: booking.reference,
    status: booking.status,
    name: booking.full_name,
    // the itemised price in the currency the guest saw, the lira charged, the free waiting
    rows: bookingDetailRows(booking, t, lng, await detailPricingOf(db.kysely, booking)),
    // who is coming on each leg, with the car, where to meet and the driver's last step (issue 15)
    drivers: await guestDriverView(db.kysely, booking, t, lng),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }, { name: "referrer", content: "no-referrer" }];
}

const STATUS_STYLE: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  confirmed: "bg-blue-100 text-blue-900",
  completed: "bg-green-100 text-green-900",
  cancelled: "bg-slate-200 text-slate-800",
};

function BookingNotFound() {
  const { t } = useTranslation("booking");
  return (
    <main id="main" className="container-page py-12 sm:py-16">
      <div className="mx-auto max-w-3xl rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm font-semibold tracking-widest text-slate-500 uppercase dark:text-slate-400">{t("myBooking.eyebrow")}</p>
        <h1 className="mt-2 font-display text-3xl font-semibold">{t("myBooking.notFoundTitle")}</h1>
        <p className="mt-4 text-slate-600 dark:text-slate-300">{t("myBooking.notFoundText")}</p>
        <h2 className="mt-8 text-sm font-semibold tracking-widest text-slate-500 uppercase dark:text-slate-400">{t("myBooking.notFoundContact")}</h2>
        <ContactOptions className="mt-3" />
        <a href="/" className="btn-secondary mt-8">{t("confirmation.backHome")}</a>
      </div>
    </main>
  );
}

export default function MyBooking({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("booking");
  if (!loaderData.found) return <BookingNotFound />;
  return (
    <main id="main" className="container-page py-12 sm:py-16">
      <div className="mx-auto max-w-2xl rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm font-semibold tracking-widest text-slate-500 uppercase dark:text-slate-400">{t("myBooking.eyebrow")}</p>
        <h1 className="mt-2 font-display text-3xl font-semibold">{t("myBooking.title", { reference: loaderData.reference })}</h1>
        <p className="mt-4 flex items-center gap-3">
          <span className="text-sm">{t("myBooking.status")}</span>
          <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[loaderData.status] ?? STATUS_STYLE.cancelled}`}>
            {t(`status.${loaderData.status}`)}
          </span>
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`statusText.${loaderData.status}`)}</p>
        <dl className="mt-8 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          {loaderData.rows.map(([label, value], i) => (
            <div key={`${i}:${label}`} className="contents">
              <dt className="font-semibold text-slate-600 dark:text-slate-300">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {loaderData.drivers.length > 0 ? <YourDriver drivers={loaderData.drivers} /> : null}
        <CalendarLink />
        <a href="/" className="btn-secondary mt-8">{t("confirmation.backHome")}</a>
      </div>
    </main>
  );
}

type GuestDriver = Awaited<ReturnType<typeof guestDriverView>>[number];

/** The driver of each leg, the car, where to meet and the live status from the driver's job link. */
function YourDriver({ drivers }: { drivers: GuestDriver[] }) {
  const { t } = useTranslation("booking");
  return (
    <section aria-labelledby="your-driver" className="mt-10">
      <h2 id="your-driver" className="font-display text-2xl font-semibold">{t("myBooking.driver.title")}</h2>
      {drivers.map((d) => (
        <div key={d.leg} className="mt-4 rounded-2xl border border-slate-200 p-4 dark:border-slate-800" data-testid={`driver-${d.leg}`}>
          {drivers.length > 1 || d.leg === "return" ? (
            <h3 className="font-semibold">{t(d.leg === "outbound" ? "myBooking.driver.legOutbound" : "myBooking.driver.legReturn")}</h3>
          ) : null}
          <p role="status" className="mt-1 text-lg font-semibold">
            {t(`myBooking.driver.status.${d.status}`)}
            {d.statusAt ? <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-300">{t("myBooking.driver.updatedAt", { time: d.statusAt })}</span> : null}
          </p>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold text-slate-600 dark:text-slate-300">{t("myBooking.driver.name")}</dt>
            <dd>{d.driver}</dd>
            <dt className="font-semibold text-slate-600 dark:text-slate-300">{t("myBooking.driver.phone")}</dt>
            <dd>
              <a className="underline" href={d.tel}>{d.phone}</a>
            </dd>
            {d.car ? (
              <>
                <dt className="font-semibold text-slate-600 dark:text-slate-300">{t("myBooking.driver.car")}</dt>
                <dd>{d.car}</dd>
              </>
            ) : null}
            <dt className="font-semibold text-slate-600 dark:text-slate-300">{t("myBooking.driver.meet")}</dt>
            <dd>{d.meet}</dd>
          </dl>
        </div>
      ))}
    </section>
  );
}
