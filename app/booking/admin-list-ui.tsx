/**
 * Pieces shared by the back office's list screens (bookings, cars, messages, subscribers):
 * numbered pagination with the range summary, and the booking status badge. Plain links, so they
 * work without JavaScript.
 */
import { Link } from "react-router";
import { StatusBadge, type Tone } from "~/admin/ui";
import { statusBadge } from "./status";

const TONE: Record<string, Tone> = {
  pending: "warning",
  confirmed: "info",
  completed: "success",
  cancelled: "danger",
  unknown: "neutral",
};

export function BookingStatusBadge({ status }: { status: string | null | undefined }) {
  const badge = statusBadge(status);
  return <StatusBadge label={badge.label} tone={TONE[badge.tone]} />;
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
  pageSize,
  noun,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  /** what is counted, e.g. "rezervasyon" */
  noun: string;
  hrefFor: (page: number) => string;
}) {
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const item =
    "inline-flex min-w-9 items-center justify-center rounded-lg border px-2.5 py-1.5 text-sm border-slate-300 hover:bg-slate-100 admin-dark:border-slate-700 admin-dark:hover:bg-slate-800";
  return (
    <nav aria-label="Sayfalar" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600 admin-dark:text-slate-400">
        Toplam {total.toLocaleString("tr-TR")} {noun} içinden {from.toLocaleString("tr-TR")}–{to.toLocaleString("tr-TR")} arası gösteriliyor
      </p>
      {pageCount > 1 ? (
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            {page > 1 ? (
              <Link to={hrefFor(page - 1)} className={item} rel="prev">
                Önceki
              </Link>
            ) : (
              <span className={`${item} opacity-50`} aria-disabled="true">
                Önceki
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
                  aria-label={`Sayfa ${p}`}
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
                Sonraki
              </Link>
            ) : (
              <span className={`${item} opacity-50`} aria-disabled="true">
                Sonraki
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
export function InboxTabs({ current }: { current: "bookings" | "messages" | "subscribers" }) {
  const tabs = [
    { key: "bookings", to: "/admin/bookings", label: "Rezervasyonlar" },
    { key: "messages", to: "/admin/messages", label: "Mesajlar" },
    { key: "subscribers", to: "/admin/subscribers", label: "Bülten Aboneleri" },
  ] as const;
  return (
    <nav aria-label="Gelen kutusu" className="flex gap-1 border-b border-slate-200 admin-dark:border-slate-800">
      {tabs.map((tab) => (
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
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
