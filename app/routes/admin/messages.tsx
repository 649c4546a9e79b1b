import { useTranslation } from "~/i18n/react";
import { Form, useLocation } from "react-router";
import type { Route } from "./+types/messages";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { useAdminFormat } from "~/admin/i18n";
import { AdminPage, Alert, Card, ConfirmDialog, EmptyState, LinkButton, StatusBadge, buttonClass, SelectField, TextField } from "~/admin/ui";
import { InboxTabs, listHref, Pagination } from "~/admin/ui/list";
import { deleteMessage, listMessages, markMessage, type ReadFilter } from "~/messages/messages.server";
import { parsePage } from "~/utils/paging";
import { requirePermission } from "~/auth/guard.server";
import { useCan } from "~/admin/can";
import { adminAudit } from "~/audit/context.server";
import { getApp } from "~/server/context";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const params = new URL(request.url).searchParams;
  const readParam = params.get("read");
  const filter = {
    q: params.get("q")?.trim().slice(0, 100) || undefined,
    read: readParam === "read" || readParam === "unread" ? (readParam as ReadFilter) : undefined,
  };
  const page = await listMessages(db.kysely, filter, parsePage(params.get("page")));
  return { ...page, filter };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getApp(context);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = String(form.get("intent") ?? "");
  const lng = await adminLanguage(db.kysely);
  const answer = (ok: boolean, key: string) => ({ ok, message: adminText(lng, `inbox.messages.${key}`) });
  if (intent === "delete") {
    // a dispatcher reads and marks messages; deleting is the admin's (policy.ts)
    requirePermission(context, "messages.delete");
    return (await deleteMessage(db.kysely, id, adminAudit(context))) ? answer(true, "deleted") : answer(false, "deleteFailed");
  }
  if (intent === "read" || intent === "unread") {
    return (await markMessage(db.kysely, id, intent === "read"))
      ? answer(true, intent === "read" ? "markedRead" : "markedUnread")
      : answer(false, "updateFailed");
  }
  return answer(false, "updateFailed");
}

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const may = useCan();
  const format = useAdminFormat();
  const { items, total, page, pageSize, pageCount, filter } = loaderData;
  const location = useLocation();
  const here = location.pathname + location.search;
  const current = { q: filter.q, read: filter.read };
  const readFilters = [
    { value: "", label: t("ui.all") },
    { value: "unread", label: t("inbox.unread") },
    { value: "read", label: t("inbox.read") },
  ];
  return (
    <AdminPage title={t("nav.messages")} description={t("inbox.description")}>
      <title>{`${t("nav.messages")} · ${t("shell.brand")}`}</title>
      <InboxTabs current="messages" />
      {actionData ? (
        <Alert key={actionData.message} tone={actionData.ok ? "success" : "error"} autoHideMs={actionData.ok ? 4000 : undefined}>
          {actionData.message}
        </Alert>
      ) : null}
      <Form method="get" role="search" className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <TextField id="message-q" label={t("ui.search")} type="search" name="q" defaultValue={filter.q ?? ""} placeholder={t("inbox.searchPlaceholder")} />
        <SelectField id="message-read" label={t("ui.status")} name="read" defaultValue={filter.read ?? ""} options={readFilters} />
        <button type="submit" className={buttonClass("primary")}>
          {t("ui.filter")}
        </button>
      </Form>

      {items.length === 0 ? (
        <EmptyState
          title={filter.q || filter.read ? t("inbox.emptyMatch") : t("inbox.empty")}
          action={filter.q || filter.read ? <LinkButton to="/admin/messages">{t("ui.clearFilters")}</LinkButton> : undefined}
        />
      ) : (
        <ul className="space-y-3">
          {items.map((m) => (
            <li key={m.id}>
              <Card
                className={m.read_at ? "" : "border-l-4 border-l-brand"}
                title={
                  <span className="flex flex-wrap items-center gap-2">
                    {m.name}
                    <StatusBadge label={m.read_at ? t("inbox.badgeRead") : t("inbox.badgeNew")} tone={m.read_at ? "neutral" : "warning"} />
                  </span>
                }
                actions={<span className="text-xs text-slate-500 admin-dark:text-slate-400">{format.date(m.created_at)}</span>}
              >
                <p className="text-sm">
                  <a className="underline" href={`mailto:${m.email}`}>
                    {m.email}
                  </a>
                  {" · "}
                  <a className="underline" href={`tel:${m.phone.replace(/[^+\d]/g, "")}`}>
                    {m.phone}
                  </a>
                  {m.preferred_vehicle ? ` · ${t("inbox.preferredVehicle", { car: m.preferred_vehicle })}` : ""}
                  {m.start_date || m.end_date ? ` · ${t("inbox.dates", { from: m.start_date ?? "—", to: m.end_date ?? "—" })}` : ""}
                </p>
                <p className="mt-3 text-sm whitespace-pre-line">{m.message}</p>
                <div className="mt-4 flex flex-wrap gap-2">
                  <a href={`mailto:${m.email}?subject=${encodeURIComponent(t("inbox.replySubject"))}`} className={buttonClass("secondary", "sm")}>
                    {t("inbox.reply")}
                  </a>
                  <Form method="post" action={here}>
                    <input type="hidden" name="id" value={m.id} />
                    <input type="hidden" name="intent" value={m.read_at ? "unread" : "read"} />
                    <button type="submit" className={buttonClass("ghost", "sm")}>
                      {m.read_at ? t("inbox.markUnread") : t("inbox.markRead")}
                    </button>
                  </Form>
                  {may("messages.delete") ? (
                    <ConfirmDialog
                      trigger={t("ui.delete")}
                      triggerVariant="ghost"
                      title={t("inbox.deleteTitle")}
                      message={t("inbox.deleteConfirm")}
                      confirmLabel={t("ui.delete")}
                      action={here}
                      fields={{ id: m.id, intent: "delete" }}
                    />
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} total={total} pageSize={pageSize} noun="messages" hrefFor={(p) => listHref("/admin/messages", current, { page: p })} />
    </AdminPage>
  );
}
