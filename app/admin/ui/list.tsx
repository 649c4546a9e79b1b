/**
 * Pieces shared by the back office's list screens (bookings, cars, messages, subscribers):
 * numbered pagination with the range summary, the inbox tabs and the booking status badge. Plain
 * links, so they work without JavaScript.
 */
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { useAdminFormat } from "~/admin/i18n";
import { bookingBadge } from "~/admin/status";
import { StatusBadge } from "./page";

export function BookingStatusBadge({ status, autoConfirmed }: { status: string | null | undefined; /** the system confirmed it as it was made (issue 32) */ autoConfirmed?: boolean }) {
  const { t } = useTranslation("admin");
  const badge = bookingBadge(status);
  return (
    <>
      <StatusBadge label={t(badge.key)} tone={badge.tone} />
      {autoConfirmed && status === "confirmed" ? (
        <span data-testid="auto-confirmed" className="mt-1 block w-fit text-xs text-slate-600 admin-dark:text-slate-400" title={t("bookings.autoConfirmedHelp")}>
          {t("bookings.autoConfirmed")}
        </span>
      ) : null}
    </>
  );
}

/** Page numbers to show: first, last, and two around the current one, with gaps as null. */
export function pageWindow(page: number, pageCount: number): Array<number | null> {
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const [i, p] of sorted.entries()) {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  }
  return out;
}

export function Pagination({
  page,
  pageCount,
  total,
  more = false,
  pageSize,
  noun,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  total: number;
  /** more than `total` match (a list that counts only so far): "1.000+" */
  more?: boolean;
  pageSize: number;
  /** what is counted (pagination.items.* in the admin catalogue) */
  noun: "bookings" | "cars" | "messages" | "subscribers" | "mails" | "guests" | "requests";
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const item =
    "inline-flex min-w-9 items-center justify-center rounded-lg border px-2.5 py-1.5 text-sm border-slate-300 hover:bg-slate-100 admin-dark:border-slate-700 admin-dark:hover:bg-slate-800";
  return (
    <nav aria-label={t("pagination.label")} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600 admin-dark:text-slate-400">
        {t(more ? "pagination.summaryMore" : "pagination.summary", {
          total: format.number(total),
          from: format.number(from),
          to: format.number(to),
          items: t(`pagination.items.${noun}`, { count: total }),
        })}
      </p>
      {pageCount > 1 ? (
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            {page > 1 ? (
              <Link to={hrefFor(page - 1)} className={item} rel="prev">
                {t("pagination.previous")}
              </Link>
            ) : (
              <span className={`${item} opacity-50`} aria-disabled="true">
                {t("pagination.previous")}
              </span>
            )}
          </li>
          {pageWindow(page, pageCount).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
                …
              </li>
            ) : (
              <li key={p}>
                <Link
                  to={hrefFor(p)}
                  aria-current={p === page ? "page" : undefined}
                  aria-label={t("pagination.page", { page: p })}
                  className={`${item} ${p === page ? "border-brand bg-brand font-semibold text-ink hover:bg-brand" : ""}`}
                >
                  {p}
                </Link>
              </li>
            ),
          )}
          <li>
            {page < pageCount ? (
              <Link to={hrefFor(page + 1)} className={item} rel="next">
                {t("pagination.next")}
              </Link>
            ) : (
              <span className={`${item} opacity-50`} aria-disabled="true">
                {t("pagination.next")}
              </span>
            )}
          </li>
        </ul>
      ) : null}
    </nav>
  );
}

/** The query string of a list with one value changed (empty values dropped, page reset unless set). */
export function listHref(path: string, current: Record<string, string | undefined>, change: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  const merged: Record<string, string | number | undefined> = { ...current, page: undefined, ...change };
  for (const [k, v] of Object.entries(merged)) {
    if (v === undefined || v === "" || (k === "page" && Number(v) === 1)) continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Tabs between the office's inbox screens. */
const INBOX_TABS = [
  { key: "bookings", to: "/admin/bookings", label: "nav.bookings" },
  { key: "messages", to: "/admin/messages", label: "nav.messages" },
  { key: "subscribers", to: "/admin/subscribers", label: "subscribers.title" },
] as const;

export function InboxTabs({ current }: { current: (typeof INBOX_TABS)[number]["key"] }) {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("inbox.label")} className="flex gap-1 border-b border-slate-200 admin-dark:border-slate-800">
      {INBOX_TABS.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          aria-current={tab.key === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
            tab.key === current
              ? "border-brand text-slate-900 admin-dark:text-white"
              : "border-transparent text-slate-600 hover:text-slate-900 admin-dark:text-slate-400 admin-dark:hover:text-white"
          }`}
        >
          {t(tab.label)}
        </Link>
      ))}
    </nav>
  );
}
