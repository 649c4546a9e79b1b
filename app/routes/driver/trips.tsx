import { useTranslation } from "~/i18n/react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/trips";
import { can, homeFor } from "~/auth/policy";
import { getCurrentSession } from "~/auth/session.server";
import { DriverI18nProvider, DriverLanguages } from "~/drivers/driver-i18n";
import { driverOfUser } from "~/drivers/drivers.server";
import { ChangeLines, DRIVER_APP_LINKS, DRIVER_APP_META, forgetThenSignOut, NewsBadge, OfflineBanner, useDriverApp } from "~/drivers/driver-app";
import { businessTime, driverCatalogue, driverLanguage, driverTrips, type TripRow } from "~/drivers/job.server";
import { getApp } from "~/server/context";
import { luggageItemsText } from "~/booking/rules/luggage-text";

/**
 * The driver's own trips (issue 15), behind a `driver` sign-in (policy.ts `DRIVER_PAGES`): today's,
 * the next days' and the past week's legs, each with its job link. Staff are sent to their home.
 * Installable on the phone's home screen, kept for reading offline, with each leg's news (issue 31).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const session = await getCurrentSession(request, context);
  if (!session) throw redirect("/admin/login?redirectTo=/driver");
  if (!session.verified) throw redirect("/admin/two-factor");
  if (!can(session.user.role, "trips.own")) throw redirect(homeFor(session.user.role));
  const { lng, setCookie } = await driverLanguage(request);
  const driver = await driverOfUser(db.kysely, session.user.id);
  const now = new Date();
  const trips = driver ? await driverTrips(db.kysely, driver.id, env.SESSION_SECRET, lng, now) : null;
  return data(
    {
      adminLang: lng,
      lng,
      catalogue: driverCatalogue(lng),
      name: driver?.name || session.user.name || session.user.email,
      trips,
      // when the page was made: a copy kept offline says so (driver-app.tsx)
      renderedAt: now.toISOString(),
      asOf: businessTime(now.toISOString()),
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

export function links() {
  return DRIVER_APP_LINKS;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.catalogue.trips.metaTitle ?? "" }, { name: "robots", content: "noindex, nofollow" }, ...DRIVER_APP_META];
}

export default function Trips({ loaderData }: Route.ComponentProps) {
  return (
    <DriverI18nProvider lng={loaderData.lng} catalogue={loaderData.catalogue}>
      <TripsPage name={loaderData.name} trips={loaderData.trips} renderedAt={loaderData.renderedAt} asOf={loaderData.asOf} />
    </DriverI18nProvider>
  );
}

type Groups = { today: TripRow[]; upcoming: TripRow[]; past: TripRow[] };

function TripsPage({ name, trips, renderedAt, asOf }: { name: string; trips: Groups | null; renderedAt: string; asOf: string }) {
  const { t } = useTranslation("driver");
  const { offline } = useDriverApp(renderedAt);
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <DriverLanguages path="/driver" />
        <form method="post" action="/admin/logout" onSubmit={forgetThenSignOut}>
          <button
            type="submit"
            className="min-h-11 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-700"
          >
            {t("trips.signOut")}
          </button>
        </form>
      </div>
      {offline ? <OfflineBanner asOf={asOf} /> : null}
      <h1 className="mt-6 font-display text-3xl font-semibold">{t("trips.title")}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{t("trips.hello", { name })}</p>
      {trips ? (
        <>
          <TripGroup id="today" title={t("trips.today")} trips={trips.today} />
          <TripGroup id="upcoming" title={t("trips.upcoming")} trips={trips.upcoming} showDate />
          <TripGroup id="past" title={t("trips.past")} trips={trips.past} showDate />
        </>
      ) : (
        <p className="mt-6 rounded-xl bg-slate-100 p-4 text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {t("trips.noDriver")}
        </p>
      )}
    </main>
  );
}

function TripGroup({
  id,
  title,
  trips,
  showDate = false,
}: {
  id: string;
  title: string;
  trips: TripRow[];
  showDate?: boolean;
}) {
  const { t } = useTranslation("driver");
  return (
    <section aria-labelledby={`trips-${id}`} className="mt-8">
      <h2 id={`trips-${id}`} className="text-xl font-semibold">
        {title}
      </h2>
      {trips.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("trips.empty")}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {trips.map((trip) => (
            <li
              key={`${trip.bookingId}:${trip.leg}:${trip.party?.unit ?? 1}`}
              className={`rounded-xl border p-4 ${trip.news ? "border-amber-400 dark:border-amber-600" : "border-slate-200 dark:border-slate-800"}`}
              data-testid="driver-trip"
            >
              <NewsBadge news={trip.news} />
              <p className={`text-lg font-semibold ${trip.news ? "mt-2" : ""}`}>
                {showDate ? `${trip.dateText} · ` : ""}
                {trip.time} · {t(trip.leg === "outbound" ? "job.legOutbound" : "job.legReturn")}
              </p>
              <p className="mt-1 break-words">
                {trip.from} → {trip.to}
              </p>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {trip.passenger} · {t("trips.passengerCount", { count: trip.passengers })}
                {trip.party ? ` · ${t("job.partyCarValue", { unit: trip.party.unit, units: trip.party.units, car: trip.party.carName })}` : ""}
              </p>
              {trip.luggageItems ? (
                <p className="mt-1 text-sm font-semibold" data-luggage-items>
                  {t("job.specialLuggage")}: {luggageItemsText(t, trip.luggageItems, "job.luggageItems")}
                </p>
              ) : null}
              {trip.news?.kind === "changed" ? <ChangeLines lines={trip.news.lines} /> : null}
              <p className="mt-1 text-sm">
                {t("job.statusTitle")}: {t(`job.status.${trip.status}`)}
                {trip.bookingStatus === "cancelled" || trip.bookingStatus === "completed"
                  ? ` · ${t("trips.bookingStatus", { status: t(`bookingStatus.${trip.bookingStatus}`) })}`
                  : ""}
              </p>
              {trip.link ? (
                <a
                  href={trip.link}
                  className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white dark:bg-white dark:text-slate-900"
                >
                  {t("trips.open")}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
