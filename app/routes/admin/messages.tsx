import { Form, useLocation } from "react-router";
import type { Route } from "./+types/messages";
import { requireAdmin } from "~/auth/session.server";
import { AdminPage, Alert, Card, ConfirmDialog, EmptyState, LinkButton, StatusBadge, buttonClass, SelectField, TextField } from "~/admin/ui";
import { formatAdminDate } from "~/admin/format";
import { InboxTabs, listHref, Pagination } from "~/booking/admin-list-ui";
import { deleteMessage, listMessages, markMessage, parsePage, type ReadFilter } from "~/messages/messages.server";
import { getApp } from "~/server/context";

export const meta: Route.MetaFunction = () => [{ title: "Mesajlar · Yönetim Paneli" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
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
  await requireAdmin(request, context);
  const { db } = getApp(context);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = String(form.get("intent") ?? "");
  if (intent === "delete") {
    return (await deleteMessage(db.kysely, id))
      ? { ok: true, message: "Mesaj silindi." }
      : { ok: false, message: "Mesaj silinirken bir hata oluştu." };
  }
  if (intent === "read" || intent === "unread") {
    return (await markMessage(db.kysely, id, intent === "read"))
      ? { ok: true, message: intent === "read" ? "Mesaj okundu olarak işaretlendi." : "Mesaj okunmadı olarak işaretlendi." }
      : { ok: false, message: "Mesaj güncellenirken bir hata oluştu." };
  }
  return { ok: false, message: "Mesaj güncellenirken bir hata oluştu." };
}

const READ_FILTERS = [
  { value: "", label: "Tümü" },
  { value: "unread", label: "Okunmamış" },
  { value: "read", label: "Okunmuş" },
];

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageSize, pageCount, filter } = loaderData;
  const location = useLocation();
  const here = location.pathname + location.search;
  const current = { q: filter.q, read: filter.read };
  return (
    <AdminPage title="Mesajlar" description="İletişim formundan gelen mesajlar.">
      <InboxTabs current="messages" />
      {actionData ? (
        <Alert key={actionData.message} tone={actionData.ok ? "success" : "error"} autoHideMs={actionData.ok ? 4000 : undefined}>
          {actionData.message}
        </Alert>
      ) : null}
      <Form method="get" role="search" className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <TextField id="message-q" label="Ara" type="search" name="q" defaultValue={filter.q ?? ""} placeholder="Ad, e-posta, telefon veya mesaj" />
        <SelectField id="message-read" label="Durum" name="read" defaultValue={filter.read ?? ""} options={READ_FILTERS} />
        <button type="submit" className={buttonClass("primary")}>
          Filtrele
        </button>
      </Form>

      {items.length === 0 ? (
        <EmptyState
          title={filter.q || filter.read ? "Arama kriterlerinize uygun mesaj bulunamadı" : "Henüz mesaj bulunmuyor"}
          action={filter.q || filter.read ? <LinkButton to="/admin/messages">Filtreleri temizle</LinkButton> : undefined}
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
                    <StatusBadge label={m.read_at ? "Okundu" : "Yeni"} tone={m.read_at ? "neutral" : "warning"} />
                  </span>
                }
                actions={<span className="text-xs text-slate-500 admin-dark:text-slate-400">{formatAdminDate(m.created_at)}</span>}
              >
                <p className="text-sm">
                  <a className="underline" href={`mailto:${m.email}`}>
                    {m.email}
                  </a>
                  {" · "}
                  <a className="underline" href={`tel:${m.phone.replace(/[^+\d]/g, "")}`}>
                    {m.phone}
                  </a>
                  {m.preferred_vehicle ? ` · Tercih edilen araç: ${m.preferred_vehicle}` : ""}
                  {m.start_date || m.end_date ? ` · Tarihler: ${m.start_date ?? "—"} – ${m.end_date ?? "—"}` : ""}
                </p>
                <p className="mt-3 text-sm whitespace-pre-line">{m.message}</p>
                <div className="mt-4 flex flex-wrap gap-2">
                  <a href={`mailto:${m.email}?subject=${encodeURIComponent("Mesajınız hakkında")}`} className={buttonClass("secondary", "sm")}>
                    Yanıtla
                  </a>
                  <Form method="post" action={here}>
                    <input type="hidden" name="id" value={m.id} />
                    <input type="hidden" name="intent" value={m.read_at ? "unread" : "read"} />
                    <button type="submit" className={buttonClass("ghost", "sm")}>
                      {m.read_at ? "Okunmadı olarak işaretle" : "Okundu olarak işaretle"}
                    </button>
                  </Form>
                  <ConfirmDialog
                    trigger="Sil"
                    triggerVariant="ghost"
                    title="Mesajı sil"
                    message="Bu mesajı silmek istediğinizden emin misiniz?"
                    confirmLabel="Sil"
                    action={here}
                    fields={{ id: m.id, intent: "delete" }}
                  />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} total={total} pageSize={pageSize} noun="mesaj" hrefFor={(p) => listHref("/admin/messages", current, { page: p })} />
    </AdminPage>
  );
}
