import { Form, useLocation } from "react-router";
import type { Route } from "./+types/subscribers";
import { requireAdmin } from "~/auth/session.server";
import { AdminPage, Alert, Card, ConfirmDialog, EmptyState, LinkButton, buttonClass, TextField } from "~/admin/ui";
import { formatAdminDate } from "~/admin/format";
import { InboxTabs, listHref, Pagination } from "~/booking/admin-list-ui";
import { deleteSubscriber, listSubscribers, parsePage } from "~/messages/messages.server";
import { getApp } from "~/server/context";

export const meta: Route.MetaFunction = () => [{ title: "Bülten Aboneleri · Yönetim Paneli" }];

const LANGS: Record<string, string> = { tr: "Türkçe", en: "İngilizce", de: "Almanca", ru: "Rusça" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getApp(context);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  return { ...(await listSubscribers(db.kysely, q, parsePage(params.get("page")))), q };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { db } = getApp(context);
  const form = await request.formData();
  const deleted = await deleteSubscriber(db.kysely, String(form.get("id") ?? ""));
  return deleted ? { ok: true, message: "Abone silindi." } : { ok: false, message: "Abone silinirken bir hata oluştu." };
}

export default function AdminSubscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageSize, pageCount, q } = loaderData;
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <AdminPage
      title="Bülten Aboneleri"
      description="Sitenin alt bilgisindeki bülten formuyla kaydolan e-posta adresleri."
      actions={
        <a href={listHref("/admin/subscribers/export", { q }, {})} className={buttonClass("secondary")} download>
          CSV olarak dışa aktar
        </a>
      }
    >
      <InboxTabs current="subscribers" />
      {actionData ? (
        <Alert key={actionData.message} tone={actionData.ok ? "success" : "error"} autoHideMs={actionData.ok ? 4000 : undefined}>
          {actionData.message}
        </Alert>
      ) : null}
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <TextField id="subscriber-q" label="E-posta ara" type="search" name="q" defaultValue={q ?? ""} className="min-w-64 flex-1" />
        <button type="submit" className={buttonClass("primary")}>
          Ara
        </button>
      </Form>
      {items.length === 0 ? (
        <EmptyState
          title={q ? "Aramanıza uygun abone bulunamadı" : "Henüz bülten abonesi yok"}
          action={q ? <LinkButton to="/admin/subscribers">Aramayı temizle</LinkButton> : undefined}
        />
      ) : (
        <Card bodyClassName="p-0">
          <div className="relative overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Bülten aboneleri</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase admin-dark:border-slate-800 admin-dark:bg-slate-900 admin-dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-4 py-3">E-posta</th>
                  <th scope="col" className="px-4 py-3">Dil</th>
                  <th scope="col" className="px-4 py-3">Kayıt tarihi</th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">İşlemler</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 admin-dark:divide-slate-800">
                {items.map((s) => (
                  <tr key={s.id}>
                    <td className="px-4 py-3">{s.email}</td>
                    <td className="px-4 py-3">{LANGS[s.locale] ?? s.locale}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{formatAdminDate(s.created_at)}</td>
                    <td className="px-4 py-3 text-right">
                      <ConfirmDialog
                        trigger={
                          <>
                            Sil<span className="sr-only">: {s.email}</span>
                          </>
                        }
                        triggerVariant="ghost"
                        title="Aboneyi sil"
                        message="Bu aboneyi listeden silmek istediğinizden emin misiniz?"
                        confirmLabel="Sil"
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
      <Pagination page={page} pageCount={pageCount} total={total} pageSize={pageSize} noun="abone" hrefFor={(p) => listHref("/admin/subscribers", { q }, { page: p })} />
    </AdminPage>
  );
}
