import { useTranslation } from "~/i18n/react";
import { Form, useLocation } from "react-router";
import type { Route } from "./+types/subscribers";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { useAdminFormat } from "~/admin/i18n";
import { AdminPage, Alert, Card, ConfirmDialog, EmptyState, LinkButton, buttonClass, TextField } from "~/admin/ui";
import { InboxTabs, listHref, Pagination } from "~/admin/ui/list";
import { deleteSubscriber, listSubscribers } from "~/messages/messages.server";
import { parsePage } from "~/utils/paging";
import { adminAudit } from "~/audit/context.server";
import { getApp } from "~/server/context";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  return { ...(await listSubscribers(db.kysely, q, parsePage(params.get("page")))), q };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getApp(context);
  const form = await request.formData();
  const deleted = await deleteSubscriber(db.kysely, String(form.get("id") ?? ""), adminAudit(context));
  const lng = await adminLanguage(db.kysely);
  return { ok: deleted, message: adminText(lng, deleted ? "subscribers.deleted" : "subscribers.deleteFailed") };
}

export default function AdminSubscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const { items, total, page, pageSize, pageCount, q } = loaderData;
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <AdminPage
      title={t("subscribers.title")}
      description={t("subscribers.description")}
      actions={
        <a href={listHref("/admin/subscribers/export", { q }, {})} className={buttonClass("secondary")} download>
          {t("ui.exportCsv")}
        </a>
      }
    >
      <title>{`${t("subscribers.title")} · ${t("shell.brand")}`}</title>
      <InboxTabs current="subscribers" />
      {actionData ? (
        <Alert key={actionData.message} tone={actionData.ok ? "success" : "error"} autoHideMs={actionData.ok ? 4000 : undefined}>
          {actionData.message}
        </Alert>
      ) : null}
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <TextField id="subscriber-q" label={t("subscribers.searchLabel")} type="search" name="q" defaultValue={q ?? ""} className="min-w-64 flex-1" />
        <button type="submit" className={buttonClass("primary")}>
          {t("ui.search")}
        </button>
      </Form>
      {items.length === 0 ? (
        <EmptyState
          title={q ? t("subscribers.emptyMatch") : t("subscribers.empty")}
          action={q ? <LinkButton to="/admin/subscribers">{t("subscribers.clearSearch")}</LinkButton> : undefined}
        />
      ) : (
        <Card bodyClassName="p-0">
          <div className="relative overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">{t("subscribers.caption")}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase admin-dark:border-slate-800 admin-dark:bg-slate-900 admin-dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-4 py-3">{t("subscribers.colEmail")}</th>
                  <th scope="col" className="px-4 py-3">{t("subscribers.colLanguage")}</th>
                  <th scope="col" className="px-4 py-3">{t("subscribers.colSignedUp")}</th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">{t("ui.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 admin-dark:divide-slate-800">
                {items.map((s) => (
                  <tr key={s.id}>
                    <td className="px-4 py-3">{s.email}</td>
                    <td className="px-4 py-3">{t(`subscribers.languages.${s.locale}`, { defaultValue: s.locale })}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{format.date(s.created_at)}</td>
                    <td className="px-4 py-3 text-right">
                      <ConfirmDialog
                        trigger={
                          <>
                            {t("ui.delete")}
                            <span className="sr-only">: {s.email}</span>
                          </>
                        }
                        triggerVariant="ghost"
                        title={t("subscribers.deleteTitle")}
                        message={t("subscribers.deleteConfirm")}
                        confirmLabel={t("ui.delete")}
                        action={here}
                        fields={{ id: s.id }}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
      <Pagination page={page} pageCount={pageCount} total={total} pageSize={pageSize} noun="subscribers" hrefFor={(p) => listHref("/admin/subscribers", { q }, { page: p })} />
    </AdminPage>
  );
}
