/**
 * How the back office shows one booking: the details list used by the modal and by the page
 * /admin/bookings/{id} (spec §2: customer, status, created, trip type, car, date and time,
 * passengers, places and the guest's hotels or addresses, return leg, amount, distances per leg,
 * notes), and the status buttons.
 */
import { luggageItemsText } from "~/booking/rules/luggage-text";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Link, useFetcher } from "react-router";
import { useAdminFormat } from "~/admin/i18n";
import { buttonClass } from "./button";
import { PLACEHOLDER_IMAGE } from "~/fleet/car";
import { formatTry, liraToKurus } from "~/utils/money";
import type { AdminBooking, BookingLeg, BookingSoldBy } from "~/routes/admin/booking-view.server";
import { BookingStatusBadge } from "./list";
import { toggleTarget } from "~/booking/rules/status";
import { bookingMovesFor } from "~/booking/rules/lifecycle";
import { MAX_OVERRIDE_REASON } from "~/booking/rules/booking-changes";
import { TextareaField } from "./fields";
import { kurus } from "~/utils/money";
import { formatCurrency } from "~/pricing/currency";
import { extraName } from "~/booking/rules/extras";
import type { PriceLine } from "~/booking/rules/pricing";
import { extraText, type BookingProducts } from "~/booking/rules/booking-products";

/** Money is shown in tr-TR with ₺ whatever the admin language (DESIGN.md §3). */
export const lira = (amount: number) => formatTry(liraToKurus(amount));

function legText(leg: BookingLeg | null, format: ReturnType<typeof useAdminFormat>): string {
  if (!leg) return "—";
  const distance = typeof leg.distance_value === "number" ? format.km(leg.distance_value) : (leg.distance ?? "—");
  const duration = leg.duration_value && Number.isFinite(leg.duration_value) ? format.duration(leg.duration_value) : (leg.duration ?? "—");
  return `${distance} · ${duration}`;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-500 admin-dark:text-slate-400">{label}</dt>
      <dd className="text-sm break-words text-slate-900 sm:col-span-2 admin-dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** What the office sees of a booking's products (issue 14): the service, extras, price lines and currency. */
export interface ProductsView {
  products: BookingProducts;
  /** the car's category, named by the minimum fare's line */
  category: string | null;
  /** km included per hour of an hourly hire (settings) */
  includedKmPerHour: number;
}

export function BookingDetails({
  booking,
  view,
  units,
  partner,
}: {
  booking: AdminBooking;
  view?: ProductsView;
  /** a party's cars (issue 32), each with its share */
  units?: ReadonlyArray<{ unit: number; carName: string; passengers: number; luggage: number | null }>;
  /** the partner that sold it (issue 33) */
  partner?: BookingSoldBy | null;
}) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const roundTrip = booking.trip_type === "roundTrip";
  const field = (name: string) => t(`bookings.fields.${name}`);
  return (
    <dl className="divide-y divide-slate-200 admin-dark:divide-slate-800">
      <Row label={field("reference")}>{booking.reference}</Row>
      <Row label={field("customer")}>
        {/* one line each, the links 24 px high: touch targets (WCAG 2.5.8) */}
        <span className="block font-medium">{booking.full_name}</span>
        <a className="inline-block min-h-6 leading-6 text-brand-strong underline admin-dark:text-brand" href={`mailto:${booking.email}`}>
          {booking.email}
        </a>
        <br />
        <a className="inline-block min-h-6 leading-6 underline" href={`tel:${booking.phone.replace(/[^+\d]/g, "")}`}>
          {booking.phone}
        </a>
        {booking.customer_id ? (
          <>
            <br />
            <Link to={`/admin/customers/${booking.customer_id}`} className="inline-block min-h-6 leading-6 text-brand-strong underline admin-dark:text-brand">
              {t("customers.openGuest")}
            </Link>
          </>
        ) : null}
      </Row>
      <Row label={t("ui.status")}>
        <BookingStatusBadge status={booking.status} autoConfirmed={booking.auto_confirmed_at !== null} />
      </Row>
      <Row label={field("created")}>{format.date(booking.created_at)}</Row>
      <Row label={field("channel")}>{t(`channels.${booking.channel}`)}</Row>
      {partner ? (
        <Row label={t("partners.booking.soldBy")}>
          <Link to={`/admin/partners/${partner.id}`} className="font-medium text-brand-strong underline admin-dark:text-brand" data-testid="booking-partner">
            {partner.name} ({partner.code})
          </Link>
          <span className="block text-sm">
            {t("partners.booking.commission", { amount: formatTry(kurus(partner.commission)) })} · {t("partners.booking.net", { amount: formatTry(kurus(partner.net)) })}
          </span>
          <span className="block text-sm">{t(partner.partnerPays ? "partners.booking.partnerPays" : "partners.booking.guestPays")}</span>
        </Row>
      ) : null}
      {view ? <ServiceRow view={view} /> : null}
      <Row label={field("tripType")}>{t(`bookings.trip.${booking.trip_type}`, { defaultValue: booking.trip_type })}</Row>
      <Row label={field("car")}>
        <span className="flex items-center gap-3">
          <img
            src={booking.car?.images[0] ?? PLACEHOLDER_IMAGE}
            alt=""
            width={64}
            height={40}
            className="h-10 w-16 rounded object-cover"
            onError={(e) => {
              if (!e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) e.currentTarget.src = PLACEHOLDER_IMAGE;
            }}
          />
          {booking.car?.name || t("ui.notSpecified")}
        </span>
      </Row>
      {units && units.length > 1 ? (
        <Row label={t("bookings.groupCars", { count: units.length })}>
          <ol className="space-y-0.5" data-testid="booking-units">
            {units.map((u) => (
              <li key={u.unit}>
                {u.unit}. {u.carName} · {t("bookings.groupShare", { count: u.passengers })}
                {u.luggage !== null ? ` · ${t("units.bags", { count: u.luggage })}` : ""}
              </li>
            ))}
          </ol>
        </Row>
      ) : null}
      <Row label={field("dateTime")}>{format.date(booking.pickup_date)}</Row>
      <Row label={field("passengers")}>
        {booking.passengers}
        {booking.luggage !== null ? ` · ${t("units.bags", { count: booking.luggage })}` : ""}
      </Row>
      {booking.luggage_items ? (
        <Row label={t("units.specialLuggage")}>
          <span data-luggage-items>{luggageItemsText(t, booking.luggage_items, "units.luggageItems")}</span>
        </Row>
      ) : null}
      <Row label={field("pickup")}>{booking.pickup_location}</Row>
      {booking.pickup_address ? <Row label={field("pickupAddress")}>{booking.pickup_address}</Row> : null}
      <Row label={field("dropoff")}>{booking.dropoff_location}</Row>
      {booking.dropoff_address ? <Row label={field("dropoffAddress")}>{booking.dropoff_address}</Row> : null}
      {booking.flight_number ? <Row label={field("flightNumber")}>{booking.flight_number}</Row> : null}
      {roundTrip ? (
        <>
          <Row label={field("returnDate")}>{format.date(booking.return_date)}</Row>
          <Row label={field("returnPickup")}>{booking.return_pickup_location ?? t("ui.notSpecified")}</Row>
          {booking.return_pickup_address ? <Row label={field("returnPickupAddress")}>{booking.return_pickup_address}</Row> : null}
          <Row label={field("returnDropoff")}>{booking.return_dropoff_location ?? t("ui.notSpecified")}</Row>
          {booking.return_dropoff_address ? <Row label={field("returnDropoffAddress")}>{booking.return_dropoff_address}</Row> : null}
        </>
      ) : null}
      {view && view.products.extras.length > 0 ? <ExtrasRow products={view.products} /> : null}
      <Row label={field("amount")}>
        <span className="font-semibold">{lira(booking.total_price)}</span>
        {view?.products.hours == null ? <span className="text-slate-600 admin-dark:text-slate-400"> {t("bookings.ratePerKm", { price: lira(booking.rate_per_km) })}</span> : null}
        {view ? <CurrencyLine products={view.products} charged={lira(booking.total_price)} /> : null}
      </Row>
      {view && view.products.lines.length > 0 ? <PriceLinesRow view={view} /> : null}
      <Row label={field("totalDistance")}>{format.km(booking.total_distance)}</Row>
      <Row label={field("outbound")}>{legText(booking.distance_details.outbound, format)}</Row>
      {roundTrip ? <Row label={field("return")}>{legText(booking.distance_details.return, format)}</Row> : null}
      <Row label={field("notes")}>{booking.notes ? <span className="whitespace-pre-line">{booking.notes}</span> : "—"}</Row>
    </dl>
  );
}

/** One status button: a small form posting the booking's id and the given fields with the fetcher. */
function StatusPost({
  fetcher,
  action,
  id,
  busy,
  fields,
  variant = "primary",
  children,
}: {
  fetcher: ReturnType<typeof useFetcher>;
  action: string;
  id: string;
  busy: boolean;
  fields: Record<string, string>;
  variant?: "primary" | "secondary";
  children: ReactNode;
}) {
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="id" value={id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" disabled={busy} className={buttonClass(variant, "sm")}>
        {children}
      </button>
    </fetcher.Form>
  );
}

/**
 * The status actions the state machine allows the office at `now` (the server's clock, from the
 * loader; rules/lifecycle.ts): the spec's pending ↔ completed toggle, confirm, "Tamamlandı yap"
 * (only from the trip's last pickup), and cancel with a reason. Posts with a fetcher (no page
 * change) and plainly without JavaScript.
 */
export function StatusActions({ booking, action, now, showCancel = true }: { booking: AdminBooking; action: string; now: string; showCancel?: boolean }) {
  const { t } = useTranslation("admin");
  const fetcher = useFetcher();
  const next = bookingMovesFor(booking, "office", { now: new Date(now) });
  const target = toggleTarget(booking.status);
  const toggle = target && next.includes(target) ? target : undefined;
  const busy = fetcher.state !== "idle";
  const post = { fetcher, action, id: booking.id, busy };
  const refused = fetcher.data as { ok?: boolean; override?: { to: string; reason: string }; fields?: { override_reason?: string[] } } | undefined;
  // Only while the booking still has the status the refused change was asked from.
  const override = refused && !refused.ok && refused.override && next.includes(refused.override.to as never) ? refused.override : undefined;
  const overrideErrors = refused?.fields?.override_reason;
  return (
    <div className="flex flex-wrap items-start gap-2">
      {next.includes("confirmed") ? (
        <StatusPost {...post} fields={{ intent: "status", to: "confirmed" }}>{t("ui.confirm")}</StatusPost>
      ) : null}
      {booking.status === "confirmed" && next.includes("completed") ? (
        <StatusPost {...post} fields={{ intent: "status", to: "completed" }}>{t("bookings.markCompleted")}</StatusPost>
      ) : null}
      {toggle ? (
        <StatusPost {...post} fields={{ intent: "toggle" }} variant="secondary">
          {toggle === "completed" ? t("bookings.complete") : t("bookings.markPending")}
        </StatusPost>
      ) : null}
      {showCancel && next.includes("cancelled") ? (
        <details className="w-full sm:w-auto">
          <summary className={buttonClass("danger", "sm", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>{t("bookings.cancel")}</summary>
          <fetcher.Form method="post" action={action} className="mt-2 flex flex-col gap-2 sm:w-80">
            <input type="hidden" name="id" value={booking.id} />
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="to" value="cancelled" />
            <label htmlFor={`reason-${booking.id}`} className="text-sm font-medium">
              {t("bookings.cancelReason")}
            </label>
            <textarea
              id={`reason-${booking.id}`}
              name="note"
              required
              rows={2}
              maxLength={1000}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm admin-dark:border-slate-700 admin-dark:bg-slate-950"
            />
            <button type="submit" disabled={busy} className={buttonClass("danger", "sm")}>
              {t("bookings.saveCancelled")}
            </button>
          </fetcher.Form>
        </details>
      ) : null}
      {fetcher.data && typeof fetcher.data === "object" && "message" in fetcher.data ? (
        <p role={(fetcher.data as { ok: boolean }).ok ? "status" : "alert"} className="w-full text-sm">
          {String((fetcher.data as { message: string }).message)}
          {(fetcher.data as { fields?: { note?: string[] } }).fields?.note ? ` ${(fetcher.data as { fields: { note: string[] } }).fields.note.join(" ")}` : ""}
        </p>
      ) : null}
      {override ? (
        // The car is taken: the status may still be set, ticked and with a reason (without JavaScript the page shows this form).
        <fetcher.Form method="post" action={action} className="w-full space-y-3">
          <input type="hidden" name="id" value={booking.id} />
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="to" value={override.to} />
          <OverrideFields id={`status-override-${booking.id}`} reason={override.reason} errors={overrideErrors} checked />
          <button type="submit" disabled={busy} className={buttonClass("primary", "sm")}>
            {t("bookingChanges.overrideStatus", { status: t(`status.${override.to}`) })}
          </button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}

/** "Çakışmaya rağmen kaydet" and its required reason ("Gerekçe"). */
export function OverrideFields({
  reason,
  errors,
  checked,
  conflicts,
  id = "override-reason",
}: {
  reason: string;
  errors?: string[];
  checked: boolean;
  conflicts?: string | null;
  id?: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3 sm:col-span-2 admin-dark:border-amber-700 admin-dark:bg-amber-950">
      {conflicts ? (
        <p className="text-sm">
          <strong>{t("bookingChanges.overrideTitle")}:</strong> {conflicts}
        </p>
      ) : null}
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="override" defaultChecked={checked} className="h-4 w-4" />
        {t("bookingChanges.override")}
      </label>
      <TextareaField id={id} name="override_reason" label={t("bookingChanges.reason")} defaultValue={reason} errors={errors} rows={2} maxLength={MAX_OVERRIDE_REASON} />
    </div>
  );
}

/** "Transfer" or "Saatlik kiralama · 4 saat, 100 km dahil". */
function ServiceRow({ view }: { view: ProductsView }) {
  const { t } = useTranslation("admin");
  const { hours } = view.products;
  return (
    <Row label={t("bookingProducts.service")}>
      <span data-testid="booking-service">
        {hours === null ? t("bookingProducts.transfer") : t("bookingProducts.hourlyService", { hours, km: hours * view.includedKmPerHour })}
      </span>
    </Row>
  );
}

/** The extras, the name sign first and prominent: the driver needs it at the gate. */
function ExtrasRow({ products }: { products: BookingProducts }) {
  const { t, i18n } = useTranslation("admin");
  const signs = products.extras.filter((e) => e.quantity > 0 && e.text);
  const others = products.extras.filter((e) => e.quantity > 0 && !e.text);
  return (
    <Row label={t("bookingProducts.extras")}>
      {signs.map((e) => (
        <p key={e.code} data-testid="booking-sign" className="mb-1 rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-base font-semibold text-amber-950 admin-dark:border-amber-600 admin-dark:bg-amber-950 admin-dark:text-amber-50">
          <span className="block text-xs font-medium">{t("bookingProducts.signTitle")}</span>
          {extraText(e, i18n.language)}
        </p>
      ))}
      {others.length > 0 ? (
        <ul data-testid="booking-extras" className="list-inside list-disc">
          {others.map((e) => (
            <li key={e.code}>{extraText(e, i18n.language)}</li>
          ))}
        </ul>
      ) : null}
    </Row>
  );
}

/** "Müşteriye gösterilen: 38,17 € (kur 52,40 ₺) · Tahsil edilecek: 2.000,00 ₺" for a booking seen in another currency. */
function CurrencyLine({ products, charged }: { products: BookingProducts; charged: string }) {
  const { t, i18n } = useTranslation("admin");
  if (products.currency === "TRY" || !products.currencyRate) return null;
  const shown = formatCurrency(products.currencyTotal, products.currency, i18n.language);
  const rate = formatTry(kurus(products.currencyRate / 100));
  return (
    <span data-testid="booking-currency" className="block text-slate-700 admin-dark:text-slate-300">
      {t("bookingProducts.shown", { amount: shown, rate })} · {t("bookingProducts.charged", { amount: charged })}
    </span>
  );
}

/** One price line in the office's words. */
function lineText(line: PriceLine, view: ProductsView, t: (key: string, options?: Record<string, unknown>) => string, lng: string, roundTrip: boolean): string {
  const leg = roundTrip && "leg" in line ? ` · ${t(line.leg === "return" ? "bookingProducts.legReturn" : "bookingProducts.legOutbound")}` : "";
  const kmText = (value: number) => new Intl.NumberFormat(lng === "en" ? "en-GB" : lng, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  switch (line.kind) {
    case "fixed":
      return t("bookingProducts.line.fixed") + leg;
    case "distance":
      return t("bookingProducts.line.distance", { km: kmText(line.km), rate: formatTry(line.ratePerKm) }) + leg;
    case "hourly":
      return t("bookingProducts.line.hourly", { hours: line.hours, rate: formatTry(line.ratePerHour) });
    case "night":
      return t("bookingProducts.line.night", { percent: line.percent }) + leg;
    case "returnDiscount":
      return t("bookingProducts.line.returnDiscount", { percent: line.percent });
    case "minimum":
      return view.category ? t("bookingProducts.line.minimum", { category: view.category }) : t("bookingProducts.line.minimumPlain");
    case "extra": {
      const booked = view.products.extras.find((e) => e.code === line.code);
      return t("bookingProducts.line.extra", { name: booked ? extraName(booked.names, lng) : line.code, quantity: line.quantity });
    }
    case "office":
      return t("bookingProducts.line.office", { quoted: formatTry(line.quoted) });
    case "car":
      return t("bookingProducts.line.car", { unit: line.unit, name: line.name });
  }
}

/** The itemised price as it was computed (lines add up to the total). */
function PriceLinesRow({ view }: { view: ProductsView }) {
  const { t } = useTranslation("admin");
  return (
    <Row label={t("bookingProducts.priceLines")}>
      <PriceLinesTable view={view} />
    </Row>
  );
}

/** The price's lines and their total, in the office's words (the booking page, the new-booking form's quote). */
export function PriceLinesTable({ view }: { view: ProductsView }) {
  const { t, i18n } = useTranslation("admin");
  const roundTrip = view.products.lines.some((l) => "leg" in l && l.leg === "return");
  const total = view.products.lines.reduce((sum, l) => sum + l.amount, 0);
  return (
    <table className="w-full text-sm" data-testid="booking-price-lines">
      <tbody>
        {view.products.lines.map((line, i) => (
          <tr key={i}>
            <td className="py-0.5 pr-3">{lineText(line, view, t, i18n.language, roundTrip)}</td>
            <td className="py-0.5 text-right tabular-nums whitespace-nowrap">{formatTry(line.amount)}</td>
          </tr>
        ))}
        <tr className="border-t border-slate-200 font-semibold admin-dark:border-slate-700">
          <td className="py-0.5 pr-3">{t("bookingProducts.total")}</td>
          <td className="py-0.5 text-right tabular-nums whitespace-nowrap">{formatTry(kurus(total))}</td>
        </tr>
      </tbody>
    </table>
  );
}
