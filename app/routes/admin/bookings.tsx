import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useActionData, useFetcher, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/bookings";
import { adminSession, requirePermission } from "~/auth/guard.server";
import { useCan } from "~/admin/can";
import { adminLanguage } from "~/admin/i18n.server";
import { useAdminFormat } from "~/admin/i18n";
import { AdminPage, Alert, Card, ConfirmDialog, EmptyState, LinkButton, Modal, buttonClass, SelectField, TextField } from "~/admin/ui";
import { runBookingAction } from "~/routes/admin/booking-actions.server";
import { BookingDetails, lira, StatusActions } from "~/admin/ui/booking-view";
import { checkBookingQuery, LIST_COUNT_AHEAD, parseBookingQuery } from "~/booking/index.server";
import { listAdminBookings } from "~/routes/admin/booking-view.server";
import type { AdminBooking } from "~/routes/admin/booking-view.server";
import { BOOKING_VIEWS, worklistParams, type BookingQueryInput } from "~/booking/rules/worklist";
import { listCars } from "~/fleet/cars.server";
import { BookingStatusBadge, InboxTabs, Pagination } from "~/admin/ui/list";
import { GuestChangeBadge } from "~/admin/ui/guest-change-badge";
import { BOOKING_STATUSES, toggleTarget } from "~/booking/rules/status";
import { BOOKING_CHANNELS } from "~/booking/rules/channel";
import { PAYMENT_STATUSES } from "~/booking/rules/payments";
import { bookingMovesFor } from "~/booking/rules/lifecycle";
import { PLACEHOLDER_IMAGE } from "~/fleet/car";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";
import { extrasCount, extrasText, type BookingProducts } from "~/booking/rules/booking-products";
import { guestMessageDeps } from "~/notify/guest-messages.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = getApp(context);
  let query = parseBookingQuery(new URL(request.url).searchParams);
  try {
    const [checked, { cars }] = await Promise.all([checkBookingQuery(db.kysely, query), listCars(db.kysely)]);
    query = checked;
    // thousands of matches are counted only as far as the pages the list offers ("1.000+")
    const [page, settings] = await Promise.all([listAdminBookings(db.kysely, query, query.page, undefined, { countAhead: LIST_COUNT_AHEAD }), getSettings(db.kysely)]);
    // `now`: the server's clock, so each row's menu offers what the state machine allows at this moment
    return { ...page, includedKmPerHour: settings.pricing.includedKmPerHour, query, cars: cars.map((c) => ({ id: c.id, name: c.name })), failed: false as const, now: new Date().toISOString() };
  } catch (error) {
    log.error({ err: error }, "bookings list failed");
    const products: Record<string, BookingProducts> = {};
    return { bookings: [] as AdminBooking[], products, includedKmPerHour: 0, total: 0, more: false, page: 1, pageSize: 10, pageCount: 1, query, cars: [], failed: true as const, now: new Date().toISOString() };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = adminSession(context);
  const { db, mailer, clientIp } = getApp(context);
  const form = await request.formData();
  // Deleting needs more than the list's write permission (policy.ts: an admin's).
  if (form.get("intent") === "delete") requirePermission(context, "bookings.delete");
  return runBookingAction(db.kysely, mailer, session, form, await adminLanguage(db.kysely), clientIp, guestMessageDeps(getApp(context)));
}

export default function AdminBookings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { bookings, products, includedKmPerHour, total, more, page, pageSize, pageCount, query, cars, failed, now } = loaderData;
  const [open, setOpen] = useState<AdminBooking | null>(null);
  const can = useCan();
  const navigation = useNavigation();
  const input = query.input;
  const href = (path: string, change: Partial<BookingQueryInput> & { page?: number } = {}) => {
    const { page: p, ...rest } = change;
    const params = worklistParams(input, rest);
    if (p && p > 1) params.set("page", String(p));
    const qs = params.toString();
    return qs ? `${path}?${qs}` : path;
  };
  const exportHref = href("/admin/bookings/export");
  const filtered = Boolean(query.q || query.status || query.channel || query.payment || query.carId || input.from || input.to || query.view !== "upcoming");
  const openBooking = open ? (bookings.find((b) => b.id === open.id) ?? open) : null;
  const errorsOf = (field: string) => query.problems[field]?.map((p) => p.code);
  const hasProblems = Object.keys(query.problems).length > 0;
  const dateType = (field: "from" | "to") => (query.problems[field]?.some((p) => p.code === "admin:worklist.errors.date") ? "text" : "date");
  const statusFilters = [{ value: "", label: t("ui.all") }, ...BOOKING_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))];
  const channelFilters = [{ value: "", label: t("worklist.allChannels") }, ...BOOKING_CHANNELS.map((value) => ({ value, label: t(`channels.${value}`) }))];
  const paymentFilters = [{ value: "", label: t("payments.allStates") }, ...PAYMENT_STATUSES.map((value) => ({ value, label: t(`payments.status.${value}`) }))];
  const carFilters = [
    { value: "", label: t("worklist.allCars") },
    ...cars.map((c) => ({ value: c.id, label: c.name })),
    // an id that is not a car stays selected (and named as a problem) so the office sees what was asked
    ...(input.car && !cars.some((c) => c.id === input.car) ? [{ value: input.car, label: t("worklist.unknownCar", { id: input.car }) }] : []),
  ];
  const dateOrders = [
    { value: "", label: "—" },
    { value: "asc", label: t("bookings.sortAsc") },
    { value: "desc", label: t("bookings.sortDesc") },
  ];
  const nextSort = query.sort === "asc" ? "desc" : "asc";

  return (
    <AdminPage
      title={t("nav.bookings")}
      description={t("bookings.description")}
      actions={
        <>
          <a href={exportHref} className={buttonClass("secondary")} download data-testid="bookings-export">
            {t("ui.exportCsv")}
          </a>
          {can("bookings.write") ? (
            <LinkButton to="/admin/bookings/new" variant="primary">
              {t("officeBooking.new")}
            </LinkButton>
          ) : null}
        </>
      }
    >
      <title>{`${t("nav.bookings")} · ${t("shell.brand")}`}</title>
      <InboxTabs current="bookings" />
      {actionData ? (
        <Alert key={`${actionData.id}-${actionData.message}`} tone={actionData.ok ? "success" : "error"} autoHideMs={actionData.ok ? 4000 : undefined}>
          {actionData.message}
        </Alert>
      ) : null}
      {failed ? <Alert tone="error">{t("bookings.messages.loadFailed")}</Alert> : null}
      {hasProblems ? <Alert tone="error">{t("worklist.errors.summary")}</Alert> : null}

      <nav aria-label={t("worklist.viewsLabel")} className="flex flex-wrap gap-2">
        {BOOKING_VIEWS.map((view) => {
          const current = query.view === view && !input.from && !input.to;
          return (
            <Link
              key={view}
              to={href("/admin/bookings", { view: view === "upcoming" ? "" : view, from: "", to: "", sort: "" })}
              aria-current={current ? "page" : undefined}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium ${
                current
                  ? "border-brand bg-brand text-ink"
                  : "border-slate-300 text-slate-700 hover:bg-slate-100 admin-dark:border-slate-700 admin-dark:text-slate-300 admin-dark:hover:bg-slate-800"
              }`}
            >
              {t(`worklist.views.${view}`)}
            </Link>
          );
        })}
      </nav>

      <Form method="get" role="search" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-[2fr_1fr_1fr_1fr_1fr_1fr_1fr_auto] xl:items-end">
        {input.view && !input.from && !input.to ? <input type="hidden" name="view" value={input.view} /> : null}
        <TextField id="booking-q" label={t("ui.search")} type="search" name="q" defaultValue={input.q} placeholder={t("bookings.searchPlaceholder")} />
        <TextField
          id="booking-from"
          label={t("worklist.from")}
          // a value the date control cannot hold is shown as typed, beside its message
          type={dateType("from")}
          name="from"
          defaultValue={input.from}
          errors={errorsOf("from")}
        />
        <TextField id="booking-to" label={t("worklist.to")} type={dateType("to")} name="to" defaultValue={input.to} errors={errorsOf("to")} />
        <SelectField id="booking-car" label={t("worklist.car")} name="car" defaultValue={input.car} options={carFilters} errors={errorsOf("car")} />
        <SelectField
          id="booking-status"
          label={t("ui.status")}
          name="status"
          defaultValue={query.status ?? ""}
          options={statusFilters}
          errors={errorsOf("status")}
        />
        <SelectField
          id="booking-channel"
          label={t("worklist.channel")}
          name="channel"
          defaultValue={query.channel ?? ""}
          options={channelFilters}
          errors={errorsOf("channel")}
        />
        <SelectField
          id="booking-payment"
          label={t("payments.filterLabel")}
          name="payment"
          defaultValue={query.payment ?? ""}
          options={paymentFilters}
          errors={errorsOf("payment")}
        />
        <SelectField
          id="booking-sort"
          label={t("bookings.sortLabel")}
          name="sort"
          defaultValue={input.sort === "asc" || input.sort === "desc" ? input.sort : ""}
          options={dateOrders}
          errors={errorsOf("sort") ?? errorsOf("view")}
        />
        <button type="submit" className={buttonClass("primary")}>
          {t("ui.filter")}
        </button>
      </Form>

      {bookings.length === 0 && !failed ? (
        <EmptyState
          title={filtered ? t("bookings.messages.emptyMatch") : t("bookings.messages.emptyAll")}
          action={filtered ? <LinkButton to="/admin/bookings">{t("ui.clearFilters")}</LinkButton> : undefined}
        />
      ) : null}

      {bookings.length > 0 ? (
        <Card bodyClassName="p-0">
          {/* No scrolling box around the table: it would clip the row menus. Below xl the rows are cards. */}
          <div className="relative" aria-busy={navigation.state === "loading"}>
            <table className="block w-full text-left text-sm xl:table">
              <caption className="sr-only">{t("bookings.tableCaption")}</caption>
              <thead className="sr-only border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase xl:not-sr-only xl:table-header-group admin-dark:border-slate-800 admin-dark:bg-slate-900 admin-dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-4 py-3">{t("bookings.colReference")}</th>
                  <th scope="col" className="px-4 py-3">{t("bookings.fields.customer")}</th>
                  <th scope="col" className="px-4 py-3">{t("bookings.colTrip")}</th>
                  <th scope="col" className="px-4 py-3">
                    <Link to={href("/admin/bookings", { sort: nextSort })} className="hover:underline">
                      {t("bookings.colDate")} {query.sort === "asc" ? "↑" : "↓"}
                    </Link>
                  </th>
                  <th scope="col" className="px-4 py-3">{t("bookings.colRoute")}</th>
                  <th scope="col" className="px-4 py-3">{t("bookings.fields.car")}</th>
                  <th scope="col" className="px-4 py-3">{t("ui.status")}</th>
                  <th scope="col" className="px-4 py-3 text-right">{t("bookings.fields.amount")}</th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">{t("ui.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="block divide-y divide-slate-200 xl:table-row-group admin-dark:divide-slate-800">
                {bookings.map((b, i) => (
                  <BookingRowView key={b.id} booking={b} products={products[b.id]} onOpen={() => setOpen(b)} menuUp={bookings.length > 3 && i >= bookings.length - 2} now={now} />
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      ) : null}

      <Pagination page={page} pageCount={pageCount} total={total} more={more} pageSize={pageSize} noun="bookings" hrefFor={(p) => href("/admin/bookings", { page: p })} />

      <Modal
        open={openBooking !== null}
        onClose={() => setOpen(null)}
        title={openBooking ? t("bookings.bookingTitle", { reference: openBooking.reference }) : ""}
        wide
        footer={
          openBooking ? (
            <>
              <button type="button" className={buttonClass("secondary")} onClick={() => setOpen(null)}>
                {t("ui.close")}
              </button>
              <LinkButton to={`/admin/bookings/${openBooking.id}?edit=1`} variant="primary">
                {t("ui.edit")}
              </LinkButton>
            </>
          ) : null
        }
      >
        {openBooking ? (
          <div className="space-y-4">
            <StatusActions booking={openBooking} action="/admin/bookings" now={now} />
            <BookingDetails booking={openBooking} view={products[openBooking.id] ? { products: products[openBooking.id]!, category: null, includedKmPerHour } : undefined} />
            <Link to={`/admin/bookings/${openBooking.id}`} className="text-sm font-medium text-brand-strong underline admin-dark:text-brand">
              {t("bookings.historyLink")}
            </Link>
          </div>
        ) : null}
      </Modal>
    </AdminPage>
  );
}

function BookingRowView({ booking: b, products, onOpen, menuUp, now }: { booking: AdminBooking; products: BookingProducts | undefined; onOpen: () => void; menuUp: boolean; now: string }) {
  const may = useCan();
  const { t, i18n } = useTranslation("admin");
  const hours = products?.hours ?? null;
  const extras = products ? extrasCount(products.extras) : 0;
  const format = useAdminFormat();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const location = useLocation();
  const answer = useActionData<typeof action>();
  // the spec's pending ↔ completed toggle, offered only when the state machine allows it now ("Tamamlandı yap" never before the trip)
  const target = toggleTarget(b.status);
  const toggle = target && bookingMovesFor(b, "office", { now: new Date(now) }).includes(target) ? target : undefined;
  const roundTrip = b.trip_type === "roundTrip";
  return (
    <tr className="relative flex flex-wrap gap-x-4 gap-y-1 px-4 py-3 pr-14 align-top hover:bg-slate-50 xl:table-row xl:p-0 admin-dark:hover:bg-slate-800/40">
      <td className="basis-full font-mono text-xs whitespace-nowrap xl:table-cell xl:px-4 xl:py-3">{b.reference || b.id.slice(0, 8)}</td>
      <td className="basis-full xl:table-cell xl:px-4 xl:py-3">
        <div className="font-medium">{b.full_name}</div>
        <div className="text-xs text-slate-500 admin-dark:text-slate-400">{b.email}</div>
      </td>
      <td className="whitespace-nowrap xl:table-cell xl:px-4 xl:py-3">
        {hours !== null ? (
          <span data-testid="list-hourly">{t("bookingProducts.listHourly", { hours })}</span>
        ) : (
          t(`bookings.trip.${b.trip_type}`, { defaultValue: b.trip_type })
        )}
      </td>
      <td className="whitespace-nowrap xl:table-cell xl:px-4 xl:py-3">
        {format.date(b.pickup_date)}
        {roundTrip ? (
          <div className="text-xs text-slate-500 admin-dark:text-slate-400">{t("bookings.returnOn", { date: format.date(b.return_date) })}</div>
        ) : null}
      </td>
      <td className="basis-full xl:table-cell xl:min-w-52 xl:px-4 xl:py-3">
        <div>
          {b.pickup_location} → {b.dropoff_location}
        </div>
        {b.pickup_address || b.dropoff_address ? (
          <div className="text-xs text-slate-600 admin-dark:text-slate-300">{[b.pickup_address, b.dropoff_address].filter(Boolean).join(" → ")}</div>
        ) : null}
        {roundTrip ? (
          <div className="text-xs text-slate-500 admin-dark:text-slate-400">
            {b.return_pickup_location} → {b.return_dropoff_location}
          </div>
        ) : null}
        {products && extras > 0 ? (
          <div data-testid="list-extras" className="mt-0.5 text-xs text-slate-700 admin-dark:text-slate-300" title={extrasText(products.extras, i18n.language)}>
            <span aria-hidden="true">＋ </span>
            {t("bookingProducts.extrasCount", { count: extras })}: {extrasText(products.extras, i18n.language)}
          </div>
        ) : null}
      </td>
      <td className="xl:table-cell xl:px-4 xl:py-3">
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
      <td className="xl:table-cell xl:px-4 xl:py-3">
        <BookingStatusBadge status={b.status} autoConfirmed={b.auto_confirmed_at !== null} />
        <GuestChangeBadge change={b.guest_change} className="mt-1 block w-fit" />
        {fetcher.data ? (
          <p role={fetcher.data.ok ? "status" : "alert"} className={`mt-1 text-xs ${fetcher.data.ok ? "text-emerald-700 admin-dark:text-emerald-400" : "text-red-600"}`}>
            {fetcher.data.message}
          </p>
        ) : null}
      </td>
      <td className="whitespace-nowrap xl:table-cell xl:px-4 xl:py-3 xl:text-right">
        <div className="font-medium">{lira(b.total_price)}</div>
        <div className="text-xs text-slate-500 admin-dark:text-slate-400">{format.km(b.total_distance)}</div>
      </td>
      <td className="absolute top-2 right-2 xl:static xl:table-cell xl:px-4 xl:py-3 xl:text-right">
        <details className="relative inline-block text-left" data-testid="row-menu">
          <summary
            className={buttonClass("ghost", "sm", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}
            aria-label={`${t("ui.actions")}: ${b.reference}`}
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
              {t("bookings.viewDetails")}
            </Link>
            {toggle ? (
              <fetcher.Form method="post" action={location.pathname + location.search}>
                <input type="hidden" name="id" value={b.id} />
                <input type="hidden" name="intent" value="toggle" />
                <button type="submit" className={buttonClass("ghost", "sm", "w-full justify-start text-left")} disabled={fetcher.state !== "idle"}>
                  {toggle === "completed" ? t("bookings.markCompleted") : t("bookings.markPending")}
                </button>
              </fetcher.Form>
            ) : null}
            {may("bookings.delete") ? (
              <ConfirmDialog
                // A refused delete keeps the row: remounting closes the confirmation's modal.
                key={`confirm-${answer?.id ?? ""}-${answer?.message ?? ""}`}
                trigger={t("ui.delete")}
                triggerVariant="ghost"
                triggerClassName={buttonClass("ghost", "sm", "w-full cursor-pointer justify-start text-red-600 admin-dark:text-red-400")}
                title={t("bookings.deleteTitle")}
                message={t("bookings.messages.deleteConfirm")}
                confirmLabel={t("ui.delete")}
                action={location.pathname + location.search}
                fields={{ id: b.id, intent: "delete" }}
              />
            ) : null}
          </div>
        </details>
      </td>
    </tr>
  );
}
