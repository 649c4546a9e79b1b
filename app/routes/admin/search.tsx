import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/search";
import { useAdminFormat } from "~/admin/i18n";
import { adminSearch, SEARCH_LIMIT, SEARCH_MIN_LENGTH } from "~/admin/search.server";
import { bookingBadge, CAR_TONES } from "~/admin/status";
import { AdminPage, Card, EmptyState, StatusBadge } from "~/admin/ui";
import { getApp } from "~/server/context";
import { formatTry, liraToKurus } from "~/utils/money";
import { foldSearchText } from "~/utils/search-text";

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const tooShort = foldSearchText(q).length < SEARCH_MIN_LENGTH;
  const results = tooShort ? { bookings: [], cars: [] } : await adminSearch(getApp(context).db.kysely, q);
  return { q, tooShort, limit: SEARCH_LIMIT, ...results };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const { q, tooShort, limit, bookings, cars } = loaderData;
  return (
    <AdminPage title={t("search.title")} description={q ? t("search.resultsFor", { q }) : undefined}>
      <title>{t("search.title")}</title>
      {tooShort ? (
        <EmptyState title={t("search.tooShort")} />
      ) : (
        <>
          <Card title={`${t("search.bookings")} (${bookings.length})`} bodyClassName="p-0">
            {bookings.length === 0 ? (
              <p className="px-5 py-6 text-sm text-slate-600 admin-dark:text-slate-400">{t("search.noBookings")}</p>
            ) : (
              <ul className="divide-y divide-slate-100 admin-dark:divide-slate-800">
                {bookings.map((b) => {
                  const badge = bookingBadge(b.status);
                  return (
                    <li key={b.id}>
                      <Link to={`/admin/bookings/${b.id}`} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3 hover:bg-slate-50 admin-dark:hover:bg-slate-800/60">
                        <span className="font-mono text-xs">{b.reference}</span>
                        <span className="font-medium">{b.fullName}</span>
                        <span className="text-sm text-slate-600 admin-dark:text-slate-400">
                          {b.email} · {b.phone}
                        </span>
                        <span className="w-full text-sm text-slate-600 sm:w-auto admin-dark:text-slate-400">
                          {b.pickupLocation} → {b.dropoffLocation}
                        </span>
                        <span className="text-sm tabular-nums">{format.date(b.pickupDate)}</span>
                        <StatusBadge label={t(badge.key)} tone={badge.tone} />
                        <span className="ml-auto text-sm tabular-nums">{formatTry(liraToKurus(b.totalPrice))}</span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </Card>
          <Card title={`${t("search.cars")} (${cars.length})`} bodyClassName="p-0">
            {cars.length === 0 ? (
              <p className="px-5 py-6 text-sm text-slate-600 admin-dark:text-slate-400">{t("search.noCars")}</p>
            ) : (
              <ul className="divide-y divide-slate-100 admin-dark:divide-slate-800">
                {cars.map((c) => (
                  <li key={c.id}>
                    <Link to={`/admin/cars/edit/${c.id}`} className="flex flex-wrap items-center gap-4 px-5 py-3 hover:bg-slate-50 admin-dark:hover:bg-slate-800/60">
                      <span className="font-medium">{c.name}</span>
                      <span className="text-sm text-slate-600 admin-dark:text-slate-400">
                        {[c.make, c.model].filter(Boolean).join(" ")} · {c.category}
                      </span>
                      <StatusBadge label={t(`carStatus.${c.status}`)} tone={CAR_TONES[c.status] ?? "neutral"} />
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {bookings.length >= limit || cars.length >= limit ? (
            <p className="text-sm text-slate-600 admin-dark:text-slate-400">{t("search.limited", { count: limit })}</p>
          ) : null}
        </>
      )}
    </AdminPage>
  );
}
