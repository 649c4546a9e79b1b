import type { Route } from "./+types/quote-requests";
import { requireApi } from "~/auth/session.server";
import { data } from "react-router";
import { listQuoteRequests, QUOTE_PAGE_SIZE, requestQuote } from "~/booking/index.server";
import { presentQuoteRequest } from "~/routes/api/present.server";
import { quoteRequestSchema } from "~/booking/rules/quote-request";
import { getLanguage } from "~/i18n/i18next.server";
import { zodProblems } from "~/i18n/problem";
import { apiOk, methodNotAllowed } from "~/server/api";
import { quoteDeps } from "~/server/booking-deps.server";
import { getApp } from "~/server/context";
import { jsonBodyError, PUBLIC_JSON_LIMIT, readJsonBody } from "~/server/http/json.server";
import { rateLimited } from "~/server/http/rate-limit.server";
import { validationProblem } from "~/server/http/validation.server";
import { QUOTE_REQUEST_STATUSES, type QuoteRequestStatus } from "~/server/db/schema";
import { parsePage } from "~/utils/paging";

/**
 * GET /api/quote-requests?status=open|offered|accepted|closed&page= — the office's requests
 * (staff with bookings.read), one status at a time with every status's count.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApi(request, context, "bookings.read");
  const params = new URL(request.url).searchParams;
  const given = params.get("status") ?? "open";
  const status: QuoteRequestStatus = (QUOTE_REQUEST_STATUSES as readonly string[]).includes(given) ? (given as QuoteRequestStatus) : "open";
  const page = await listQuoteRequests(getApp(context).db.kysely, status, parsePage(params.get("page")));
  return data(
    { success: true as const, data: page.rows.map(presentQuoteRequest), counts: page.counts, pagination: { page: page.page, pageSize: QUOTE_PAGE_SIZE, total: page.total, pageCount: page.pageCount } },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * POST /api/quote-requests — public: a trip the site could not price, sent to the office (the
 * fields of /api/quotes and the contact; `reasons` says what the site could not do). Rate-limited
 * per address. 201 with the request's reference; the guest is mailed an acknowledgement and,
 * later, the office's offer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const limited = await rateLimited(context, "quoteRequests");
  if (limited) return limited;
  const read = await readJsonBody(request, { maxBytes: PUBLIC_JSON_LIMIT });
  if (!read.ok) return jsonBodyError(read.problem);
  const parsed = quoteRequestSchema.safeParse(read.body);
  if (!parsed.success) return validationProblem(zodProblems(parsed.error.issues, { namespace: "quote", fallback: "quote:errors.invalid" }));
  const row = await requestQuote(quoteDeps(context), parsed.data, { locale: getLanguage(context), ip: getApp(context).clientIp || null });
  return apiOk({ id: row.id, reference: row.reference, status: row.status, language: row.language, created_at: row.created_at }, { status: 201 });
}
