import type { Route } from "./+types/places";
import { getLanguage } from "~/i18n/i18next.server";
import { apiOk, methodNotAllowed } from "~/server/api";
import { placeServices } from "~/server/http/places.server";
import { rateLimited } from "~/server/http/rate-limit.server";

/** GET /api/places?q=&lng= — place suggestions in Turkey (airports, towns, hotel areas), best first, labelled in the language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const limited = await rateLimited(context, "places");
  if (limited) return limited;
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  const services = placeServices(context);
  const suggestions = await services.suggest(q, getLanguage(context));
  return apiOk(suggestions, { headers: { "Cache-Control": "private, max-age=300" } });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
