/**
 * How the back office shows one booking: the details list used by the modal and by the page
 * /admin/bookings/{id} (spec §2: customer, status, created, trip type, car, date and time,
 * passengers, places, return leg, amount, distances per leg, notes), and the status buttons.
 */
import { useFetcher } from "react-router";
import { buttonClass } from "~/admin/ui";
import { formatAdminDate } from "~/admin/format";
import { PLACEHOLDER_IMAGE } from "~/fleet/car";
import { formatTry } from "~/utils/money";
import type { AdminBooking, BookingLeg } from "./admin-bookings.server";
import { BookingStatusBadge } from "./admin-list-ui";
import { allowedNextStatuses, STATUS_LABELS, toggleTarget } from "./status";

export const TRIP_LABELS: Record<string, string> = { oneWay: "Tek Yön", roundTrip: "Gidiş-Dönüş" };

export const lira = (amount: number) => formatTry(Math.round(amount * 100));
export const km = (value: number) => `${Math.round(value).toLocaleString("tr-TR")} km`;

function duration(seconds: number | undefined): string {
  if (!seconds || !Number.isFinite(seconds)) return "—";
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} saat ${m} dk` : `${m} dk`;
}

function legText(leg: BookingLeg | null): string {
  if (!leg) return "—";
  const distance = typeof leg.distance_value === "number" ? km(leg.distance_value) : (leg.distance ?? "—");
  return `${distance} · ${leg.duration_value ? duration(leg.duration_value) : (leg.duration ?? "—")}`;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-500 admin-dark:text-slate-400">{label}</dt>
      <dd className="text-sm break-words text-slate-900 sm:col-span-2 admin-dark:text-slate-100">{children}</dd>
    </div>
  );
}

export function BookingDetails({ booking }: { booking: AdminBooking }) {
  const roundTrip = booking.trip_type === "roundTrip";
  return (
    <dl className="divide-y divide-slate-200 admin-dark:divide-slate-800">
      <Row label="Rezervasyon No">{booking.reference}</Row>
      <Row label="Müşteri">
        <span className="font-medium">{booking.full_name}</span>
        <br />
        <a className="text-brand-strong underline admin-dark:text-brand" href={`mailto:${booking.email}`}>
          {booking.email}
        </a>
        <br />
        <a className="underline" href={`tel:${booking.phone.replace(/[^+\d]/g, "")}`}>
          {booking.phone}
        </a>
      </Row>
      <Row label="Durum">
        <BookingStatusBadge status={booking.status} />
      </Row>
      <Row label="Oluşturulma">{formatAdminDate(booking.created_at)}</Row>
      <Row label="Yolculuk tipi">{TRIP_LABELS[booking.trip_type] ?? booking.trip_type}</Row>
      <Row label="Araç">
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
          {booking.car?.name || "Belirtilmemiş"}
        </span>
      </Row>
      <Row label="Tarih ve saat">{formatAdminDate(booking.pickup_date)}</Row>
      <Row label="Yolcu sayısı">
        {booking.passengers}
        {booking.luggage !== null ? ` · ${booking.luggage} bagaj` : ""}
      </Row>
      <Row label="Alış noktası">{booking.pickup_location}</Row>
      <Row label="Bırakış noktası">{booking.dropoff_location}</Row>
      {booking.flight_number ? <Row label="Uçuş numarası">{booking.flight_number}</Row> : null}
      {roundTrip ? (
        <>
          <Row label="Dönüş tarihi">{formatAdminDate(booking.return_date)}</Row>
          <Row label="Dönüş alış noktası">{booking.return_pickup_location ?? "Belirtilmemiş"}</Row>
          <Row label="Dönüş bırakış noktası">{booking.return_dropoff_location ?? "Belirtilmemiş"}</Row>
        </>
      ) : null}
      <Row label="Tutar">
        <span className="font-semibold">{lira(booking.total_price)}</span>
        <span className="text-slate-500"> ({lira(booking.rate_per_km)} / km)</span>
      </Row>
      <Row label="Toplam mesafe">{km(booking.total_distance)}</Row>
      <Row label="Gidiş">{legText(booking.distance_details.outbound)}</Row>
      {roundTrip ? <Row label="Dönüş">{legText(booking.distance_details.return)}</Row> : null}
      <Row label="Notlar">{booking.notes ? <span className="whitespace-pre-line">{booking.notes}</span> : "—"}</Row>
    </dl>
  );
}

/**
 * The status actions a booking allows: the spec's pending ↔ completed toggle, confirm, and
 * cancel with a reason. Posts with a fetcher (no page change) and plainly without JavaScript.
 */
export function StatusActions({ booking, action, showCancel = true }: { booking: AdminBooking; action: string; showCancel?: boolean }) {
  const fetcher = useFetcher();
  const next = allowedNextStatuses(booking.status);
  const toggle = toggleTarget(booking.status);
  const busy = fetcher.state !== "idle";
  return (
    <div className="flex flex-wrap items-start gap-2">
      {next.includes("confirmed") ? (
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="id" value={booking.id} />
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="to" value="confirmed" />
          <button type="submit" disabled={busy} className={buttonClass("primary", "sm")}>
            Onayla
          </button>
        </fetcher.Form>
      ) : null}
      {booking.status === "confirmed" ? (
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="id" value={booking.id} />
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="to" value="completed" />
          <button type="submit" disabled={busy} className={buttonClass("primary", "sm")}>
            Tamamlandı olarak işaretle
          </button>
        </fetcher.Form>
      ) : null}
      {toggle ? (
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="id" value={booking.id} />
          <input type="hidden" name="intent" value="toggle" />
          <button type="submit" disabled={busy} className={buttonClass("secondary", "sm")}>
            {toggle === "completed" ? "Tamamlandı yap" : "Beklemeye al"}
          </button>
        </fetcher.Form>
      ) : null}
      {showCancel && next.includes("cancelled") ? (
        <details className="w-full sm:w-auto">
          <summary className={buttonClass("danger", "sm", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>İptal et</summary>
          <fetcher.Form method="post" action={action} className="mt-2 flex flex-col gap-2 sm:w-80">
            <input type="hidden" name="id" value={booking.id} />
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="to" value="cancelled" />
            <label htmlFor={`reason-${booking.id}`} className="text-sm font-medium">
              İptal nedeni
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
              {STATUS_LABELS.cancelled} olarak kaydet
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
    </div>
  );
}
