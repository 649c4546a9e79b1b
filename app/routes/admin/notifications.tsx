import { useTranslation } from "~/i18n/react";
import { Form, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/notifications";
import { useAdminFormat } from "~/admin/i18n";
import { adminLanguage } from "~/admin/i18n.server";
import { listNotifications, markNotificationsRead } from "~/admin/notifications.server";
import { AdminPage, Card, EmptyState, StatusBadge, buttonClass, type Tone } from "~/admin/ui";
import { safeAdminRedirect } from "~/auth/schemas";
import { getApp } from "~/server/context";

const PAGE_SIZE = 20;
const KIND_TONES: Record<string, Tone> = { booking: "info", contact: "success", maintenance: "warning", quote: "info", flight: "warning" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const unreadOnly = url.searchParams.get("filter") === "unread";
  const asked = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(asked) && asked > 0 ? Math.min(asked, 10_000) : 1;
  const db = getApp(context).db.kysely;
  const { items, total } = await listNotifications(db, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, unreadOnly, lng: await adminLanguage(db) });
  return { items, total, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), unreadOnly };
}

/** Mark one notice (intent=read, id) or all (intent=read-all) as read; then back where the admin was. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const db = getApp(context).db.kysely;
  const intent = form.get("intent");
  if (intent === "read-all") await markNotificationsRead(db, "all");
  else if (intent === "read") {
    const id = form.get("id");
    if (typeof id === "string" && id.length <= 64) await markNotificationsRead(db, [id]);
  }
  throw redirect(safeAdminRedirect(form.get("redirectTo"), "/admin/notifications"));
}

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const [params] = useSearchParams();
  const { items, page, pages, unreadOnly } = loaderData;
  const here = `/admin/notifications?${params.toString()}`;
  const pageLink = (p: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(p));
    return `/admin/notifications?${next.toString()}`;
  };
  const tab = (active: boolean) =>
    `rounded-lg px-3 py-1.5 text-sm font-medium ${active ? "bg-brand text-ink" : "text-slate-700 hover:bg-slate-200 admin-dark:text-slate-300 admin-dark:hover:bg-slate-800"}`;
  return (
    <AdminPage
      title={t("notifications.title")}
      description={t("notifications.description")}
      actions={
        <Form method="post">
          <input type="hidden" name="intent" value="read-all" />
          <input type="hidden" name="redirectTo" value={here} />
          <button type="submit" className={buttonClass("secondary", "sm")}>
            {t("shell.markAllRead")}
          </button>
        </Form>
      }
    >
      <title>{t("notifications.title")}</title>
      <nav className="flex gap-2" aria-label={t("notifications.title")}>
        <Link to="/admin/notifications" className={tab(!unreadOnly)} aria-current={!unreadOnly ? "page" : undefined}>
          {t("notifications.filterAll")}
        </Link>
        <Link to="/admin/notifications?filter=unread" className={tab(unreadOnly)} aria-current={unreadOnly ? "page" : undefined}>
          {t("notifications.filterUnread")}
        </Link>
      </nav>
      {items.length === 0 ? (
        <EmptyState title={t("notifications.empty")} description={t("notifications.emptyHint")} />
      ) : (
        <Card bodyClassName="p-0">
          <ul className="divide-y divide-slate-100 admin-dark:divide-slate-800">
            {items.map((n) => (
              <li key={n.id} className={`flex flex-wrap items-start gap-3 px-5 py-4 sm:flex-nowrap ${n.read ? "" : "bg-brand-soft"}`}>
                <div className="w-28 shrink-0">
                  <StatusBadge label={t(`notifications.kind.${n.kind}`, { defaultValue: n.kind })} tone={KIND_TONES[n.kind] ?? "neutral"} />
                </div>
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{n.title}</p>
                  {n.body ? <p className="mt-0.5 text-sm text-slate-600 admin-dark:text-slate-400">{n.body}</p> : null}
                  <p className="mt-1 text-xs text-slate-500 admin-dark:text-slate-400">{format.date(n.createdAt)}</p>
                </div>
                <div className="flex items-center gap-2">
                  {n.link ? (
                    <Link to={n.link} className={buttonClass("secondary", "sm")}>
                      {t("notifications.open")}
                    </Link>
                  ) : null}
                  {n.read ? (
                    <span className="text-xs text-slate-500 admin-dark:text-slate-400">{t("notifications.read")}</span>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="read" />
                      <input type="hidden" name="id" value={n.id} />
                      <input type="hidden" name="redirectTo" value={here} />
                      <button type="submit" className={buttonClass("ghost", "sm")}>
                        {t("shell.markRead")}
                      </button>
                    </Form>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {pages > 1 ? (
        <nav className="flex items-center justify-between text-sm" aria-label={t("notifications.page", { page, pages })}>
          {page > 1 ? <Link to={pageLink(page - 1)} className={buttonClass("secondary", "sm")}>{t("notifications.previous")}</Link> : <span />}
          <span>{t("notifications.page", { page, pages })}</span>
          {page < pages ? <Link to={pageLink(page + 1)} className={buttonClass("secondary", "sm")}>{t("notifications.next")}</Link> : <span />}
        </nav>
      ) : null}
    </AdminPage>
  );
}
