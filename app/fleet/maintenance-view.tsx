/**
 * A car's maintenance in the back office: the window as one line (the cars list) and the bookings
 * it collides with (the car's edit page after a save), so the office can move them.
 */
import { Trans } from "react-i18next";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { useAdminFormat } from "~/admin/i18n";
import { Card } from "~/admin/ui";
import type { CarStatus } from "~/server/db/schema";
import type { ConflictingBooking } from "./maintenance.server";

/** "Bakım: 12.12.2026 08:00 – 14.12.2026 18:00", or the open forms; nothing when the car has no window. */
export function MaintenanceWindowText({
  car,
}: {
  car: { status: CarStatus | string; maintenance_from: string | null; maintenance_to: string | null };
}) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const { maintenance_from: from, maintenance_to: to } = car;
  const key = from && to ? "window" : from ? "windowFrom" : to ? "windowTo" : car.status === "maintenance" ? "indefinite" : null;
  if (!key) return null;
  return (
    <p className="text-sm font-medium text-amber-800 admin-dark:text-amber-300" data-testid="car-maintenance-window">
      {/* each date kept on one line */}
      <Trans
        t={t}
        i18nKey={`carMaintenance.${key}`}
        values={{ from: from ? format.date(from) : "", to: to ? format.date(to) : "" }}
        components={{ d: <span className="whitespace-nowrap tabular-nums" /> }}
      />
    </p>
  );
}

/** How many colliding legs the page names; the rest are counted. */
const SHOWN = 50;

export function MaintenanceConflicts({ bookings }: { bookings: readonly ConflictingBooking[] }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  if (bookings.length === 0) return null;
  return (
    <Card title={t("carMaintenance.conflictsTitle", { count: bookings.length })}>
      <div data-testid="maintenance-conflicts">
        <p className="mb-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("carMaintenance.conflictsIntro")}</p>
        <ul className="divide-y divide-slate-100 admin-dark:divide-slate-800">
          {bookings.slice(0, SHOWN).map((b) => {
            const start = format.date(b.pickup_at);
            const end = format.date(b.dropoff_at);
            return (
              <li
                key={`${b.booking_id}-${b.leg}`}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    <span className="font-mono text-xs">{b.reference}</span> · {b.full_name}
                  </p>
                  <p className="text-slate-600 tabular-nums admin-dark:text-slate-400">
                    {t(`carMaintenance.legs.${b.leg}`)}: {start} –{" "}
                    {end.slice(0, 10) === start.slice(0, 10) ? end.slice(11) : end}
                  </p>
                </div>
                <Link
                  to={`/admin/bookings/${b.booking_id}`}
                  className="font-medium text-brand-strong hover:underline admin-dark:text-brand"
                >
                  {t("carMaintenance.open")}
                  <span className="sr-only">: {b.reference}</span>
                </Link>
              </li>
            );
          })}
        </ul>
        {bookings.length > SHOWN ? (
          <p className="mt-2 text-sm">{t("carMaintenance.more", { count: bookings.length - SHOWN })}</p>
        ) : null}
      </div>
    </Card>
  );
}
