/**
 * /admin/quote-requests/:id — one request (issue 29): the trip as the guest asked it, why the site
 * could not price it, the guest (and the guest page when the office knows them), the offer sent
 * and the booking it became. "Teklif hazırla" opens the new-booking form filled from the request
 * (/admin/bookings/new?quote=), where the office prices it and sends the offer; "İsteği kapat"
 * closes it with a reason, telling the guest or not. Plain forms without JavaScript.
 */
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/quote-requests.$id";
import { useTranslation } from "~/i18n/react";
import { useCan } from "~/admin/can";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { useAdminFormat } from "~/admin/i18n";
import { AdminPage, Alert, Card, Checkbox, LinkButton, StatusBadge, TextField, buttonClass } from "~/admin/ui";
import { BookingStatusBadge } from "~/admin/ui/list";
import { adminUser } from "~/auth/guard.server";
import { closeQuoteRequest, getQuoteRequest, officeActor } from "~/booking/index.server";
import { quoteDeps } from "~/server/booking-deps.server";
import { getApp } from "~/server/context";
import { formatTry, kurus } from "~/utils/money";
import { QUOTE_STATUS_TONES } from "~/admin/quote-status";
import { storedLuggageItems } from "~/booking/rules/capacity";
import { luggageItemsText } from "~/booking/rules/luggage-text";

const MAX_CLOSE_REASON = 500;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const detail = await getQuoteRequest(db.kysely, params.id);
  if (!detail) throw data(null, { status: 404 });
  const r = detail.request;
  const flash = new URL(request.url).searchParams;
  return {
    request: r,
    // the special luggage asked for (issue 32), by kind
    luggageItems: storedLuggageItems(r.luggage_items),
    reasons: detail.reasons,
    offer: detail.offer ? { car: detail.offer.shown.car, pickup: detail.offer.shown.pickup, dropoff: detail.offer.shown.dropoff, by: detail.offer.actor.label, lines: detail.offer.shown.price.lines.length } : null,
    booking: detail.booking,
    flash: flash.get("offered") === "1" ? ("offered" as const) : flash.get("closed") === "1" ? ("closed" as const) : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, clientIp } = getApp(context);
  const lng = await adminLanguage(db.kysely);
  const form = await request.formData();
  const reason = String(form.get("close_reason") ?? "").trim();
  if (form.get("intent") !== "close") return data({ message: adminText(lng, "quotes.errors.unknownIntent"), reason }, { status: 400 });
  if (reason.length > MAX_CLOSE_REASON) return data({ message: adminText(lng, "quotes.errors.reason", { max: String(MAX_CLOSE_REASON) }), reason }, { status: 400 });
  const closed = await closeQuoteRequest(quoteDeps(context), params.id, reason, officeActor(adminUser(context)), { notifyGuest: form.get("notify_guest") === "on", ip: clientIp });
  if (!closed.ok) return data({ message: adminText(lng, "quotes.errors.notOpen"), reason }, { status: 409 });
  throw redirect(`/admin/quote-requests/${params.id}?closed=1`);
}

export default function QuoteRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const can = useCan();
  const { request: r, reasons, offer, booking, flash, luggageItems } = loaderData;
  const answerable = r.status === "open" || r.status === "offered";
  const rows: Array<[string, string]> = [
    [t("quotes.fields.tripType"), t(`officeBooking.tripTypes.${r.trip_type}`, { defaultValue: r.trip_type })],
    [t("bookings.fields.pickup"), r.pickup],
    ...(r.dropoff ? [[t("bookings.fields.dropoff"), r.dropoff] as [string, string]] : []),
    [t("bookings.fields.pickupDate"), format.date(r.pickup_at)],
    ...(r.return_at ? [[t("bookings.fields.returnDate"), format.date(r.return_at)] as [string, string]] : []),
    ...(r.hours ? [[t("officeBooking.fields.hours"), String(r.hours)] as [string, string]] : []),
    [t("bookings.fields.passengers"), String(r.passengers)],
    ...(r.luggage !== null ? [[t("officeBooking.fields.luggage"), String(r.luggage)] as [string, string]] : []),
    ...(luggageItems ? [[t("units.specialLuggage"), luggageItemsText(t, luggageItems, "units.luggageItems")] as [string, string]] : []),
    [t("quotes.fields.message"), r.message || "—"],
  ];
  return (
    <AdminPage
      title={t("quotes.detailTitle", { reference: r.reference })}
      description={t("quotes.receivedAt", { date: format.date(r.created_at) })}
      actions={
        <div className="flex flex-wrap gap-2">
          <LinkButton to="/admin/quote-requests" variant="secondary">
            {t("quotes.backToList")}
          </LinkButton>
          {answerable && can("bookings.write") ? (
            <LinkButton to={`/admin/bookings/new?quote=${r.id}`}>{t(r.status === "offered" ? "quotes.changeOffer" : "quotes.prepareOffer")}</LinkButton>
          ) : null}
        </div>
      }
    >
      <title>{`${t("quotes.detailTitle", { reference: r.reference })} · ${t("shell.brand")}`}</title>
      {flash === "offered" ? <Alert tone="success">{t("quotes.offeredFlash", { email: r.email })}</Alert> : null}
      {flash === "closed" ? <Alert tone="success">{t("quotes.closedFlash")}</Alert> : null}
      {actionData?.message ? <Alert tone="error">{actionData.message}</Alert> : null}
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge label={t(`quotes.status.${r.status}`)} tone={QUOTE_STATUS_TONES[r.status]} />
        {reasons.map((reason) => (
          <StatusBadge key={reason} label={t(`quotes.reasons.${reason}`)} tone="warning" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t("quotes.sections.trip")}>
          <dl className="divide-y divide-slate-200 text-sm admin-dark:divide-slate-800">
            {rows.map(([label, value]) => (
              <div key={label} className="grid gap-1 py-2 sm:grid-cols-3">
                <dt className="text-slate-600 admin-dark:text-slate-400">{label}</dt>
                <dd className="whitespace-pre-line [overflow-wrap:anywhere] sm:col-span-2">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card title={t("quotes.sections.guest")}>
          <dl className="divide-y divide-slate-200 text-sm admin-dark:divide-slate-800">
            <div className="grid gap-1 py-2 sm:grid-cols-3">
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("bookings.fields.fullName")}</dt>
              <dd className="sm:col-span-2">{r.full_name}</dd>
            </div>
            <div className="grid gap-1 py-2 sm:grid-cols-3">
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("bookings.fields.phone")}</dt>
              <dd className="sm:col-span-2">
                <a href={`tel:${r.phone.replace(/[^+\d]/g, "")}`} className="tabular-nums underline">
                  {r.phone || "—"}
                </a>
              </dd>
            </div>
            <div className="grid gap-1 py-2 sm:grid-cols-3">
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("bookings.fields.email")}</dt>
              <dd className="[overflow-wrap:anywhere] sm:col-span-2">{r.email || "—"}</dd>
            </div>
            <div className="grid gap-1 py-2 sm:grid-cols-3">
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("officeBooking.fields.language")}</dt>
              <dd className="sm:col-span-2">{t(`officeBooking.languages.${r.language}`, { defaultValue: r.language })}</dd>
            </div>
          </dl>
          {r.customer_id && can("customers") ? (
            <Link to={`/admin/customers/${r.customer_id}`} className="mt-3 inline-block text-sm font-medium text-brand-strong underline admin-dark:text-brand">
              {t("quotes.knownGuest")}
            </Link>
          ) : null}
        </Card>
      </div>
      {offer ? (
        <Card title={t("quotes.sections.offer")}>
          <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="quote-offer">
            <div>
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("quotes.fields.offerTotal")}</dt>
              <dd className="text-lg font-semibold tabular-nums">{r.offer_total === null ? "—" : formatTry(kurus(r.offer_total))}</dd>
            </div>
            <div>
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("bookings.fields.car")}</dt>
              <dd>{offer.car}</dd>
            </div>
            <div>
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("quotes.fields.offerRoute")}</dt>
              <dd>
                {offer.pickup}
                {offer.dropoff ? ` → ${offer.dropoff}` : ""}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("quotes.fields.offeredAt")}</dt>
              <dd>{t("quotes.offeredBy", { date: format.date(r.offered_at), name: offer.by })}</dd>
            </div>
            <div>
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("quotes.fields.validUntil")}</dt>
              <dd>{format.date(r.offer_expires_at)}</dd>
            </div>
            {r.offer_note ? (
              <div className="sm:col-span-2">
                <dt className="text-slate-600 admin-dark:text-slate-400">{t("quotes.fields.note")}</dt>
                <dd className="whitespace-pre-line">{r.offer_note}</dd>
              </div>
            ) : null}
          </dl>
        </Card>
      ) : null}
      {booking ? (
        <Card title={t("quotes.sections.booking")}>
          <p className="flex flex-wrap items-center gap-3 text-sm">
            <Link to={`/admin/bookings/${booking.id}`} className="font-mono font-medium text-brand-strong underline admin-dark:text-brand">
              {booking.reference}
            </Link>
            <BookingStatusBadge status={booking.status} />
            <span className="text-slate-600 admin-dark:text-slate-400">{t("quotes.acceptedAt", { date: format.date(r.accepted_at) })}</span>
          </p>
        </Card>
      ) : null}
      {r.status === "closed" ? (
        <Card title={t("quotes.sections.closed")}>
          <p className="text-sm">
            {format.date(r.closed_at)}
            {r.close_reason ? ` · ${r.close_reason}` : ""}
          </p>
        </Card>
      ) : null}
      {answerable && can("bookings.write") ? (
        <Card title={t("quotes.sections.close")}>
          <Form method="post" className="grid gap-4 sm:grid-cols-2 sm:items-end">
            <input type="hidden" name="intent" value="close" />
            <TextField id="quote-close-reason" name="close_reason" label={t("quotes.fields.closeReason")} maxLength={MAX_CLOSE_REASON} defaultValue={actionData?.reason ?? ""} help={t("quotes.closeReasonHelp")} />
            <Checkbox id="quote-close-notify" name="notify_guest" label={t("quotes.fields.notifyGuest")} help={t("quotes.notifyGuestHelp")} defaultChecked />
            <div className="sm:col-span-2">
              <button type="submit" className={buttonClass("danger")}>
                {t("quotes.close")}
              </button>
            </div>
          </Form>
        </Card>
      ) : null}
    </AdminPage>
  );
}
