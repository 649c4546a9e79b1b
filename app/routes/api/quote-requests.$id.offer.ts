import type { Route } from "./+types/quote-requests.$id.offer";
import { requireApi } from "~/auth/session.server";
import { carUnavailableResponse } from "~/admin/conflicts.server";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { quoteDeps } from "~/server/booking-deps.server";
import { getApp } from "~/server/context";
import { jsonBodyError, PUBLIC_JSON_LIMIT, readJsonBody } from "~/server/http/json.server";
import { validationProblem } from "~/server/http/validation.server";
import { renameFields } from "~/routes/api/booking-payload.server";
import { readOfficeOffer } from "~/routes/api/quote-offer.server";
import { presentQuoteRequest } from "~/routes/api/present.server";

/**
 * POST /api/quote-requests/{id}/offer — staff (bookings.write): the office's offer, the body of a
 * staff POST /api/bookings (the channel aside) and an optional `note` to the guest, plus
 * `language` to write to the guest in another than the one they asked in. Checked and priced as
 * the booking would be; a taken car needs `override_reason` (else 409 car_unavailable). The guest
 * is mailed the offer with its link (a new offer replaces the last one and its link). 409 conflict
 * when the request was accepted or closed.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApi(request, context, "bookings.write");
  const read = await readJsonBody(request, { maxBytes: PUBLIC_JSON_LIMIT });
  if (!read.ok) return jsonBodyError(read.problem);
  const body = read.body && typeof read.body === "object" && !Array.isArray(read.body) ? (read.body as Record<string, unknown>) : null;
  if (!body) return validationProblem({ _: [problem("booking:errors.invalid")] });
  const offer = readOfficeOffer(body, typeof body.language === "string" ? body.language : undefined);
  if (!offer.ok) return validationProblem(offer.fields);
  const result = await offer.send(quoteDeps(context), params.id, session.user, getApp(context).clientIp || null);
  if (!result.ok && result.refused === "gone") return apiProblem(404, "not_found", problem("admin:quotes.errors.notFound"));
  if (!result.ok && result.refused === "notOpen") return apiProblem(409, "conflict", problem("admin:quotes.errors.notOpen"));
  if (!result.ok && result.conflicts?.length) return carUnavailableResponse(result.conflicts);
  if (!result.ok) return validationProblem(renameFields(result.fields));
  return apiOk({ ...presentQuoteRequest(result.request), warnings: result.warnings.map((w) => w.code) });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
