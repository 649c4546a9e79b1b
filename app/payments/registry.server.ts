/**
 * The server's online payment provider, set once at start (server/app.ts from the environment; a
 * test sets its fake's). The booking module, the notify worker and the routes ask for it here, so
 * the request path and the worker path see the same one. Null: pay on arrival only.
 */
import type { PaymentProvider } from "./provider";

let current: PaymentProvider | null = null;

export function setPaymentProvider(provider: PaymentProvider | null): void {
  current = provider;
}

export function paymentProvider(): PaymentProvider | null {
  return current;
}
