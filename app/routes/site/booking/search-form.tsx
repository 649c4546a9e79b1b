/**
 * The booking search form of the home page's #booking section (spec §2 "Booking search form").
 * A GET form to /booking-results, so the whole search ends up in the URL, with or without
 * JavaScript. With JavaScript: the same zod schema checks it before leaving the page (Conform),
 * locations get suggestions, and a route preview appears once both ends are chosen.
 * Without it, the results page validates and shows this form again with the errors.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, useSearchParams, useSubmit } from "react-router";
import { businessToday } from "~/booking/rules/datetime";
import { LocationField, type LocationValue } from "./location-field";
import type { PlaceOption } from "./place-search";
import { useGoogleMaps } from "./use-google-maps";
import type { SketchLeg } from "./route-sketch";
import { useRootData } from "~/root";
import { PlacesCredit, RouteFigures } from "./route-summary";
import { LUGGAGE_KINDS, MAX_LUGGAGE, MAX_LUGGAGE_ITEM, MAX_PASSENGERS, searchParamsOf, type SearchKey } from "~/booking/rules/search-params";
import type { validateSearch } from "~/booking/rules/search-validation";
import { hourChoices, initialHours, tripTypeOf, type HireBounds } from "~/booking/rules/hire";
import { Field } from "~/components/site/field";
import { useHydrated } from "~/components/site/use-hydrated";

/** The route preview (map or sketch), only needed once both ends are chosen. */
const loadMapPreview = () => import("./map-preview");
const MapPreview = lazy(() => loadMapPreview().then((m) => ({ default: m.MapPreview })));

export type SearchValues = Partial<Record<SearchKey, string>>;

export interface SearchFormProps {
  /** what was typed (from the URL); by default the current URL's search */
  defaultValue?: SearchValues;
  /** errors found by the server (message keys of the booking namespace) */
  errors?: Record<string, string[]>;
  /** places the server offers for a typed text it could not resolve, by location field */
  candidates?: Partial<Record<string, PlaceOption[]>>;
  /** values those errors name, by field (the lead time's hours, phone and WhatsApp under the date) */
  errorValues?: Record<string, Record<string, string | number>>;
  /** heading level and text; the home page's section is labelled by `booking-title` */
  title?: string;
}

/** Without settings in reach (an error page), the defaults of settings.pricing. */
const DEFAULT_HIRE: HireBounds = { minHours: 2, maxHours: 12 };
const TRIP_TYPE_CHOICES = ["oneWay", "roundTrip", "hourly"] as const;
type TripTypeChoice = (typeof TRIP_TYPE_CHOICES)[number];

interface PreviewLeg {
  distance_km: number;
  duration_seconds: number;
  polyline: string | null;
  estimate: boolean;
  from: { lat: number; lng: number; label: string };
  to: { lat: number; lng: number; label: string };
}

function useRoutePreview(a: LocationValue, b: LocationValue): PreviewLeg | null {
  const [leg, setLeg] = useState<PreviewLeg | null>(null);
  useEffect(() => {
    if (!a.placeId || !b.placeId) return;
    void loadMapPreview();
    const controller = new AbortController();
    fetch("/api/routes", {
      method: "POST",
      signal: controller.signal,
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ legs: [{ from: { text: a.text, placeId: a.placeId }, to: { text: b.text, placeId: b.placeId } }] }),
    })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((body: { data: { legs: PreviewLeg[] } }) => setLeg(body.data.legs[0] ?? null))
      // On route failure the route, distance and duration are cleared (spec §4).
      .catch((error: unknown) => {
        if ((error as Error).name !== "AbortError") setLeg(null);
      });
    return () => controller.abort();
  }, [a.placeId, b.placeId, a.text, b.text]);
  return a.placeId && b.placeId ? leg : null;
}

export function BookingSearchForm({ defaultValue, errors, candidates, errorValues, title }: SearchFormProps = {}) {
  const { t, i18n } = useTranslation("booking");
  const [params] = useSearchParams();
  const initial: SearchValues = defaultValue ?? (Object.fromEntries(searchParamsOf(params)) as SearchValues);
  const [tripType, setTripType] = useState<TripTypeChoice>(tripTypeOf(initial.tripType));
  const root = useRootData();
  const hire = root?.hire ?? DEFAULT_HIRE;
  const [pickup, setPickup] = useState<LocationValue>({ text: initial.pickup ?? "", placeId: initial.pickupPlace ?? "" });
  const [dropoff, setDropoff] = useState<LocationValue>({ text: initial.dropoff ?? "", placeId: initial.dropoffPlace ?? "" });
  const [returnPickup, setReturnPickup] = useState<LocationValue>({ text: initial.returnPickup ?? "", placeId: initial.returnPickupPlace ?? "" });
  const [returnDropoff, setReturnDropoff] = useState<LocationValue>({ text: initial.returnDropoff ?? "", placeId: initial.returnDropoffPlace ?? "" });
  // A place from the shipped gazetteer (not Google's `g:…`, not a bare point) carries its data's credit.
  const fromGazetteer = [pickup, dropoff, returnPickup, returnDropoff].some((v) => v.placeId !== "" && !v.placeId.startsWith("g:") && !v.placeId.startsWith("@"));
  const [mapsWanted, setMapsWanted] = useState(false);
  const maps = useGoogleMaps(root?.env.mapsBrowserKey, i18n.language, mapsWanted || Boolean(pickup.placeId && dropoff.placeId));
  const placeSearch = useMemo(() => (maps.module && maps.maps ? maps.module.googlePlaceSearch(maps.maps, i18n.language) : null), [maps.module, maps.maps, i18n.language]);
  const today = businessToday();

  // The schema (and zod with it) loads when the visitor starts on the form, not with the page;
  // without JavaScript the browser checks required fields and the results page validates the rest.
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [validate, setValidate] = useState<typeof validateSearch | null>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string[]> | null>(null);
  const loadValidation = async () => {
    if (validate) return validate;
    const loaded = (await import("~/booking/rules/search-validation")).validateSearch;
    setValidate(() => loaded);
    return loaded;
  };
  const check = (form: HTMLFormElement, run: typeof validateSearch) => {
    const result = run(new FormData(form));
    const found = result.status === "success" ? null : Object.fromEntries(Object.entries(result.error ?? {}).map(([k, v]) => [k, v ?? []]));
    setClientErrors(found);
    return found;
  };
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = check(form, await loadValidation());
    if (found) {
      setTimeout(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus(), 0);
      return;
    }
    void submit(form, { method: "get", action: "/booking-results" });
  }
  const shownErrors = clientErrors ?? errors ?? {};
  const formId = "booking-search";
  // A trip type chosen before the page hydrated is the visitor's choice.
  useEffect(() => {
    const chosen = document.querySelector<HTMLInputElement>(`#${formId} input[name=tripType]:checked`)?.value;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reads what the browser held before React did, once
    if (chosen === "roundTrip" || chosen === "oneWay" || chosen === "hourly") setTripType(chosen);
  }, []);
  // The visitor's first focus on the form: Google's script and the schema start loading.
  function startOnForm() {
    setMapsWanted(true);
    void loadValidation();
  }
  // …also when that focus came before the form hydrated (the home page hydrates it on that focus).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reads where the browser's focus was before React, once
    if (document.getElementById(formId)?.contains(document.activeElement)) startOnForm();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form hydrates
  }, []);

  // An hourly hire has no drop-off: no route to preview.
  const outboundPreview = useRoutePreview(pickup, tripType === "hourly" ? { text: "", placeId: "" } : dropoff);
  const returnPreview = useRoutePreview(tripType === "roundTrip" ? returnPickup : { text: "", placeId: "" }, returnDropoff);

  function chooseTripType(next: TripTypeChoice) {
    setTripType(next);
    // Choosing a round trip with empty return places prefills them with the way back (spec §4).
    if (next === "roundTrip" && !returnPickup.text && !returnDropoff.text) {
      setReturnPickup(dropoff);
      setReturnDropoff(pickup);
    }
  }

  const err = (key: string) => (shownErrors[key]?.length ? shownErrors[key] : undefined);
  const sketchLegs: SketchLeg[] = useMemo(
    () => [
      ...(outboundPreview ? [{ ...outboundPreview, kind: "outbound" as const }] : []),
      ...(returnPreview && tripType === "roundTrip" ? [{ ...returnPreview, kind: "return" as const }] : []),
    ],
    [outboundPreview, returnPreview, tripType],
  );

  return (
    <div>
      <h2 id="booking-title" className="font-display text-2xl font-semibold">
        {title ?? t("form.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("form.subtitle")}</p>
      <Form
        id={formId}
        method="get"
        action="/booking-results"
        noValidate={hydrated}
        onSubmit={onSubmit}
        onFocusCapture={startOnForm}
        onChange={(e) => clientErrors && validate && check(e.currentTarget, validate)}
        className="group/search mt-6 space-y-6"
      >
        {maps.status === "failed" && (
          <p role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {t("booking.mapServiceError")}
          </p>
        )}
        <fieldset>
          <legend className="sr-only">{t("form.tripType")}</legend>
          <div className="inline-flex max-w-full flex-wrap rounded-3xl bg-slate-100 p-1 sm:rounded-full dark:bg-slate-800">
            {TRIP_TYPE_CHOICES.map((value) => (
              <label
                key={value}
                className="cursor-pointer rounded-full px-3.5 py-2 text-sm font-semibold whitespace-nowrap sm:px-5 text-slate-700 has-[:checked]:bg-brand has-[:checked]:text-ink has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand dark:text-slate-200"
              >
                <input
                  type="radio"
                  name="tripType"
                  value={value}
                  id={`tripType-${value}`}
                  className="sr-only"
                  checked={tripType === value}
                  onChange={() => chooseTripType(value)}
                />
                {t(`form.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-4 md:grid-cols-2">
          <LocationField name="pickup" placeName="pickupPlace" label={t("form.pickup")} value={pickup} onChange={setPickup} errors={err("pickup")} candidates={candidates?.pickup} placeSearch={placeSearch} required />
          {/* Hidden for an hourly hire (CSS follows the radio button without JavaScript). Not `required`
              in the markup: a browser without JavaScript would refuse the hidden, empty field; the
              schema asks for it on a transfer. */}
          <div data-transfer-only className={tripType === "hourly" ? "hidden" : "group-has-[#tripType-hourly:checked]/search:hidden"}>
            <LocationField name="dropoff" placeName="dropoffPlace" label={t("form.dropoff")} value={dropoff} onChange={setDropoff} errors={err("dropoff")} candidates={candidates?.dropoff} placeSearch={placeSearch} />
          </div>
          <p className="-mt-2 text-xs text-slate-500 md:col-span-2 dark:text-slate-400">{t("form.placeHint")}</p>
        </div>

        <div className={`grid gap-4 sm:grid-cols-2 ${tripType === "hourly" ? "lg:grid-cols-5" : "lg:grid-cols-4 group-has-[#tripType-hourly:checked]/search:lg:grid-cols-5"}`}>
          <Field look="search" ns="booking" id={`${formId}-date`} label={t("form.date")} errors={err("date")} errorValues={errorValues?.date} control={{ type: "date", name: "date", min: today, required: true, defaultValue: initial.date }} />
          <Field look="search" ns="booking" id={`${formId}-time`} label={t("form.time")} errors={err("time")} control={{ type: "time", name: "time", required: true, defaultValue: initial.time }} />
          {/* Shown for an hourly hire; with JavaScript a transfer does not send it (disabled). */}
          <Field
            look="search"
            ns="booking"
            id={`${formId}-hours`}
            label={t("form.hours")}
            errors={err("hours")}
            errorValues={{ min: hire.minHours, max: hire.maxHours }}
            className={tripType === "hourly" ? "block" : "hidden group-has-[#tripType-hourly:checked]/search:block"}
            control={{
              as: "select",
              name: "hours",
              disabled: hydrated && tripType !== "hourly",
              defaultValue: initialHours(hire, initial.hours),
              children: hourChoices(hire, initial.hours).map((n) => (
                <option key={n} value={n}>{t("form.hoursOption", { count: n })}</option>
              )),
            }}
          />
          <Field
            look="search"
            ns="booking"
            id={`${formId}-passengers`}
            label={t("form.passengers")}
            hint={t("form.passengersHint")}
            errors={err("passengers")}
            control={{
              as: "select",
              name: "passengers",
              defaultValue: initial.passengers ?? "1",
              children: Array.from({ length: MAX_PASSENGERS }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>{n}</option>
              )),
            }}
          />
          <Field
            look="search"
            ns="booking"
            id={`${formId}-luggage`}
            label={t("form.luggage")}
            errors={err("luggage")}
            control={{
              as: "select",
              name: "luggage",
              defaultValue: initial.luggage ?? "",
              children: (
                <>
                  <option value="">{t("form.luggageAny")}</option>
                  {Array.from({ length: MAX_LUGGAGE + 1 }, (_, i) => i).map((n) => (
                    <option key={n} value={n}>{n}</option>
                  ))}
                </>
              ),
            }}
          />
        </div>

        <SpecialLuggage formId={formId} initial={initial} err={err} />

        {/* Shown for a round trip; without JavaScript CSS follows the radio button. */}
        <fieldset className={`space-y-4 rounded-2xl border border-dashed border-slate-300 p-4 dark:border-slate-700 ${tripType === "roundTrip" ? "block" : "hidden group-has-[#tripType-roundTrip:checked]/search:block"}`}>
          <legend className="px-2 text-sm font-semibold text-slate-700 dark:text-slate-200">{t("form.returnSection")}</legend>
          <div className="grid gap-4 md:grid-cols-2">
            <LocationField name="returnPickup" placeName="returnPickupPlace" label={t("form.returnPickup")} value={returnPickup} onChange={setReturnPickup} errors={err("returnPickup")} candidates={candidates?.returnPickup} placeSearch={placeSearch} />
            <LocationField name="returnDropoff" placeName="returnDropoffPlace" label={t("form.returnDropoff")} value={returnDropoff} onChange={setReturnDropoff} errors={err("returnDropoff")} candidates={candidates?.returnDropoff} placeSearch={placeSearch} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field look="search" ns="booking" id={`${formId}-returnDate`} label={t("form.returnDate")} errors={err("returnDate")} control={{ type: "date", name: "returnDate", min: today, defaultValue: initial.returnDate }} />
            <Field look="search" ns="booking" id={`${formId}-returnTime`} label={t("form.returnTime")} errors={err("returnTime")} control={{ type: "time", name: "returnTime", defaultValue: initial.returnTime }} />
          </div>
        </fieldset>

        {sketchLegs.length > 0 && (
          <div className="space-y-2" aria-live="polite">
            <Suspense fallback={null}>
              <MapPreview legs={sketchLegs} maps={maps} />
            </Suspense>
            {outboundPreview && <RouteFigures label={t("summary.outbound")} km={outboundPreview.distance_km} seconds={outboundPreview.duration_seconds} estimate={outboundPreview.estimate} />}
            {returnPreview && tripType === "roundTrip" && <RouteFigures label={t("summary.return")} km={returnPreview.distance_km} seconds={returnPreview.duration_seconds} estimate={returnPreview.estimate} />}
            {(outboundPreview?.estimate || returnPreview?.estimate || fromGazetteer) && <PlacesCredit estimate={Boolean(outboundPreview?.estimate || returnPreview?.estimate)} />}
          </div>
        )}

        {/* A car chosen on a car card ("Book now": /?car=<id>#booking) rides along; the results page preselects it. */}
        {params.get("car") && <input type="hidden" name="car" value={params.get("car")!.slice(0, 100)} />}
        <button type="submit" className="btn-primary w-full sm:w-auto">
          {t("form.search")}
        </button>
      </Form>
    </div>
  );
}

/**
 * Prams, wheelchairs, golf bags, skis and bicycles (issue 32): a disclosure that works without
 * JavaScript, open when the search has some or one of them is wrong. "0" sends nothing, so the
 * URL names only the kinds brought (`prams=1`).
 */
function SpecialLuggage({ formId, initial, err }: { formId: string; initial: SearchValues; err: (key: string) => string[] | undefined }) {
  const { t } = useTranslation("booking");
  const brought = LUGGAGE_KINDS.reduce((sum, kind) => sum + (Number(initial[kind]) || 0), 0);
  const open = brought > 0 || LUGGAGE_KINDS.some((kind) => err(kind));
  return (
    <details open={open || undefined} className="rounded-2xl border border-slate-200 p-4 dark:border-slate-700">
      <summary className="cursor-pointer text-sm font-semibold text-slate-700 dark:text-slate-200">
        {t("luggageItems.title")}
        {brought > 0 ? ` (${brought})` : ""}
      </summary>
      <p id={`${formId}-luggageItems-hint`} className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        {t("luggageItems.hint")}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {LUGGAGE_KINDS.map((kind) => (
          <Field
            key={kind}
            look="search"
            ns="booking"
            id={`${formId}-${kind}`}
            label={t(`luggageItems.kind.${kind}`)}
            errors={err(kind)}
            errorValues={{ max: MAX_LUGGAGE_ITEM }}
            describedBy={`${formId}-luggageItems-hint`}
            control={{
              as: "select",
              name: kind,
              defaultValue: initial[kind] && initial[kind] !== "0" ? initial[kind] : "",
              children: Array.from({ length: MAX_LUGGAGE_ITEM + 1 }, (_, n) => (
                <option key={n} value={n === 0 ? "" : n}>
                  {n}
                </option>
              )),
            }}
          />
        ))}
      </div>
    </details>
  );
}
