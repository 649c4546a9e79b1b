/**
 * /admin/customers — the guests the office knows (issue 29), matched from every booking by phone
 * or e-mail: a search by name, e-mail or phone in any format ("0532 123 45 67" finds
 * "+90 532 123 45 67"), the latest booked first, each opening its guest page. Plain GET without
 * JavaScript; cards on a phone.
 */
import { Form, Link } from "react-router";
import type { Route } from "./+types/customers";
import { useTranslation } from "~/i18n/react";
import { useAdminFormat } from "~/admin/i18n";
import { AdminPage, Alert, Card, EmptyState, LinkButton, TextField, buttonClass } from "~/admin/ui";
import { Pagination } from "~/admin/ui/list";
import { listCustomers } from "~/booking/index.server";
import { getApp } from "~/server/context";
import { parsePage } from "~/utils/paging";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = getApp(context);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  try {
    const page = await listCustomers(db.kysely, q || undefined, parsePage(params.get("page")));
    return { ...page, q, failed: false as const };
  } catch (error) {
    log.error({ err: error }, "customers list failed");
    return { customers: [], total: 0, page: 1, pageSize: 20, pageCount: 1, q, failed: true as const };
  }
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const { customers, total, page, pageSize, pageCount, q, failed } = loaderData;
  const href = (p: number) => `/admin/customers?${new URLSearchParams({ ...(q ? { q } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <AdminPage title={t("customers.title")} description={t("customers.description")}>
      <title>{`${t("customers.title")} · ${t("shell.brand")}`}</title>
      {failed ? <Alert tone="error">{t("customers.loadFailed")}</Alert> : null}
      <Form method="get" role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField id="customers-q" name="q" type="search" label={t("ui.search")} defaultValue={q} placeholder={t("customers.searchPlaceholder")} className="sm:w-96" />
        <button type="submit" className={buttonClass("primary")}>
          {t("ui.filter")}
        </button>
      </Form>
      {customers.length === 0 && !failed ? (
        <EmptyState title={q ? t("customers.emptyMatch") : t("customers.emptyAll")} action={q ? <LinkButton to="/admin/customers">{t("ui.clearFilters")}</LinkButton> : undefined} />
      ) : null}
      {customers.length > 0 ? (
        <Card bodyClassName="p-0">
          <ul className="divide-y divide-slate-200 admin-dark:divide-slate-800" data-testid="customers-list">
            {customers.map((c) => (
              <li key={c.id} className="grid gap-1 px-5 py-4 text-sm sm:grid-cols-[2fr_1.5fr_1fr_auto] sm:items-center sm:gap-4">
                <div className="[overflow-wrap:anywhere]">
                  <Link to={`/admin/customers/${c.id}`} className="inline-block min-h-6 leading-6 font-medium text-brand-strong hover:underline admin-dark:text-brand">
                    {c.full_name}
                  </Link>
                  <p className="text-xs text-slate-600 admin-dark:text-slate-400">{c.email}</p>
                </div>
                <a href={`tel:${c.phone.replace(/[^+\d]/g, "")}`} className="inline-block min-h-6 leading-6 tabular-nums underline">
                  {c.phone}
                </a>
                <span className="text-slate-600 admin-dark:text-slate-400">{t(`officeBooking.languages.${c.language}`, { defaultValue: c.language })}</span>
                <span className="text-slate-600 tabular-nums admin-dark:text-slate-400">{c.last_trip_at ? t("customers.lastTrip", { date: format.date(c.last_trip_at) }) : "—"}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {total > 0 ? <Pagination page={page} pageCount={pageCount} total={total} pageSize={pageSize} noun="guests" hrefFor={href} /> : null}
    </AdminPage>
  );
}
