import type { Route } from "./+types/extras";
import { currencySchema } from "~/routes/api/booking-payload.server";
import { presentOfferedExtra } from "~/routes/api/present.server";
import { zodProblems } from "~/i18n/problem";
import { readExtras } from "~/pricing/pricing.server";
import { getSettings } from "~/settings/settings.server";
import { apiOk, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { rateLimited } from "~/server/http/rate-limit.server";
import { validationProblem } from "~/server/http/validation.server";

/**
 * GET /api/extras?currency= — the extras a booking may add (the office's active ones, in its
 * order): code, names in the four languages, price in lira, per booking or per unit, the most a
 * booking may take, whether it needs a text; with `currency`, the price in it at the office's rates.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const limited = await rateLimited(context, "extras");
  if (limited) return limited;
  const asked = new URL(request.url).searchParams.get("currency");
  const currency = currencySchema.nullable().safeParse(asked === null || asked.trim() === "" ? null : asked.trim().toUpperCase());
  if (!currency.success) return validationProblem(zodProblems(currency.error.issues, { namespace: "booking", fallback: "booking:errors.currency", rename: () => "currency" }));
  const db = getApp(context).db.kysely;
  const [extras, settings] = await Promise.all([readExtras(db, { activeOnly: true }), currency.data ? getSettings(db) : null]);
  const shown = currency.data && settings ? { currency: currency.data, rates: settings.currency.rates } : null;
  return apiOk(extras.map((e) => presentOfferedExtra(e, shown)));
}

export function action() {
  return methodNotAllowed(["GET"]);
}
