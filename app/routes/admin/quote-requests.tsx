/**
 * /admin/quote-requests — the trips the site could not price, sent by visitors (issue 29): one
 * status at a time (open first, the longest waiting at the top; offered; accepted; closed), each
 * with why the site could not price it, opening its page where the office offers or closes it.
 * Plain links without JavaScript; cards on a phone.
 */
import { Link } from "react-router";
import type { Route } from "./+types/quote-requests";
import { useTranslation } from "~/i18n/react";
import { AdminPage, Alert, Card, EmptyState, StatusBadge } from "~/admin/ui";
import { QUOTE_STATUS_TONES } from "~/admin/quote-status";
import { Pagination } from "~/admin/ui/list";
import { useAdminFormat } from "~/admin/i18n";
import { listQuoteRequests, readReasons, QUOTE_PAGE_SIZE } from "~/booking/index.server";
import { getApp } from "~/server/context";
import { QUOTE_REQUEST_STATUSES, type QuoteRequestStatus } from "~/server/db/schema";
import { parsePage } from "~/utils/paging";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = getApp(context);
  const params = new URL(request.url).searchParams;
  const given = params.get("status") ?? "open";
  const status: QuoteRequestStatus = (QUOTE_REQUEST_STATUSES as readonly string[]).includes(given) ? (given as QuoteRequestStatus) : "open";
  try {
    const page = await listQuoteRequests(db.kysely, status, parsePage(params.get("page")));
    return {
      ...page,
      rows: page.rows.map((r) => ({
        id: r.id,
        reference: r.reference,
        name: r.full_name,
        pickup: r.pickup,
        dropoff: r.dropoff,
        tripType: r.trip_type,
        pickupAt: r.pickup_at,
        passengers: r.passengers,
        reasons: readReasons(r),
        createdAt: r.created_at,
        offerTotal: r.offer_total,
      })),
      pageSize: QUOTE_PAGE_SIZE,
      failed: false as const,
    };
  } catch (error) {
    log.error({ err: error }, "quote requests list failed");
    return { rows: [], counts: { open: 0, offered: 0, accepted: 0, closed: 0 }, status, page: 1, pageCount: 1, total: 0, pageSize: QUOTE_PAGE_SIZE, failed: true as const };
  }
}

export default function QuoteRequests({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const { rows, counts, status, page, pageCount, total, pageSize, failed } = loaderData;
  const href = (p: number, s: QuoteRequestStatus = status) => `/admin/quote-requests?${new URLSearchParams({ ...(s !== "open" ? { status: s } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <AdminPage title={t("quotes.title")} description={t("quotes.description")}>
      <title>{`${t("quotes.title")} · ${t("shell.brand")}`}</title>
      {failed ? <Alert tone="error">{t("quotes.loadFailed")}</Alert> : null}
      <nav aria-label={t("quotes.statusNav")} className="flex flex-wrap gap-2">
        {QUOTE_REQUEST_STATUSES.map((s) => (
          <Link
            key={s}
            to={href(1, s)}
            aria-current={s === status ? "page" : undefined}
            className={`inline-flex min-h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium ${s === status ? "border-brand bg-brand/10 text-slate-900 admin-dark:text-white" : "border-slate-300 text-slate-700 hover:border-brand admin-dark:border-slate-700 admin-dark:text-slate-300"}`}
          >
            {t(`quotes.status.${s}`)}
            <span className="tabular-nums text-slate-500 admin-dark:text-slate-400">{counts[s]}</span>
          </Link>
        ))}
      </nav>
      {rows.length === 0 && !failed ? <EmptyState title={t(`quotes.empty.${status}`)} /> : null}
      {rows.length > 0 ? (
        <Card bodyClassName="p-0">
          <ul className="divide-y divide-slate-200 admin-dark:divide-slate-800" data-testid="quote-requests-list">
            {rows.map((r) => (
              <li key={r.id} className="grid gap-1 px-5 py-4 text-sm sm:grid-cols-[1.2fr_2fr_1.2fr_auto] sm:items-center sm:gap-4">
                <div className="[overflow-wrap:anywhere]">
                  <Link to={`/admin/quote-requests/${r.id}`} className="inline-block min-h-6 font-mono leading-6 font-medium text-brand-strong hover:underline admin-dark:text-brand">
                    {r.reference}
                  </Link>
                  <p className="text-slate-700 admin-dark:text-slate-300">{r.name}</p>
                </div>
                <div className="[overflow-wrap:anywhere]">
                  <p>
                    {r.pickup}
                    {r.dropoff ? ` → ${r.dropoff}` : ` · ${t(`officeBooking.tripTypes.${r.tripType}`, { defaultValue: r.tripType })}`}
                  </p>
                  <p className="text-xs text-slate-600 admin-dark:text-slate-400">
                    {format.date(r.pickupAt)} · {t("quotes.passengers", { count: r.passengers })}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1">
                  {r.reasons.map((reason) => (
                    <StatusBadge key={reason} label={t(`quotes.reasons.${reason}`)} tone="warning" />
                  ))}
                </div>
                <span className="text-xs text-slate-600 tabular-nums admin-dark:text-slate-400">{t("quotes.received", { date: format.date(r.createdAt) })}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {total > 0 ? <Pagination page={page} pageCount={pageCount} total={total} pageSize={pageSize} noun="requests" hrefFor={(p) => href(p)} /> : null}
      <p className="text-sm text-slate-600 admin-dark:text-slate-400">
        <StatusBadge label={t(`quotes.status.${status}`)} tone={QUOTE_STATUS_TONES[status]} /> {t(`quotes.statusHelp.${status}`)}
      </p>
    </AdminPage>
  );
}
