import { redirect } from "react-router";
import type { Route } from "./+types/payment-return";
import { privatePagePath, settleCheckout } from "~/booking/index.server";
import { getApp } from "~/server/context";

/**
 * /payments/return/{checkout}: the guest back from the provider's page (Stripe: a GET to the
 * success or cancel URL; iyzico: a form POST of its token from its own site). Nothing the request
 * carries is believed: the checkout's result is read from the provider (`settleCheckout`), and the
 * guest lands on the booking's private page, which says how it went (`?payment=`).
 */
async function back(request: Request, context: Route.LoaderArgs["context"], id: string | undefined) {
  const app = getApp(context);
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return redirect("/");
  const cancelled = new URL(request.url).searchParams.get("cancelled") === "1";
  const settled = await settleCheckout({ db: app.db.kysely, env: app.env, log: app.log, mailer: app.mailer, messenger: app.messenger }, { checkoutId: id });
  if (!settled.ok && settled.code === "not_found") return redirect("/");
  const bookingId = settled.checkout!.booking_id;
  const path = await privatePagePath(app.db.kysely, app.env.SESSION_SECRET, bookingId);
  if (!path) return redirect("/");
  // paid, failed, expired, open (still being confirmed), cancelled (back without paying), pending (the provider did not answer)
  const outcome = settled.ok ? (settled.status === "open" && cancelled ? "cancelled" : settled.status) : "pending";
  return redirect(`${path}&payment=${outcome}#payment`, { headers: { "Cache-Control": "no-store" } });
}

export const loader = ({ request, context, params }: Route.LoaderArgs) => back(request, context, params.id);

export const action = ({ request, context, params }: Route.ActionArgs) => back(request, context, params.id);
