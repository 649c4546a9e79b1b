import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { useAdminFormat } from "~/admin/i18n";
import { getDashboard, type Dashboard } from "~/admin/stats.server";
import { bookingBadge } from "~/admin/status";
import { AdminPage, Alert, Card, EmptyState, LinkButton, StatusBadge, buttonClass } from "~/admin/ui";
import { getApp } from "~/server/context";
import { formatTry, liraToKurus } from "~/utils/money";
import { BOOKING_CHANNELS } from "~/booking/rules/channel";
import { ByPartnerCard } from "~/partners/partner-figures-view";
import { toBusinessParts } from "~/booking/rules/datetime";
import { expiringDocuments } from "~/fleet/documents.server";
import { ExpiringDocumentsCard, type ExpiringRow } from "~/fleet/documents-view";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log } = getApp(context);
  try {
    // issue 34: documents expired or expiring within 30 days, the most urgent first
    const documents: ExpiringRow[] = (await expiringDocuments(db.kysely, toBusinessParts(new Date()).date, { limit: 100 })).map(
      ({ owner, ownerName, kind, expiresOn, state, link }) => ({ owner, ownerName, kind, expiresOn, state, link }),
    );
    return { dashboard: await getDashboard(db.kysely), documents, failed: false as const };
  } catch (error) {
    // Never demo numbers: the page says the data could not be loaded.
    log.error({ err: error }, "dashboard stats failed");
    return { dashboard: null, documents: [], failed: true as const };
  }
}

function Change({ value }: { value: number | null }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  if (value === null) return <p className="mt-2 text-xs text-slate-500 admin-dark:text-slate-400">{t("dashboard.noPreviousMonth")}</p>;
  const tone = value > 0 ? "text-emerald-700 admin-dark:text-emerald-400" : value < 0 ? "text-red-700 admin-dark:text-red-400" : "text-slate-600 admin-dark:text-slate-400";
  const arrow = value > 0 ? "▲" : value < 0 ? "▼" : "•";
  const shown = format.percent(Math.abs(value), 1);
  return (
    <p className={`mt-2 text-xs font-medium ${tone}`}>
      <span aria-hidden="true">{arrow}</span> {value < 0 ? "-" : value > 0 ? "+" : ""}
      {shown} <span className="font-normal text-slate-500 admin-dark:text-slate-400">{t("dashboard.changeVsLastMonth")}</span>
    </p>
  );
}

function StatCard({ label, value, change, formula }: { label: string; value: string; change: number | null; formula: string }) {
  return (
    <Card bodyClassName="p-5">
      <p className="text-sm font-medium text-slate-600 admin-dark:text-slate-400" title={formula}>
        {label}
      </p>
      <p className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums admin-dark:text-white">{value}</p>
      <Change value={change} />
    </Card>
  );
}

function RateBar({ label, value, formula }: { label: string; value: number; formula: string }) {
  const shown = useAdminFormat().percent(value, 1);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="font-semibold tabular-nums">{shown}</span>
      </div>
      <div
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200 admin-dark:bg-slate-800"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={shown}
      >
        <div className="h-full rounded-full bg-brand" style={{ width: `${value}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-500 admin-dark:text-slate-400">{formula}</p>
    </div>
  );
}

/**
 * The five latest bookings (spec: id, customer, date, car, status, amount, a details link). The
 * panel spans the page; where it is narrower than the table needs (phones, tablets) each booking
 * is a card instead, so nothing scrolls sideways. A container query decides, without JavaScript.
 */
function RecentBookings({ bookings }: { bookings: Dashboard["recentBookings"] }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const th = "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase admin-dark:text-slate-400";
  const details = (b: Dashboard["recentBookings"][number]) => (
    <Link to={`/admin/bookings/${b.id}`} className="font-medium text-brand-strong hover:underline admin-dark:text-brand">
      {t("dashboard.details")}
      <span className="sr-only">: {b.reference}</span>
    </Link>
  );
  return (
    <>
      <div className="hidden @4xl:block" data-testid="recent-bookings-table">
        <table className="w-full divide-y divide-slate-200 text-sm admin-dark:divide-slate-800">
          <thead className="bg-slate-50 admin-dark:bg-slate-900/60">
            <tr>
              <th scope="col" className={`${th} pl-5`}>{t("dashboard.colId")}</th>
              <th scope="col" className={th}>{t("dashboard.colCustomer")}</th>
              <th scope="col" className={th}>{t("dashboard.colDate")}</th>
              <th scope="col" className={th}>{t("dashboard.colCar")}</th>
              <th scope="col" className={th}>{t("dashboard.colStatus")}</th>
              <th scope="col" className={`${th} text-right`}>{t("dashboard.colAmount")}</th>
              <th scope="col" className={`${th} pr-5`}>
                <span className="sr-only">{t("dashboard.colActions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 admin-dark:divide-slate-800">
            {bookings.map((b) => {
              const badge = bookingBadge(b.status);
              return (
                <tr key={b.id}>
                  <td className="py-3 pr-3 pl-5 font-mono text-xs whitespace-nowrap">{b.reference}</td>
                  <td className="px-3 py-3 [overflow-wrap:anywhere]">
                    <p className="font-medium">{b.fullName}</p>
                    <p className="text-xs text-slate-500 admin-dark:text-slate-400">{b.email}</p>
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap tabular-nums">{format.date(b.pickupDate)}</td>
                  <td className="px-3 py-3">{b.carName || "—"}</td>
                  <td className="px-3 py-3">
                    <StatusBadge label={t(badge.key)} tone={badge.tone} />
                  </td>
                  <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">{formatTry(liraToKurus(b.totalPrice))}</td>
                  <td className="py-3 pr-5 pl-3 text-right whitespace-nowrap">{details(b)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-slate-100 @4xl:hidden admin-dark:divide-slate-800" data-testid="recent-bookings-cards">
        {bookings.map((b) => {
          const badge = bookingBadge(b.status);
          return (
            <li key={b.id} className="space-y-1 px-5 py-4 text-sm [overflow-wrap:anywhere]">
              <div className="flex items-center justify-between gap-3">
                <span className="font-mono text-xs">{b.reference}</span>
                <StatusBadge label={t(badge.key)} tone={badge.tone} />
              </div>
              <p className="font-medium">{b.fullName}</p>
              <p className="text-xs text-slate-500 admin-dark:text-slate-400">{b.email}</p>
              <p className="text-slate-600 admin-dark:text-slate-400">
                <span className="tabular-nums">{format.date(b.pickupDate)}</span> · {b.carName || "—"}
              </p>
              <div className="flex items-center justify-between gap-3 pt-1">
                <span className="font-semibold tabular-nums">{formatTry(liraToKurus(b.totalPrice))}</span>
                {details(b)}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** One day's operations: its legs and what still needs the office, each a link to where it is dealt with. */
function DayCard({ title, day }: { title: string; day: Dashboard["operations"]["today"] }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const board = `/admin/dispatch?date=${day.date}`;
  const rows: Array<{ key: string; n: number; alert: boolean }> = [
    { key: "withoutCar", n: day.withoutCar, alert: day.withoutCar > 0 },
    { key: "withoutDriver", n: day.withoutDriver, alert: day.withoutDriver > 0 },
    { key: "collisions", n: day.collisions, alert: day.collisions > 0 },
    { key: "nextTwoHours", n: day.nextTwoHours, alert: false },
    { key: "flights", n: day.flights, alert: false },
  ];
  return (
    <Card
      title={title}
      actions={
        <Link to={board} className="inline-block min-h-6 leading-6 text-sm font-medium text-brand-strong hover:underline admin-dark:text-brand">
          {t("dashboard.ops.openBoard")}
          <span className="sr-only">: {title}</span>
        </Link>
      }
    >
      <p className="text-3xl font-semibold tracking-tight tabular-nums">
        {format.number(day.legs)} <span className="text-base font-medium text-slate-600 admin-dark:text-slate-400">{t("dashboard.ops.legs", { count: day.legs })}</span>
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {rows.map((r) => (
          <div key={r.key}>
            <dt className="text-slate-600 admin-dark:text-slate-400">{t(`dashboard.ops.${r.key}`)}</dt>
            <dd className={`font-semibold tabular-nums ${r.alert ? "text-red-700 admin-dark:text-red-400" : ""}`}>{format.number(r.n)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The day first (issue 29): today, tomorrow, the bookings awaiting confirmation and the quote requests awaiting an offer. */
function OperationsPanel({ operations }: { operations: Dashboard["operations"] }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  return (
    <section aria-labelledby="ops-title" className="space-y-3">
      <h2 id="ops-title" className="text-lg font-semibold">
        {t("dashboard.ops.title")}
      </h2>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[1fr_1fr_minmax(0,16rem)]">
        <DayCard title={t("dashboard.ops.today")} day={operations.today} />
        <DayCard title={t("dashboard.ops.tomorrow")} day={operations.tomorrow} />
        <Card title={t("dashboard.ops.pending")}>
          <p className={`text-3xl font-semibold tabular-nums ${operations.pending > 0 ? "text-amber-700 admin-dark:text-amber-400" : ""}`}>{format.number(operations.pending)}</p>
          <Link to="/admin/bookings?view=all&status=pending" className="mt-2 inline-block min-h-6 leading-6 text-sm font-medium text-brand-strong hover:underline admin-dark:text-brand">
            {t("dashboard.ops.pendingLink")}
          </Link>
          <p className="mt-4 border-t border-slate-200 pt-3 text-sm text-slate-600 admin-dark:border-slate-800 admin-dark:text-slate-400">{t("dashboard.ops.openQuotes")}</p>
          <p className={`text-3xl font-semibold tabular-nums ${operations.openQuotes > 0 ? "text-amber-700 admin-dark:text-amber-400" : ""}`} data-testid="open-quotes">
            {format.number(operations.openQuotes)}
          </p>
          <Link to="/admin/quote-requests" className="mt-2 inline-block min-h-6 leading-6 text-sm font-medium text-brand-strong hover:underline admin-dark:text-brand">
            {t("dashboard.ops.openQuotesLink")}
          </Link>
        </Card>
      </div>
      <h2 className="pt-3 text-lg font-semibold">{t("dashboard.ops.sales")}</h2>
    </section>
  );
}

/** This month's bookings by channel, each a link to the list of that channel's bookings; largest first. */
function ChannelCounts({ channels }: { channels: Dashboard["channels"] }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const total = Object.values(channels).reduce((sum, n) => sum + n, 0);
  const rows = BOOKING_CHANNELS.map((channel) => ({ channel, n: channels[channel] }))
    .filter((row) => row.n > 0)
    .sort((a, b) => b.n - a.n);
  return (
    <Card title={t("dashboard.channels")} className="xl:col-span-2">
      <p className="text-sm text-slate-600 admin-dark:text-slate-400">{t("dashboard.channelsNote")}</p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("dashboard.noChannelBookings")}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {rows.map(({ channel, n }) => {
            const share = total > 0 ? Math.round((n / total) * 1000) / 10 : 0;
            const label = t(`channels.${channel}`);
            return (
              <li key={channel}>
                <div className="flex items-baseline justify-between gap-2 text-sm">
                  <Link
                    to={`/admin/bookings?view=all&channel=${channel}`}
                    className="inline-block min-h-6 leading-6 font-medium text-brand-strong hover:underline admin-dark:text-brand"
                    aria-label={t("dashboard.channelLink", { channel: label })}
                  >
                    {label}
                  </Link>
                  <span className="tabular-nums">
                    <span className="font-semibold">{format.number(n)}</span> <span className="text-slate-500 admin-dark:text-slate-400">· {format.percent(share, 1)}</span>
                  </span>
                </div>
                <div aria-hidden="true" className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 admin-dark:bg-slate-800">
                  <div className="h-full rounded-full bg-brand" style={{ width: `${share}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

function DashboardView({ data, documents }: { data: Dashboard; documents: ExpiringRow[] }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const { stats, recentBookings, popularCars } = data;
  return (
    <>
      <ExpiringDocumentsCard rows={documents} />
      <OperationsPanel operations={data.operations} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label={t("dashboard.totalBookings")} value={format.number(stats.totalBookings)} change={stats.changes.totalBookings} formula={t("dashboard.formulaTotal")} />
        <StatCard label={t("dashboard.activeCars")} value={format.number(stats.totalCars)} change={stats.changes.totalCars} formula={t("dashboard.formulaCars")} />
        <StatCard label={t("dashboard.activeBookings")} value={format.number(stats.activeBookings)} change={stats.changes.activeBookings} formula={t("dashboard.formulaActive")} />
        <StatCard label={t("dashboard.monthlyRevenue")} value={formatTry(liraToKurus(stats.monthlyRevenue))} change={stats.changes.monthlyRevenue} formula={t("dashboard.formulaRevenue")} />
      </div>

      <Card
        title={t("dashboard.recentBookings")}
        bodyClassName="p-0 @container"
        actions={
          <Link to="/admin/bookings" className="text-sm font-medium text-brand-strong hover:underline admin-dark:text-brand">
            {t("dashboard.viewAllBookings")}
          </Link>
        }
      >
        {recentBookings.length === 0 ? (
          <div className="p-5">
            <EmptyState title={t("dashboard.noBookings")} />
          </div>
        ) : (
          <RecentBookings bookings={recentBookings} />
        )}
      </Card>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <Card
          title={t("dashboard.popularCars")}
          actions={
            <Link to="/admin/cars" className="text-sm font-medium text-brand-strong hover:underline admin-dark:text-brand">
              {t("dashboard.viewAllCars")}
            </Link>
          }
        >
          {popularCars.length === 0 ? (
            <p className="text-sm text-slate-600 admin-dark:text-slate-400">{t("dashboard.noCars")}</p>
          ) : (
            <ol className="space-y-3">
              {popularCars.map((car, i) => (
                <li key={car.id} className="flex items-center gap-3">
                  <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand-strong admin-dark:text-brand">
                    {i + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{car.name}</p>
                    <p className="text-xs text-slate-500 admin-dark:text-slate-400">
                      {car.category} · {t("dashboard.bookingsCount", { count: car.bookingsCount })}
                    </p>
                  </div>
                  <LinkButton to={`/admin/cars/edit/${car.id}`} size="sm" variant="secondary" aria-label={`${t("dashboard.edit")}: ${car.name}`}>
                    {t("dashboard.edit")}
                  </LinkButton>
                </li>
              ))}
            </ol>
          )}
        </Card>

        <ChannelCounts channels={data.channels} />

        <ByPartnerCard figures={data.byPartner} />

        <Card title={t("dashboard.quickStats")} className="xl:col-span-3">
          <div className="grid gap-6 md:grid-cols-3">
            <RateBar label={t("dashboard.completionRate")} value={stats.bookingCompletionRate} formula={t("dashboard.formulaCompletion")} />
            <RateBar label={t("dashboard.occupancyRate")} value={stats.carOccupancyRate} formula={t("dashboard.formulaOccupancy")} />
            <RateBar label={t("dashboard.cancellationRate")} value={stats.cancellationRate} formula={t("dashboard.formulaCancellation")} />
          </div>
        </Card>
      </div>

      <details className="text-sm text-slate-600 admin-dark:text-slate-400">
        <summary className="cursor-pointer font-medium">{t("dashboard.howCalculated")}</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t("dashboard.formulaTotal")}</li>
          <li>{t("dashboard.formulaCars")}</li>
          <li>{t("dashboard.formulaActive")}</li>
          <li>{t("dashboard.formulaRevenue")}</li>
          <li>{t("dashboard.monthNote")}</li>
        </ul>
      </details>
    </>
  );
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <AdminPage title={t("dashboard.title")} description={t("dashboard.description")}>
      <title>{t("dashboard.title")}</title>
      {loaderData.failed || !loaderData.dashboard ? (
        <Alert
          tone="error"
          action={
            <a href="/admin/dashboard" className={buttonClass("secondary", "sm")}>
              {t("dashboard.reload")}
            </a>
          }
        >
          {t("dashboard.loadError")}
        </Alert>
      ) : (
        <DashboardView data={loaderData.dashboard} documents={loaderData.documents} />
      )}
    </AdminPage>
  );
}
