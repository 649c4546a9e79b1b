import { startTransition, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { useNavigate, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { I18nHandle } from "~/i18n/resources";
import type { Route } from "./+types/booking-results";
import { addressStops } from "~/booking/rules/addresses";
import { bookingTermsFor, carCard, confirmBooking, groupCardsFor, keepResultsWhileTrue, newIdempotencyKey, pricingTermsFor, quotesFor, readSearch, settingsFor, startsAtAirport } from "~/routes/site/booking/results.server";
import { PriceLines } from "~/routes/site/booking/price-lines";
import { luggageItemsText } from "~/booking/rules/luggage-text";
import { includedKm } from "~/booking/rules/hire";
import { TooSoonNotice } from "~/routes/site/booking/too-soon-notice";
import { QuoteRequestLink, quoteRequestHref, unpriceableReasons } from "~/routes/site/booking/quote-request-link";
import { FailedNotice } from "~/routes/site/booking/contact-notices";
import { TakenNotice } from "~/routes/site/booking/taken-notice";
import { BookingSuccess, useWhen } from "~/routes/site/booking/success-box";
import { GroupIntro, GroupPictures, GroupSummary } from "~/routes/site/booking/group-cards";
import { RouteSketch } from "~/routes/site/booking/route-sketch";
import { PlacesCredit, readsAs, ResolvedPlaces, RouteFigures, RouteFiguresInline } from "~/routes/site/booking/route-summary";
import { onDemand } from "~/components/site/on-demand";
import type { SearchFormProps } from "~/routes/site/booking/search-form";
import type { ContactSectionProps } from "~/routes/site/booking/contact-section";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { portalResultsView } from "~/partners/portal-results.server";
import { PortalPayerChoice, PortalResultsPanel } from "~/partners/portal-results";
import { useCategoryLabel } from "~/fleet/category";
import { brandedTitle, rootMetaData } from "~/components/seo";

/** The catalogues this page needs besides `common` (loaded before hydration; app/i18n/resources.ts). */
export const handle: I18nHandle = { i18n: ["booking", "portal"] };

/**
 * The search form is shown only when the search cannot be answered, to fix it; the list of cars
 * does not load its code, and on the page that shows it, it hydrates when the visitor turns to it
 * (app/components/site/on-demand.tsx). Its catalogue is the page's.
 */
const BookingSearchForm = onDemand<SearchFormProps>(() => import("~/routes/site/booking/search-form").then((m) => m.BookingSearchForm), []);

/**
 * The contact form, the larger half of the page's code and hydration, is on demand too: it
 * hydrates when the visitor turns to it or chooses a car (Lighthouse's blocking time on phones).
 */
const ContactForm = onDemand<ContactSectionProps>(() => import("~/routes/site/booking/contact-section").then((m) => m.ContactSection), []);
const warmContactForm = () => void ContactForm.ready();

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
  await ContactForm.ready();
  // The office's pricing tables are read once: the cars' prices and the page's pricing texts share them.
  const { tables, priceTerms, hireTerms } = await pricingTermsFor(context, settings);
  const [quotes, terms] = await Promise.all([quotesFor(context, outcome.search, outcome.trip, tables, settings), bookingTermsFor(context, { pickupAt: `${outcome.search.date}T${outcome.search.time}:00+03:00`, roundTrip: outcome.search.tripType === "roundTrip" }, settings)]);
  // a partner's user books for a guest (issue 33): their net beside each price; null for everyone else
  const portal = await portalResultsView(request, context, quotes, getLanguage(context));
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
    portal,
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
    // A transition, like the navigation: the contact form (on demand) may still be the server's
    // HTML; React holds the choice back until it has hydrated it (an urgent update would make it
    // render the form anew and lose what was typed meanwhile).
    startTransition(() => setSelected(id));
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
  // (one object while the trip is the same: the contact form, on demand, sees no change in it)
  const routes = useMemo(() => ({ outbound: `${trip.outbound.from.label} → ${trip.outbound.to.label}`, return: trip.return ? `${trip.return.from.label} → ${trip.return.to.label}` : undefined }), [trip]);
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

      {data.portal && !booking ? <PortalResultsPanel portal={data.portal} cars={shownCars} /> : null}

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
          // The contact form's code loads as the visitor reaches for a car: choosing one then shows at once.
          <ul className="mt-4 grid gap-5 md:grid-cols-2 xl:grid-cols-3" onPointerOver={warmContactForm} onTouchStart={warmContactForm} onFocus={warmContactForm}>
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

      {data.portal && !booking && selectedCar ? <PortalPayerChoice portal={data.portal} /> : null}
      {!booking && data.cars.some((c) => c.unavailable === null) && (
        <ContactForm.Part data={data} selectedCar={selectedCar} actionData={actionData} submitting={navigation.state === "submitting"} routes={routes} />
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
