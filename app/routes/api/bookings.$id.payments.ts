import type { Route } from "./+types/bookings.$id.payments";
import { requireApi } from "~/auth/session.server";
import { bookingMoney, getBooking, officeActor, recordPayment, STATUS_REFUSALS } from "~/booking/index.server";
import { PAYMENT_METHODS, type PaymentMethod } from "~/booking/rules/payments";
import { problem } from "~/i18n/problem";
import { CURRENCY_DECIMALS, isCurrency, type Currency } from "~/pricing/currency";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";
import type { Database } from "~/server/db/schema";
import type { Kysely } from "kysely";
import { getSettings } from "~/settings/settings.server";
import { presentBookingMoney } from "./present.server";

const notFound = () => apiProblem(404, "not_found", STATUS_REFUSALS.not_found);
const code = (key: string) => problem(`admin:payments.errors.${key}`);

async function moneyOf(db: Kysely<Database>, id: string) {
  const booking = await getBooking(db, id);
  return booking ? presentBookingMoney(booking, await bookingMoney(db, booking)) : undefined;
}

/** GET /api/bookings/{id}/payments: the booking's ledger and where its money stands (issue 30). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireApi(request, context, "bookings.read");
  if (!isPlausibleId(params.id)) return notFound();
  const money = await moneyOf(getApp(context).db.kysely, params.id);
  return money ? apiOk(money) : notFound();
}

/** An amount in a currency's units as its minor units: a JSON number, not zero, with no more decimals than the currency has. */
function minorUnits(value: unknown, currency: Currency): number | undefined {
  if (typeof value !== "number" || !Number.isFinite(value) || value === 0) return undefined;
  const scaled = value * 10 ** CURRENCY_DECIMALS[currency];
  const minor = Math.round(scaled);
  return Math.abs(scaled - minor) < 1e-6 && Number.isSafeInteger(minor) ? minor : undefined;
}

/**
 * POST /api/bookings/{id}/payments with `{ amount, currency?, method, reason }`: money the office
 * received (amount > 0, an adjustment) or gave back (< 0, a refund), with its reason. An
 * `Idempotency-Key` makes a retry add nothing. Answers the booking's money as GET does (201; 200 for a retry).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApi(request, context, "payments.write");
  const { db, clientIp, mailer, env, log } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound();
  const key = request.headers.get("Idempotency-Key");
  if (key !== null && !/^[\x21-\x7e]{1,100}$/.test(key)) return apiProblem(400, "bad_request", problem("booking:errors.idempotencyKey"));
  const read = await readJsonBody(request);
  if (!read.ok) return jsonBodyError(read.problem);
  const body = read.body as Record<string, unknown>;
  const currency = body.currency === undefined ? "TRY" : body.currency;
  if (!isCurrency(currency)) return apiProblem(400, "validation_failed", code("invalid"), { currency: [code("currency")] });
  const amount = minorUnits(body.amount, currency);
  if (amount === undefined) return apiProblem(400, "validation_failed", code("invalid"), { amount: [code("amount")] });
  if (typeof body.method !== "string" || !(PAYMENT_METHODS as readonly string[]).includes(body.method)) return apiProblem(400, "validation_failed", code("invalid"), { method: [code("method")] });
  if (body.reason !== undefined && typeof body.reason !== "string") return apiProblem(400, "validation_failed", code("invalid"), { reason: [code("reasonRequired")] });
  const settings = await getSettings(db.kysely);
  const result = await recordPayment(db.kysely, {
    bookingId: params.id,
    // money given back is a refund (the booking reads "refunded" once nothing is kept)
    kind: amount < 0 ? "refund" : "adjustment",
    method: body.method as PaymentMethod,
    amount: Math.abs(amount),
    currency,
    reason: typeof body.reason === "string" ? body.reason : "",
    actor: officeActor(session.user),
    ip: clientIp,
    rates: settings.currency.rates,
    ...(key ? { providerRef: `api:${session.user.id}:${key}` } : {}),
  }, { mailer, env, log });
  if (!result.ok) return result.reason === "not_found" ? notFound() : apiProblem(400, "validation_failed", result.problem, result.fields);
  // the key was used for another movement: nothing is recorded
  const earlier = result.payment;
  if (!result.added && (earlier.booking_id !== params.id || earlier.currency_amount !== amount || earlier.currency !== currency || earlier.method !== body.method)) {
    return apiProblem(422, "idempotency_mismatch", problem("booking:errors.idempotencyMismatch"));
  }
  return apiOk((await moneyOf(db.kysely, params.id))!, { status: result.added ? 201 : 200 });
}
