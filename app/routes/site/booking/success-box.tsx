/**
 * The results page's success box: the reference, the trip, the car (or the party's cars), the
 * itemised price, what is paid on arrival and the waiting, the terms, and "confirmed" or
 * "received, awaiting confirmation" as the booking is (issue 32: instant confirmation).
 */
import { useTranslation } from "~/i18n/react";
import { formatWhen } from "~/booking/rules/date-text";
import { LOCALE_TAGS, type Language } from "~/i18n/config";
import { useMoney } from "~/pricing/use-money";
import { extraName } from "~/booking/rules/extras";
import { waitingStatement } from "~/booking/rules/price-text";
import { luggageItemsText } from "~/booking/rules/luggage-text";
import { AddressTerms } from "./address-fields";
import { BookingTerms } from "./booking-terms";
import { PriceLines } from "./price-lines";
import type { confirmBooking, PriceTerms, bookingTermsFor } from "./results.server";

export function useWhen() {
  const { i18n } = useTranslation();
  const lng = (i18n.language in LOCALE_TAGS ? i18n.language : "en") as Language;
  return (iso: string) => formatWhen(iso, lng);
}

type Booked = NonNullable<Extract<Awaited<ReturnType<typeof confirmBooking>>, { status: "success" }>["booking"]>;

export function BookingSuccess({ booking, priceTerms, terms, routes, category }: {
  booking: Booked;
  priceTerms: PriceTerms;
  terms: Awaited<ReturnType<typeof bookingTermsFor>>;
  routes: { outbound: string; return?: string };
  category: string;
}) {
  const { t, i18n } = useTranslation("booking");
  const money = useMoney();
  const when = useWhen();
  const data = { priceTerms, terms };
  return (
    <section role="status" aria-labelledby="booking-success-title" className="mb-8 rounded-3xl border border-green-300 bg-green-50 p-6 text-green-950 sm:p-8">
      <h1 id="booking-success-title" className="font-display text-2xl font-semibold" data-booking-status={booking.confirmed ? "confirmed" : "pending"}>{t(booking.confirmed ? "booking.bookingConfirmed" : "booking.bookingSuccess")}</h1>
      <p className="mt-2">{t("confirmation.reference")} <strong className="font-mono text-xl tracking-wider whitespace-nowrap">{booking.reference}</strong></p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t("summary.outbound")}</dt>
        <dd>{booking.pickup} → {booking.dropoff} · {when(booking.pickupDate)}</dd>
        {booking.returnDate && (
          <>
            <dt className="font-semibold">{t("summary.return")}</dt>
            <dd>{booking.returnPickup} → {booking.returnDropoff} · {when(booking.returnDate)}</dd>
          </>
        )}
        <AddressTerms ends={booking.addresses} />
        <dt className="font-semibold">{t("summary.car")}</dt>
        <dd>{booking.carName}</dd>
        <dt className="font-semibold">{t("summary.passengers")}</dt>
        <dd>{booking.passengers}{booking.luggage !== null ? ` · ${t("summary.luggage")}: ${booking.luggage}` : ""}</dd>
        {booking.luggageItems && (
          <>
            <dt className="font-semibold">{t("luggageItems.title")}</dt>
            <dd data-luggage-items>{luggageItemsText(t, booking.luggageItems)}</dd>
          </>
        )}
        {booking.hours !== null && (
          <>
            <dt className="font-semibold">{t("confirmation.hourlyHire")}</dt>
            <dd>{t("confirmation.hourlyHireValue", { hours: booking.hours, km: booking.hours * data.priceTerms.rules.includedKmPerHour })}</dd>
          </>
        )}
        {booking.price.extras.length > 0 && (
          <>
            <dt className="font-semibold">{t("extras.title")}</dt>
            <dd data-booked-extras>
              <ul>
                {booking.price.extras.map((e) => (
                  <li key={e.code}>{extraName(e.names, i18n.language)}{e.pricing === "booking" && e.quantity === 1 ? "" : ` × ${e.quantity}`}{e.text ? ` · ${t("price.lines.extraText", { text: e.text })}` : ""}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt className="font-semibold">{t("summary.price")}</dt>
        <dd>
          <PriceLines price={booking.price} rules={data.priceTerms.rules} routes={routes} category={category} />
        </dd>
        <dt className="font-semibold">{t("payment.onArrival")}</dt>
        <dd data-testid="due-on-arrival">{money.both(booking.price.total)}</dd>
        <dt className="font-semibold">{t("waiting.title")}</dt>
        <dd data-waiting>{waitingStatement(t, booking.airport, booking.airport ? data.priceTerms.waiting.airportMinutes : data.priceTerms.waiting.otherMinutes, data.priceTerms.waiting.price === null ? null : money.shown(data.priceTerms.waiting.price), booking.hours)}</dd>
        <dt className="font-semibold">{t("contact.phone")}</dt>
        <dd>{booking.phone}</dd>
      </dl>
      <p className="mt-3">{t(booking.confirmed ? "booking.confirmedText" : "booking.successText")}</p>
      <BookingTerms terms={data.terms} className="mt-4" />
      <p className="mt-4 text-sm">{t("confirmation.mailSent", { email: booking.email })}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        {booking.privateLink && (
          <a href={booking.privateLink} className="btn-secondary border-green-700 text-green-950">{t("confirmation.viewBooking")}</a>
        )}
        <a href="/" className="btn-primary">{t("confirmation.backHome")}</a>
      </div>
    </section>
  );
}
