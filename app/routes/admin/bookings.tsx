import { useState } from "react";
import { Form, Link, useActionData, useFetcher, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/bookings";
import { requireAdmin } from "~/auth/session.server";
import { AdminPage, Alert, Card, ConfirmDialog, EmptyState, LinkButton, Modal, buttonClass, SelectField, TextField } from "~/admin/ui";
import { formatAdminDate } from "~/admin/format";
import { runBookingAction } from "~/booking/admin-actions.server";
import { BookingDetails, km, lira, StatusActions, TRIP_LABELS } from "~/booking/admin-booking-view";
import { listBookings, parseBookingQuery, type AdminBooking } from "~/booking/admin-bookings.server";
import { BookingStatusBadge, InboxTabs, listHref, Pagination } from "~/booking/admin-list-ui";
import { STATUS_LABELS, STATUS_MESSAGES, toggleTarget } from "~/booking/status";
import { PLACEHOLDER_IMAGE } from "~/fleet/car";
import { getApp } from "~/server/context";

export const meta: Route.MetaFunction = () => [{ title: "Rezervasyonlar · Yönetim Paneli" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, log } = getApp(context);
  const query = parseBookingQuery(new URL(request.url).searchParams);
  try {
    const page = await listBookings(db.kysely, query, query.page);
    return { ...page, query, failed: false as const };
  } catch (error) {
    log.error({ err: error }, "bookings list failed");
    return { bookings: [] as AdminBooking[], total: 0, page: 1, pageSize: 10, pageCount: 1, query, failed: true as const };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { db, mailer } = getApp(context);
  return runBookingAction(db.kysely, mailer, session, await request.formData());
}

const STATUS_FILTERS = [
  { value: "", label: "Tümü" },
  { value: "pending", label: STATUS_LABELS.pending },
  { value: "confirmed", label: STATUS_LABELS.confirmed },
  { value: "completed", label: STATUS_LABELS.completed },
  { value: "cancelled", label: STATUS_LABELS.cancelled },
];

const DATE_ORDERS = [
  { value: "desc", label: "Yeniden eskiye" },
  { value: "asc", label: "Eskiden yeniye" },
];

export default function AdminBookings({ loaderData, actionData }: Route.ComponentProps) {
  const { bookings, total, page, pageSize, pageCount, query, failed } = loaderData;
  const [open, setOpen] = useState<AdminBooking | null>(null);
  const navigation = useNavigation();
  const current = { q: query.q, status: query.status, sort: query.sort === "asc" ? "asc" : undefined };
  const exportHref = listHref("/admin/bookings/export", current, {});
  const filtered = Boolean(query.q || query.status);
  const openBooking = open ? (bookings.find((b) => b.id === open.id) ?? open) : null;

  return (
    <AdminPage
      title="Rezervasyonlar"
      description="Transfer rezervasyonlarını arayın, durumlarını güncelleyin ve dışa aktarın."
      actions={
        <a href={exportHref} className={buttonClass("secondary")} download>
          CSV olarak dışa aktar
        </a>
      }
    >
      <InboxTabs current="bookings" />
      {actionData ? (
        <Alert key={`${actionData.id}-${actionData.message}`} tone={actionData.ok ? "success" : "error"} autoHideMs={actionData.ok ? 4000 : undefined}>
          {actionData.message}
        </Alert>
      ) : null}
      {failed ? <Alert tone="error">{STATUS_MESSAGES.loadFailed}</Alert> : null}

      <Form method="get" role="search" className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
        <TextField id="booking-q" label="Ara" type="search" name="q" defaultValue={query.q ?? ""} placeholder="Ad, e-posta, telefon, rezervasyon no veya yer" />
        <SelectField id="booking-status" label="Durum" name="status" defaultValue={query.status ?? ""} options={STATUS_FILTERS} />
        <SelectField id="booking-sort" label="Tarih sırası" name="sort" defaultValue={query.sort} options={DATE_ORDERS} />
        <button type="submit" className={buttonClass("primary")}>
          Filtrele
        </button>
      </Form>

      {bookings.length === 0 && !failed ? (
        <EmptyState
          title={filtered ? STATUS_MESSAGES.emptyMatch : STATUS_MESSAGES.emptyAll}
          action={filtered ? <LinkButton to="/admin/bookings">Filtreleri temizle</LinkButton> : undefined}
        />
      ) : null}

      {bookings.length > 0 ? (
        <Card bodyClassName="p-0">
          <div className="relative overflow-x-auto" aria-busy={navigation.state === "loading"}>
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Rezervasyon listesi</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase admin-dark:border-slate-800 admin-dark:bg-slate-900 admin-dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-4 py-3">No</th>
                  <th scope="col" className="px-4 py-3">Müşteri</th>
                  <th scope="col" className="px-4 py-3">Tip</th>
                  <th scope="col" className="px-4 py-3">
                    <Link to={listHref("/admin/bookings", current, { sort: query.sort === "asc" ? undefined : "asc" })} className="hover:underline">
                      Tarih {query.sort === "asc" ? "↑" : "↓"}
                    </Link>
                  </th>
                  <th scope="col" className="px-4 py-3">Alış / Bırakış</th>
                  <th scope="col" className="px-4 py-3">Araç</th>
                  <th scope="col" className="px-4 py-3">Durum</th>
                  <th scope="col" className="px-4 py-3 text-right">Tutar</th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">İşlemler</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 admin-dark:divide-slate-800">
                {bookings.map((b, i) => (
                  <BookingRowView key={b.id} booking={b} onOpen={() => setOpen(b)} menuUp={bookings.length > 3 && i >= bookings.length - 2} />
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      ) : null}

      <Pagination page={page} pageCount={pageCount} total={total} pageSize={pageSize} noun="rezervasyon" hrefFor={(p) => listHref("/admin/bookings", current, { page: p })} />

      <Modal
        open={openBooking !== null}
        onClose={() => setOpen(null)}
        title={openBooking ? `Rezervasyon ${openBooking.reference}` : ""}
        wide
        footer={
          openBooking ? (
            <>
              <button type="button" className={buttonClass("secondary")} onClick={() => setOpen(null)}>
                Kapat
              </button>
              <LinkButton to={`/admin/bookings/${openBooking.id}?edit=1`} variant="primary">
                Düzenle
              </LinkButton>
            </>
          ) : null
        }
      >
        {openBooking ? (
          <div className="space-y-4">
            <StatusActions booking={openBooking} action="/admin/bookings" />
            <BookingDetails booking={openBooking} />
            <Link to={`/admin/bookings/${openBooking.id}`} className="text-sm font-medium text-brand-strong underline admin-dark:text-brand">
              Durum geçmişi ve tüm ayrıntılar
            </Link>
          </div>
        ) : null}
      </Modal>
    </AdminPage>
  );
}

function BookingRowView({ booking: b, onOpen, menuUp }: { booking: AdminBooking; onOpen: () => void; menuUp: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const location = useLocation();
  const answer = useActionData<typeof action>();
  const toggle = toggleTarget(b.status);
  const roundTrip = b.trip_type === "roundTrip";
  return (
    <tr className="align-top hover:bg-slate-50 admin-dark:hover:bg-slate-800/40">
      <td className="px-4 py-3 font-mono text-xs whitespace-nowrap">{b.reference || b.id.slice(0, 8)}</td>
      <td className="px-4 py-3">
        <div className="font-medium">{b.full_name}</div>
        <div className="text-xs text-slate-500 admin-dark:text-slate-400">{b.email}</div>
      </td>
      <td className="px-4 py-3 whitespace-nowrap">{TRIP_LABELS[b.trip_type] ?? b.trip_type}</td>
      <td className="px-4 py-3 whitespace-nowrap">
        {formatAdminDate(b.pickup_date)}
        {roundTrip ? <div className="text-xs text-slate-500 admin-dark:text-slate-400">Dönüş: {formatAdminDate(b.return_date)}</div> : null}
      </td>
      <td className="min-w-52 px-4 py-3">
        <div>
          {b.pickup_location} → {b.dropoff_location}
        </div>
        {roundTrip ? (
          <div className="text-xs text-slate-500 admin-dark:text-slate-400">
            {b.return_pickup_location} → {b.return_dropoff_location}
          </div>
        ) : null}
      </td>
      <td className="px-4 py-3">
        <img
          src={b.car?.images[0] ?? PLACEHOLDER_IMAGE}
          alt={b.car?.name ?? ""}
          title={b.car?.name ?? ""}
          width={64}
          height={40}
          loading="lazy"
          className="h-10 w-16 rounded object-cover"
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) e.currentTarget.src = PLACEHOLDER_IMAGE;
          }}
        />
      </td>
      <td className="px-4 py-3">
        <BookingStatusBadge status={b.status} />
        {fetcher.data ? (
          <p role={fetcher.data.ok ? "status" : "alert"} className={`mt-1 text-xs ${fetcher.data.ok ? "text-emerald-700 admin-dark:text-emerald-400" : "text-red-600"}`}>
            {fetcher.data.message}
          </p>
        ) : null}
      </td>
      <td className="px-4 py-3 text-right whitespace-nowrap">
        <div className="font-medium">{lira(b.total_price)}</div>
        <div className="text-xs text-slate-500 admin-dark:text-slate-400">{km(b.total_distance)}</div>
      </td>
      <td className="px-4 py-3 text-right">
        <details className="relative inline-block text-left" data-testid="row-menu">
          <summary
            className={buttonClass("ghost", "sm", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}
            aria-label={`İşlemler: ${b.reference}`}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M4 10a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm7.5 0a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0ZM19 10a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z" />
            </svg>
          </summary>
          <div className={`absolute right-0 z-30 ${menuUp ? "bottom-full mb-1" : "mt-1"} flex w-52 flex-col items-stretch gap-1 rounded-lg border border-slate-200 bg-white p-2 shadow-xl admin-dark:border-slate-700 admin-dark:bg-slate-900`}>
            <Link
              to={`/admin/bookings/${b.id}`}
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey) return;
                e.preventDefault();
                e.currentTarget.closest("details")?.removeAttribute("open");
                onOpen();
              }}
              className={buttonClass("ghost", "sm", "justify-start")}
            >
              Detayları görüntüle
            </Link>
            {toggle ? (
              <fetcher.Form method="post" action={location.pathname + location.search}>
                <input type="hidden" name="id" value={b.id} />
                <input type="hidden" name="intent" value="toggle" />
                <button type="submit" className={buttonClass("ghost", "sm", "w-full justify-start text-left")} disabled={fetcher.state !== "idle"}>
                  {toggle === "completed" ? "Tamamlandı olarak işaretle" : "Beklemeye al"}
                </button>
              </fetcher.Form>
            ) : null}
            <ConfirmDialog
              // A refused delete keeps the row: remounting closes the confirmation's modal.
              key={`confirm-${answer?.id ?? ""}-${answer?.message ?? ""}`}
              trigger="Sil"
              triggerVariant="ghost"
              triggerClassName={buttonClass("ghost", "sm", "w-full cursor-pointer justify-start text-red-600 admin-dark:text-red-400")}
              title="Rezervasyonu sil"
              message={STATUS_MESSAGES.deleteConfirm}
              confirmLabel="Sil"
              action={location.pathname + location.search}
              fields={{ id: b.id, intent: "delete" }}
            />
          </div>
        </details>
      </td>
    </tr>
  );
}
