/**
 * A payment provider's webhook (issue 30): POST /api/webhooks/iyzico and /api/webhooks/stripe.
 * The raw body is verified with the provider's signature (Stripe's also refuses a timestamp older
 * than five minutes: a replay); a verified notice only names the checkout, whose result is then
 * read from the provider's API (`settleCheckout`), so a forged or repeated notice changes nothing.
 * Answers: 200 (done, or not one of ours: the provider stops sending), 400 (bad signature or body),
 * 404 (this provider is not on here), 503 (the provider could not be read: it sends again).
 */
import { settleCheckout } from "~/booking/index.server";
import { problem } from "~/i18n/problem";
import { JSON_TOO_LARGE } from "~/server/http/json.server";
import { paymentProvider } from "~/payments/registry.server";
import type { PaymentProviderName } from "~/payments/provider";
import { apiOk, apiProblem } from "~/server/api";
import type { AppContext } from "~/server/context";

/** The largest webhook body read (Stripe's events are a few kilobytes). */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

export async function paymentWebhook(request: Request, app: AppContext, name: PaymentProviderName) {
  const provider = paymentProvider();
  if (!provider || provider.name !== name) return apiProblem(404, "not_found", problem("admin:payments.webhook.off"));
  const raw = await request.text();
  if (raw.length > WEBHOOK_BODY_LIMIT) return apiProblem(413, "payload_too_large", JSON_TOO_LARGE);
  const notice = provider.parseWebhook(raw, request.headers);
  if (!notice) {
    app.log.warn({ provider: name }, "payment webhook refused: signature or body");
    return apiProblem(400, "bad_request", problem("admin:payments.webhook.badSignature"));
  }
  const settled = await settleCheckout({ db: app.db.kysely, env: app.env, log: app.log, mailer: app.mailer, messenger: app.messenger }, { provider: name, sessionId: notice.sessionId });
  if (!settled.ok && settled.code === "provider") return apiProblem(503, "unavailable", problem("admin:payments.webhook.retry"), undefined, { "Retry-After": "60" });
  return apiOk({ received: true, ...(settled.ok ? { status: settled.status } : {}) });
}
