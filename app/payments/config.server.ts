/**
 * Which online payment provider this server has (environment variables; none unless its keys are
 * set) and the provider itself. Without one the site offers pay-on-arrival only (issue 30).
 */
import type { Env } from "~/server/env.server";
import { createIyzicoProvider } from "./iyzico.server";
import type { PaymentProvider, PaymentProviderName } from "./provider";
import { createStripeProvider } from "./stripe.server";

export type PaymentsEnv = Partial<
  Pick<Env, "PAYMENT_PROVIDER" | "IYZICO_API_KEY" | "IYZICO_SECRET_KEY" | "IYZICO_BASE_URL" | "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL">
>;

const IYZICO_LIVE = "https://api.iyzipay.com";

/** The provider whose keys are set (PAYMENT_PROVIDER chooses when both are), or null. */
export function configuredProvider(env: PaymentsEnv): PaymentProviderName | null {
  const iyzico = Boolean(env.IYZICO_API_KEY && env.IYZICO_SECRET_KEY);
  const stripe = Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
  if (env.PAYMENT_PROVIDER === "stripe" && stripe) return "stripe";
  if (env.PAYMENT_PROVIDER === "iyzico" && iyzico) return "iyzico";
  return iyzico ? "iyzico" : stripe ? "stripe" : null;
}

/** Keys set for a provider that still lacks one (logged at start: the provider stays off). */
export function incompleteProviders(env: PaymentsEnv): PaymentProviderName[] {
  const out: PaymentProviderName[] = [];
  if (Boolean(env.IYZICO_API_KEY) !== Boolean(env.IYZICO_SECRET_KEY)) out.push("iyzico");
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) out.push("stripe");
  return out;
}

export function paymentProviderOf(env: PaymentsEnv): PaymentProvider | null {
  switch (configuredProvider(env)) {
    case "iyzico":
      return createIyzicoProvider({ apiKey: env.IYZICO_API_KEY!, secretKey: env.IYZICO_SECRET_KEY!, baseUrl: env.IYZICO_BASE_URL ?? IYZICO_LIVE });
    case "stripe":
      return createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}) });
    default:
      return null;
  }
}
