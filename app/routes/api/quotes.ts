import type { Route } from "./+types/quotes";
import { choicesOf, currencySchema, extraChoicesSchema, renameFields } from "~/routes/api/booking-payload.server";
import { readLeadTime } from "~/booking/index.server";
import { presentLeg, presentPrice, presentTripTerms, rateToLira } from "~/routes/api/present.server";
import { quotesForTrip, searchSpans } from "~/booking/index.server";
import { LUGGAGE_KINDS, SEARCH_KEYS, withReturnDefaults } from "~/booking/rules/search";
import { checkSearch } from "~/booking/index.server";
import { getLanguage } from "~/i18n/i18next.server";
import { addProblem, hasProblems, zodProblems, type FieldProblems } from "~/i18n/problem";
import { rateOf } from "~/pricing/currency";
import { checkExtraChoices, WAITING_EXTRA_CODE } from "~/booking/rules/extras";
import { readPricing } from "~/pricing/pricing.server";
import { apiOk, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { jsonBodyError, PUBLIC_JSON_LIMIT, readJsonBody } from "~/server/http/json.server";
import { placeServices } from "~/server/http/places.server";
import { rateLimited } from "~/server/http/rate-limit.server";
import { validationProblem } from "~/server/http/validation.server";

const bodyProblems = (issues: Parameters<typeof zodProblems>[0], field: string): FieldProblems =>
  zodProblems(issues, { namespace: "booking", fallback: "booking:errors.invalid", rename: () => field });

/**
 * POST /api/quotes — a search (the fields of the /booking-results URL, as JSON, with `hours` for
 * hourly hire), the extras wanted and the currency to show → the trip and the cars that fit it and
 * are free for every leg at the searched times, each priced here by the one price function.
 */
/** The search's counts: a whole number, as a JSON number or plain digits. */
const COUNT_KEYS: ReadonlySet<string> = new Set(["passengers", "luggage", "hours", ...LUGGAGE_KINDS]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const limited = await rateLimited(context, "routes");
  if (limited) return limited;
  const read = await readJsonBody(request, { maxBytes: PUBLIC_JSON_LIMIT });
  if (!read.ok) return jsonBodyError(read.problem);
  // The same validation as the URL: the JSON fields become a query string.
  const params = new URLSearchParams();
  // A value of the wrong type (an array, an object, true, a count written " 2 " or "0x2") is handed
  // on as text the field's rule refuses with its own code, never dropped for the default.
  for (const key of SEARCH_KEYS) {
    const value = read.body[key];
    if (value === undefined || value === null) continue;
    if (typeof value === "number") params.set(key, String(value));
    else if (typeof value !== "string") params.set(key, JSON.stringify(value).slice(0, 400));
    else params.set(key, COUNT_KEYS.has(key) && value !== "" && !/^\d{1,6}$/.test(value) ? "not a whole number" : value.slice(0, 400));
  }
  const lng = getLanguage(context);
  const { db } = getApp(context);
  const tables = await readPricing(db.kysely);
  const hire = { minHours: tables.settings.hourlyMinHours, maxHours: tables.settings.hourlyMaxHours };
  const checked = await checkSearch(placeServices(context), withReturnDefaults(params), lng, await readLeadTime(db.kysely), hire);

  // Everything wrong is told at once: the search's fields, the extras, the currency.
  const fields: FieldProblems = checked.ok ? {} : { ...checked.fields };
  const wanted = extraChoicesSchema.nullable().optional().safeParse(read.body.extras);
  if (!wanted.success) for (const [field, list] of Object.entries(bodyProblems(wanted.error.issues, "extras"))) for (const p of list) addProblem(fields, field, p);
  const extras = checkExtraChoices(wanted.success ? choicesOf(wanted.data) : [], tables.extras, checked.ok ? { passengers: checked.search.passengers } : {});
  for (const [field, list] of Object.entries(renameFields(extras.fields))) for (const p of list) addProblem(fields, field, p);
  const shown = currencySchema.nullable().optional().safeParse(read.body.currency);
  if (!shown.success) Object.assign(fields, bodyProblems(shown.error.issues, "currency"));
  if (!checked.ok || hasProblems(fields)) return validationProblem(fields, !checked.ok && checked.tooSoon ? checked.fields.date?.[0] : undefined);

  const { search, trip } = checked;
  const currency = { currency: (shown.success && shown.data) || "TRY", rates: tables.rates };
  // Only the cars free for every leg of the search (availability.ts), as on the results page.
  const quotes = (await quotesForTrip(db.kysely, trip, search, searchSpans(trip, search), { tables, extras: extras.chosen })).filter((q) => q.unavailable === null);
  const waiting = tables.extras.find((e) => e.active && e.code === WAITING_EXTRA_CODE);
  return apiOk({
    trip: {
      trip_type: trip.tripType,
      outbound: presentLeg(trip.outbound, lng),
      return: trip.return ? presentLeg(trip.return, lng) : null,
      total_distance_km: trip.totalKm,
      total_duration_seconds: trip.totalSeconds,
      estimate: trip.estimate,
      ...presentTripTerms(trip, tables.settings, waiting?.price ?? null, currency),
    },
    currency: { code: currency.currency, rate: rateToLira(rateOf(currency.currency, tables.rates)), rates_set_at: tables.ratesSetAt },
    quotes: quotes.map((q) => ({ car: q.car, price: presentPrice(q.price, currency) })),
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
