import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Trans } from "react-i18next";
import { useTranslation } from "~/i18n/react";
import { Form, useNavigate, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { I18nHandle } from "~/i18n/resources";
import type { Route } from "./+types/booking-results";
import { AddressFields } from "~/routes/site/booking/address-fields";
import { addressStops } from "~/booking/rules/addresses";
import { PayChoice } from "~/routes/site/booking/pay-choice";
import { bookingTermsFor, carCard, confirmBooking, groupCardsFor, keepResultsWhileTrue, newIdempotencyKey, pricingTermsFor, quotesFor, readSearch, settingsFor, startsAtAirport } from "~/routes/site/booking/results.server";
import { PriceLines } from "~/routes/site/booking/price-lines";
import { waitingStatement, withExtras } from "~/booking/rules/price-text";
import { ExtrasFieldset, quantityOf } from "~/routes/site/booking/extras-fieldset";
import { useMoney } from "~/pricing/use-money";
import { luggageItemsText } from "~/booking/rules/luggage-text";
import { includedKm } from "~/booking/rules/hire";
import { BookingTerms } from "~/routes/site/booking/booking-terms";
import { TooSoonNotice } from "~/routes/site/booking/too-soon-notice";
import { QuoteRequestLink, quoteRequestHref, unpriceableReasons } from "~/routes/site/booking/quote-request-link";
import { ConfirmButton, FailedNotice } from "~/routes/site/booking/contact-notices";
import { TakenNotice } from "~/routes/site/booking/taken-notice";
import { BookingSuccess, useWhen } from "~/routes/site/booking/success-box";
import { GroupIntro, GroupPictures, GroupSummary } from "~/routes/site/booking/group-cards";
import { LengthCounter } from "~/components/site/length-counter";
import { MAX_NOTES } from "~/booking/rules/contact-limits";
import { RouteSketch } from "~/routes/site/booking/route-sketch";
import { PlacesCredit, readsAs, ResolvedPlaces, RouteFigures, RouteFiguresInline } from "~/routes/site/booking/route-summary";
import { Field } from "~/components/site/field";
import { onDemand } from "~/components/site/on-demand";
import type { SearchFormProps } from "~/routes/site/booking/search-form";
import { useHydrated } from "~/components/site/use-hydrated";
import { useValidationOnDemand } from "~/components/site/use-validation-on-demand";
import { getInstance } from "~/i18n/i18next.server";
import { useCategoryLabel } from "~/fleet/category";
import { brandedTitle, rootMetaData } from "~/components/seo";

/** The catalogues this page needs besides `common` (loaded before hydration; app/i18n/resources.ts). */
export const handle: I18nHandle = { i18n: ["booking"] };

/**
 * The search form is shown only when the search cannot be answered, to fix it; the list of cars
 * does not load its code, and on the page that shows it, it hydrates when the visitor turns to it
 * (app/components/site/on-demand.tsx). Its catalogue is the page's.
 */
const BookingSearchForm = onDemand<SearchFormProps>(() => import("~/routes/site/booking/search-form").then((m) => m.BookingSearchForm), []);

export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(null, "booking");
  const url = new URL(request.url);
  // One read of the settings for the whole answer (the search, pricing, terms, availability).
  const settings = await settingsFor(context);
  const outcome = await readSearch(url, context, settings);
  const meta = { title: t("bookingResults.metaTitle") };
  keepResultsWhileTrue(outcome.kind === "ok" ? outcome.search : null, settings);
  if (outcome.kind !== "ok") {
    if (outcome.kind === "invalid") await BookingSearchForm.ready();
    const reasons = outcome.kind === "invalid" ? unpriceableReasons(outcome.errors) : [];
    return { ...meta, outcome, quoteRequest: outcome.kind === "invalid" && reasons.length > 0 ? quoteRequestHref(outcome.values, reasons) : null };
  }
  // The office's pricing tables are read once: the cars' prices and the page's pricing texts share them.
  const { tables, priceTerms, hireTerms } = await pricingTermsFor(context, settings);
  const [quotes, terms] = await Promise.all([quotesFor(context, outcome.search, outcome.trip, tables, settings), bookingTermsFor(context, { pickupAt: `${outcome.search.date}T${outcome.search.time}:00+03:00`, roundTrip: outcome.search.tripType === "roundTrip" }, settings)]);
  const leg = (l: typeof outcome.trip.outbound) => ({
    from: { label: l.from.label, lat: l.from.lat, lng: l.from.lng },
    to: { label: l.to.label, lat: l.to.lat, lng: l.to.lng },
    km: l.km,
    seconds: l.route.durationSeconds,
    polyline: l.route.polyline,
    estimate: l.route.estimate,
  });
  const s = outcome.search;
  const carParam = url.searchParams.get("car");
  const allBusy = quotes.length > 0 && quotes.every((q) => q.unavailable !== null);
  // a party no single free car carries: the combinations of free cars that do (issue 32)
  const groups = quotes.some((q) => q.unavailable === null) ? [] : await groupCardsFor(context, s, outcome.trip, tables, carParam, settings);
  return {
    ...meta,
    outcome: { kind: "ok" as const },
    query: outcome.query,
    search: {
      tripType: s.tripType,
      hours: s.tripType === "hourly" ? s.hours : null,
      pickup: s.pickup,
      dropoff: s.dropoff,
      pickupAt: `${s.date}T${s.time}:00+03:00`,
      returnPickup: s.tripType === "roundTrip" ? s.returnPickup : null,
      returnDropoff: s.tripType === "roundTrip" ? s.returnDropoff : null,
      returnAt: s.tripType === "roundTrip" ? `${s.returnDate}T${s.returnTime}:00+03:00` : null,
      passengers: s.passengers,
      luggage: s.luggage ?? null,
      luggageItems: s.luggageItems,
    },
    /** an hourly hire: its hours and the kilometres they include (more are charged at the car's per-km rate) */
    hire: s.tripType === "hourly" ? { hours: s.hours, includedKm: includedKm(s.hours, hireTerms), includedKmPerHour: hireTerms.includedKmPerHour } : null,
    trip: {
      outbound: leg(outcome.trip.outbound),
      return: outcome.trip.return ? leg(outcome.trip.return) : null,
      totalKm: outcome.trip.totalKm,
      totalSeconds: outcome.trip.totalSeconds,
      estimate: outcome.trip.estimate,
      // a place from the shipped gazetteer: its data's credit is shown
      gazetteer: [outcome.trip.outbound, outcome.trip.return].some((l) => l && [l.from, l.to].some((p) => p.source === "builtin" && p.kind !== "address")),
    },
    // Only cars free for every leg; a busy car the visitor asked for (?car=) is shown, marked, not hidden.
    // The taken car leads the list, so the visitor sees at once why it is not chosen.
    cars: [
      ...quotes
        .filter((q) => q.unavailable === null || q.car.id === carParam)
        .sort((a, b) => Number(b.unavailable !== null) - Number(a.unavailable !== null))
        .map((q) => ({ ...carCard(q), unavailable: q.unavailable, group: null })),
      ...groups,
    ],
    /** the cars offered are combinations: no single free car carries the party */
    groupsOnly: groups.length > 0,
    /** fitting cars all booked at these times (the empty state says so, not "none fits") */
    allBusy,
    /** no car fits or none is free: the office may still run it (a quote request) */
    quoteRequest: quotes.length === 0 || allBusy ? quoteRequestHref(outcome.values, [allBusy ? "noCar" : s.tripType === "hourly" ? "noCar" : "passengers"]) : null,
    selectedCarId: carParam && [...quotes.map((q) => ({ id: q.car.id, unavailable: q.unavailable })), ...groups].some((c) => c.id === carParam && c.unavailable === null) ? carParam : null,
    airport: startsAtAirport(outcome.trip),
    terms,
    /** the rules' texts, the extras on offer and the free waiting (issue 14) */
    priceTerms,
    // labelled with the resolved places, in the visitor's language ("Белек", not what was typed)
    addressStops: addressStops(
      {
        pickup: outcome.trip.outbound.from.label,
        dropoff: outcome.trip.outbound.to.label,
        returnPickup: outcome.trip.return?.from.label,
        returnDropoff: outcome.trip.return?.to.label,
      },
      outcome.trip,
    ),
    // this answer's own: a kept copy of the page gets a fresh one for each visitor
    idempotencyKey: newIdempotencyKey(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return confirmBooking(request, context);
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return [{ title: brandedTitle(data?.title ?? "", rootMetaData(matches, location).siteName) }, { name: "robots", content: "noindex" }];
}

/** Choosing a car only changes `car` in the URL: no need to plan the trip again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  const strip = (u: URL) => {
    const p = new URLSearchParams(u.search);
    p.delete("car");
    return `${u.pathname}?${p.toString()}`;
  };
  return strip(currentUrl) !== strip(nextUrl) || defaultShouldRevalidate === false ? defaultShouldRevalidate : false;
}


type Loaded = Extract<Route.ComponentProps["loaderData"], { query: string }>;

export default function BookingResults({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("booking");
  if (loaderData.outcome.kind === "empty") {
    return (
      <main id="main" className="container-page py-16">
        <div role="alert" className="mx-auto max-w-xl rounded-3xl border border-red-200 bg-red-50 p-8 text-center text-red-900">
          <h1 className="font-display text-2xl font-semibold">{t("bookingResults.noBookingDataTitle")}</h1>
          <p className="mt-3">{t("bookingResults.noBookingData")}</p>
          <a href="/#booking" className="btn-primary mt-6">
            {t("bookingResults.newSearch")}
          </a>
        </div>
      </main>
    );
  }
  if (loaderData.outcome.kind === "invalid") {
    return (
      <main id="main" className="container-page py-12">
        <h1 className="font-display text-3xl font-semibold">{t("bookingResults.title")}</h1>
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-red-800">
          {t("bookingResults.fixSearch")}
        </p>
        {loaderData.outcome.tooSoon && <TooSoonNotice lead={loaderData.outcome.tooSoon} />}
        {loaderData.quoteRequest ? <QuoteRequestLink href={loaderData.quoteRequest} /> : null}
        <section className="mt-6 rounded-3xl border border-slate-200 bg-white p-6 shadow-xl sm:p-10 dark:border-slate-800 dark:bg-slate-900">
          <BookingSearchForm.Part
            defaultValue={loaderData.outcome.values}
            errors={loaderData.outcome.errors}
            candidates={loaderData.outcome.candidates}
            errorValues={loaderData.outcome.tooSoon ? { date: { ...loaderData.outcome.tooSoon } } : undefined}
            title={t("bookingResults.changeSearch")}
          />
        </section>
      </main>
    );
  }
  return <Results data={loaderData as Loaded} actionData={actionData} />;
}

function Results({ data, actionData }: { data: Loaded; actionData: Route.ComponentProps["actionData"] }) {
  const { t } = useTranslation("booking");
  const categoryLabel = useCategoryLabel();
  const when = useWhen();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [selected, setSelected] = useState<string | null>(data.selectedCarId);
  const [loadedSelection, setLoadedSelection] = useState(data.selectedCarId);
  if (loadedSelection !== data.selectedCarId) {
    setLoadedSelection(data.selectedCarId);
    setSelected(data.selectedCarId);
  }
  const topRef = useRef<HTMLDivElement>(null);
  const booking = actionData?.status === "success" ? actionData.booking : null;
  const failed = actionData?.status === "error";
  const taken = actionData?.status === "taken" ? actionData.taken : null;

  useEffect(() => {
    if (actionData) topRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [actionData]);

  function select(id: string, event: React.MouseEvent) {
    event.preventDefault();
    setSelected(id);
    const params = new URLSearchParams(window.location.search);
    params.set("car", id);
    void navigate(`?${params.toString()}`, { replace: true, preventScrollReset: true });
    // Spec §2: the page moves to the contact section 100 ms after a car is chosen.
    setTimeout(() => document.getElementById("contact")?.scrollIntoView({ behavior: "smooth", block: "start" }), 100);
  }

  const { search, trip } = data;
  // A car taken meanwhile (the reloaded list marks it) is no longer the choice.
  const selectedCar = data.cars.find((c) => c.id === selected && c.unavailable === null) ?? null;
  // Once booked, only the booked car stays: nothing left to choose under the success box. The list
  // read after the booking marks that car taken (by this very booking): it is shown as booked.
  const shownCars = booking ? data.cars.filter((c) => c.id === booking.carId).map((c) => ({ ...c, unavailable: null })) : data.cars;
  const routes = { outbound: `${trip.outbound.from.label} → ${trip.outbound.to.label}`, return: trip.return ? `${trip.return.from.label} → ${trip.return.to.label}` : undefined };
  const legs = [
    { ...trip.outbound, kind: "outbound" as const },
    ...(trip.return ? [{ ...trip.return, kind: "return" as const }] : []),
  ];

  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <div ref={topRef} className="scroll-mt-24" />
      {booking && <BookingSuccess booking={booking} priceTerms={data.priceTerms} terms={data.terms} routes={routes} category={categoryLabel(data.cars.find((c) => c.id === booking.carId)?.category ?? "")} />}
      {failed && <FailedNotice errors={actionData.reply.error} />}
      {taken && <TakenNotice taken={taken} query={data.query} submitting={navigation.state === "submitting"} />}

      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className={`font-display text-3xl font-semibold sm:text-4xl ${booking ? "sr-only" : ""}`}>{t("bookingResults.title")}</h1>
        <a href={`/?${data.query}#booking`} className="text-sm font-semibold text-brand-strong underline-offset-4 hover:underline dark:text-brand">
          {t("bookingResults.changeSearch")}
        </a>
      </div>

      <section aria-labelledby="trip-title" className="mt-6 grid gap-6 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm lg:grid-cols-[1fr_1.1fr] dark:border-slate-800 dark:bg-slate-900">
        <div>
          <h2 id="trip-title" className="text-lg font-semibold">{t("summary.title")}</h2>
          <dl className="mt-4 space-y-4 text-sm">
            {data.hire ? (
              <HireSummary hire={data.hire} typed={search.pickup} start={trip.outbound.from.label} when={when(search.pickupAt)} />
            ) : (
              <div>
                <dt className="font-semibold text-orange-700 dark:text-orange-400">{t("summary.outbound")}</dt>
                <ResolvedPlaces typed={[search.pickup, search.dropoff]} leg={trip.outbound} />
                <dd className="text-slate-600 dark:text-slate-300">{when(search.pickupAt)}</dd>
                <dd><RouteFigures km={trip.outbound.km} seconds={trip.outbound.seconds} estimate={trip.outbound.estimate} /></dd>
              </div>
            )}
            {trip.return && search.returnAt && (
              <div>
                <dt className="font-semibold text-blue-700 dark:text-blue-400">{t("summary.return")}</dt>
                <ResolvedPlaces typed={[search.returnPickup ?? "", search.returnDropoff ?? ""]} leg={trip.return} />
                <dd className="text-slate-600 dark:text-slate-300">{when(search.returnAt)}</dd>
                <dd><RouteFigures km={trip.return.km} seconds={trip.return.seconds} estimate={trip.return.estimate} /></dd>
              </div>
            )}
          </dl>
          <div className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <p><span className="font-semibold">{t("summary.passengers")}:</span> {search.passengers}</p>
            {search.luggage !== null && <p><span className="font-semibold">{t("summary.luggage")}:</span> {search.luggage}</p>}
            {search.luggageItems && <p data-luggage-items><span className="font-semibold">{t("luggageItems.title")}:</span> {luggageItemsText(t, search.luggageItems)}</p>}
            {trip.return && <p><span className="font-semibold">{t("summary.totalDistance")}:</span> <RouteFiguresInline km={trip.totalKm} seconds={trip.totalSeconds} estimate={trip.estimate} /></p>}
          </div>
        </div>
        {/* An hourly hire starts and ends where the visitor says on the day: no route to draw. */}
        <div className="space-y-2">
          {!data.hire && <RouteSketch legs={legs} />}
          {(trip.estimate || trip.gazetteer) && <PlacesCredit estimate={trip.estimate} />}
        </div>
      </section>

      <section aria-labelledby="cars-title" className="mt-10">
        <h2 id="cars-title" className="font-display text-2xl font-semibold">{t(booking ? "bookingResults.yourCar" : "bookingResults.vehicles")}</h2>
        {data.groupsOnly && !booking ? <GroupIntro passengers={search.passengers} /> : null}
        {shownCars.every((c) => c.unavailable !== null) ? (
          <div className="mt-4 rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
            <p className="font-semibold">{t(data.allBusy ? "bookingResults.noFreeVehicles" : data.hire ? "bookingResults.noHourlyVehicles" : "bookingResults.noSuitableVehicles")}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t(data.allBusy ? "bookingResults.noFreeVehiclesHint" : data.hire ? "bookingResults.noHourlyVehiclesHint" : "bookingResults.noSuitableVehiclesHint")}</p>
          </div>
        ) : null}
        {/* the office's quote as the way out; after the combinations when the party can book those */}
        {data.quoteRequest && !booking && !data.groupsOnly ? <QuoteRequestLink href={data.quoteRequest} /> : null}
        {shownCars.length === 0 ? null : (
          <ul className="mt-4 grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {shownCars.map((car) => {
              const isSelected = car.id === selected && car.unavailable === null;
              const p = car.price;
              return (
                <li key={car.id} className={`flex flex-col overflow-hidden rounded-3xl border bg-white shadow-sm transition dark:bg-slate-900 ${isSelected ? "border-brand ring-4 ring-brand/40" : "border-slate-200 dark:border-slate-800"}`} data-car-id={car.id} data-selected={isSelected || undefined} data-unavailable={car.unavailable ?? undefined}>
                  {car.group ? (
                    <GroupPictures group={car.group} dim={car.unavailable !== null} />
                  ) : (
                    <img src={car.image} alt="" loading="lazy" className={`aspect-[16/9] w-full bg-slate-100 object-cover ${car.unavailable ? "opacity-50 grayscale" : ""}`} onError={(e) => { e.currentTarget.src = "/images/placeholder.jpg"; }} />
                  )}
                  <div className="flex flex-1 flex-col p-5">
                    {car.group ? (
                      <GroupSummary group={car.group} />
                    ) : (
                      <>
                        <p data-category className="text-xs font-semibold tracking-widest text-slate-500 uppercase dark:text-slate-400">{categoryLabel(car.category)}</p>
                        <h3 className="mt-1 text-lg font-semibold">{car.name}</h3>
                        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("bookingResults.capacity", { seats: car.seats, luggage: car.luggage })}</p>
                      </>
                    )}
                    <PriceLines compact price={p} rules={data.priceTerms.rules} routes={routes} category={categoryLabel(car.category)} className="mt-4" />
                    <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("price.allIn")}</p>
                    {car.unavailable !== null && (
                      <p role="status" className="mt-5 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                        <strong className="font-semibold">{t("bookingResults.unavailable")}</strong>{" "}
                        {t(`bookingResults.busy.${car.unavailable}`)}
                      </p>
                    )}
                    {!booking && car.unavailable === null && <a
                      href={`?${data.query}&car=${encodeURIComponent(car.id)}#contact`}
                      onClick={(e) => select(car.id, e)}
                      aria-pressed={isSelected}
                      role="button"
                      className={`${isSelected ? "btn-primary" : "btn-secondary"} mt-5`}
                    >
                      {isSelected ? t("bookingResults.selected") : t("bookingResults.select")}
                      <span className="sr-only"> {car.name}</span>
                    </a>}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {data.quoteRequest && !booking && data.groupsOnly ? <QuoteRequestLink href={data.quoteRequest} /> : null}

      {!booking && data.cars.some((c) => c.unavailable === null) && (
        <ContactSection data={data} selectedCar={selectedCar} actionData={actionData} submitting={navigation.state === "submitting"} routes={routes} />
      )}
    </main>
  );
}

/**
 * An hourly hire in the trip summary: "Chauffeur by the hour · 4 h from Belek · includes 100 km
 * (25 km per hour)", from the place as resolved, with what was typed under it when it differs.
 */
function HireSummary({ hire, typed, start, when }: { hire: NonNullable<Loaded["hire"]>; typed: string; start: string; when: string }) {
  const { t } = useTranslation("booking");
  const same = readsAs(typed, start);
  return (
    <div data-hire-summary>
      <dt className="font-semibold text-orange-700 dark:text-orange-400">{t("hire.title")}</dt>
      <dd className="mt-1">{t("hire.summary", { count: hire.hours, start, km: hire.includedKm, perHour: hire.includedKmPerHour })}</dd>
      {!same && <dd className="text-xs text-slate-500 dark:text-slate-400" data-searched>{t("hire.searched", { start: typed })}</dd>}
      <dd className="text-slate-600 dark:text-slate-300">{when}</dd>
      <dd className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("hire.beyond")}</dd>
    </div>
  );
}

function ContactSection({ data, selectedCar, actionData, submitting, routes }: {
  data: Loaded;
  selectedCar: Loaded["cars"][number] | null;
  actionData: Route.ComponentProps["actionData"];
  submitting: boolean;
  routes: { outbound: string; return?: string };
}) {
  const { t } = useTranslation("booking");
  const money = useMoney();
  const categoryLabel = useCategoryLabel();
  const hydrated = useHydrated();
  // The schema (and zod with it) loads on the visitor's first focus in the form.
  const schema = useValidationOnDemand(() => import("~/booking/rules/contact-validation").then((m) => m.validateBookingContact));
  const validate = schema.validate;
  const [form, fields] = useForm({
    id: "booking-contact",
    lastResult: actionData?.status === "error" || actionData?.status === "quote" || actionData?.status === "taken" ? actionData.reply : undefined,
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
    // Not on blur: a message appearing under a field moves the consent box away from a click in flight.
    shouldValidate: "onSubmit",
    shouldRevalidate: validate ? "onInput" : "onSubmit",
  });
  const formProps = getFormProps(form);
  // Values kept after a failed attempt count from the start.
  const filledFrom = (values: unknown) => {
    const v = (values ?? {}) as Record<string, unknown>;
    const has = (k: string) => typeof v[k] === "string" && (v[k] as string).trim() !== "";
    return { fullName: has("fullName"), email: has("email"), phone: has("phone"), consent: has("consent") };
  };
  const [filled, setFilled] = useState(() => filledFrom(actionData?.reply.initialValue));
  // The extras as typed: kept across a refused or re-priced submission (the server echoes them).
  const [extraValues, setExtraValues] = useState<Record<string, string>>(() => actionData?.extraValues ?? {});
  const [seenResult, setSeenResult] = useState(actionData);
  if (seenResult !== actionData) {
    setSeenResult(actionData);
    setFilled(filledFrom(actionData?.reply.initialValue));
    setExtraValues(actionData?.extraValues ?? {});
  }
  const offered = data.priceTerms.extras;
  const chosen = offered.map((extra) => ({ extra, quantity: Math.min(quantityOf(extraValues, extra.code), extra.maxQuantity), text: extraValues[`extraText.${extra.code}`] ?? null }));
  // The server's price once it re-priced ("Update price"), else the card's transport lines with the extras chosen here.
  const quoted = actionData?.status === "quote" && actionData.quote && actionData.quote.carId === selectedCar?.id && actionData.extraValues === extraValues ? actionData.quote : null;
  const preview = selectedCar ? (quoted ?? { ...selectedCar.price, ...withExtras(selectedCar.price, chosen) }) : null;
  const waiting = data.priceTerms.waiting;
  const waitingText = waitingStatement(t, data.airport, data.airport ? waiting.airportMinutes : waiting.otherMinutes, waiting.price === null ? null : money.shown(waiting.price), data.hire?.hours ?? null);
  const readFilled = (f: HTMLFormElement) => {
    const value = (n: string) => ((f.elements.namedItem(n) as HTMLInputElement | null)?.value ?? "").trim() !== "";
    setFilled({ fullName: value("fullName"), email: value("email"), phone: value("phone"), consent: (f.elements.namedItem("consent") as HTMLInputElement | null)?.checked ?? false });
  };
  const ready = filled.fullName && filled.email && filled.phone && filled.consent && selectedCar !== null;
  const fieldError = (errors?: string[]) => errors?.map((e) => t(e)).join(" ");
  const missingContact = [fields.fullName, fields.email, fields.phone].some((f) => f.errors?.includes("errors.required"));

  return (
    <section id="contact" aria-labelledby="contact-title" className="mt-12 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="contact-title" className="font-display text-2xl font-semibold">{t("contact.title")}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {selectedCar ? t("contact.selectedCar", { car: selectedCar.name, price: money.shown(preview?.total ?? selectedCar.price.total) }) : t("contact.selectCarFirst")}
      </p>
      {selectedCar && preview && (
        <div id="booking-price" aria-live="polite" className="mt-4 max-w-xl rounded-2xl bg-slate-50 p-4 dark:bg-slate-800/60">
          <h3 className="text-sm font-semibold">{t("price.title")}</h3>
          <PriceLines price={preview} rules={data.priceTerms.rules} routes={routes} category={categoryLabel(selectedCar.category)} className="mt-2" />
        </div>
      )}
      <p data-waiting className="mt-3 text-sm text-slate-700 dark:text-slate-200">{waitingText}</p>
      <Form
        method="post"
        {...formProps}
        onFocusCapture={schema.start}
        onSubmit={(event) => schema.onSubmit(event, formProps.onSubmit)}
        onChange={(e) => readFilled(e.currentTarget)}
        className="mt-6 grid gap-5 md:grid-cols-2"
      >
        {missingContact && <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 md:col-span-2">{t("bookingResults.fillContactInfo")}</p>}
        <input type="hidden" name="carId" value={selectedCar?.id ?? ""} />
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
        {/* Enter in a field books (the first submit button is the one a browser presses), not "Update price" below. */}
        {!hydrated && (
          <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
            {t("contact.confirm")}
          </button>
        )}
        {fields.carId.errors && <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 md:col-span-2">{fieldError(fields.carId.errors)}</p>}
        <Field look="booking" ns="booking" id={fields.fullName.id} label={t("contact.fullName")} errors={fields.fullName.errors} control={{ ...getInputProps(fields.fullName, { type: "text" }), autoComplete: "name", maxLength: 100, required: true }} />
        <Field look="booking" ns="booking" id={fields.email.id} label={t("contact.email")} errors={fields.email.errors} control={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", maxLength: 254, required: true }} />
        <Field
          look="booking"
          ns="booking"
          id={fields.phone.id}
          label={t("contact.phone")}
          hint={t("contact.phoneHint")}
          errors={fields.phone.errors}
          control={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel", maxLength: 30, placeholder: "+90 532 123 45 67", required: true }}
        />
        {data.airport && (
          <Field
            look="booking"
            ns="booking"
            id={fields.flightNumber.id}
            label={t("contact.flightNumber")}
            required
            hint={t("contact.flightHint")}
            errors={fields.flightNumber.errors}
            control={{ ...getInputProps(fields.flightNumber, { type: "text" }), maxLength: 10, placeholder: "TK 2412", required: true }}
          />
        )}
        <AddressFields stops={data.addressStops} fields={fields} />
        <ExtrasFieldset
          extras={offered}
          values={extraValues}
          problems={actionData?.extraProblems ?? {}}
          onChange={(name, value) => setExtraValues((v) => ({ ...v, [name]: value }))}
          showQuoteButton={!hydrated}
        />
        <Field
          look="booking"
          ns="booking"
          id={fields.notes.id}
          label={t("contact.notes")}
          optional={t("contact.optional")}
          errors={fields.notes.errors}
          className="md:col-span-2"
          // no maxLength: the browser would cut a pasted text silently; the counter and the server's error say it
          describedBy={`${fields.notes.id}-count`}
          control={{ as: "textarea", ...getTextareaProps(fields.notes), rows: 3, placeholder: t("contact.notesPlaceholder") }}
          after={<LengthCounter id={`${fields.notes.id}-count`} target={fields.notes.id} max={MAX_NOTES} />}
        />
        <div className="md:col-span-2">
          <label className="flex items-start gap-3 text-sm">
            <input {...getInputProps(fields.consent, { type: "checkbox", value: "on" })} required className="mt-1 h-5 w-5 accent-brand" />
            <span>
              <Trans
                t={t}
                i18nKey="contact.consent"
                components={{ privacy: <a href="/privacy" target="_blank" rel="noopener" className="font-semibold underline" /> }}
              />
            </span>
          </label>
          {fields.consent.errors && <p id={fields.consent.errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">{fieldError(fields.consent.errors)}</p>}
        </div>
        <div className="md:col-span-2">
          <label className="flex items-start gap-3 text-sm">
            <input {...getInputProps(fields.messagingConsent, { type: "checkbox", value: "on" })} className="mt-1 h-5 w-5 accent-brand" />
            <span>{t("consent.messaging")}</span>
          </label>
          <p className="mt-1 pl-8 text-xs text-slate-600 dark:text-slate-400">{t("consent.messagingHint")}</p>
        </div>
        {selectedCar && preview && <PayChoice online={data.terms.online} category={selectedCar.category} total={preview.total} money={money} chosen={String((actionData?.reply.initialValue as Record<string, unknown> | null | undefined)?.payMode ?? "")} />}
        <BookingTerms terms={data.terms} className="rounded-2xl bg-slate-50 p-4 md:col-span-2 dark:bg-slate-800/60" />
        <div className="md:col-span-2">
          <ConfirmButton ready={ready} submitting={submitting} />
        </div>
      </Form>
    </section>
  );
}
