import type { Route } from "./+types/webhooks.stripe";
import { methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { paymentWebhook } from "./payment-webhook.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/webhooks/stripe: the provider's signed notice of a checkout (issue 30; payment-webhook.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return paymentWebhook(request, getApp(context), "stripe");
}
