import type { Route } from "./+types/webhooks.whatsapp";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { recordStatusReports, verifyWhatsAppSignature, whatsappStatusReports } from "~/server/messaging/webhooks.server";

/**
 * GET /api/webhooks/whatsapp: Meta's verification handshake (`hub.mode=subscribe`,
 * `hub.verify_token` = WHATSAPP_VERIFY_TOKEN) answers `hub.challenge` as text; anything else 403.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getApp(context);
  const url = new URL(request.url);
  const token = url.searchParams.get("hub.verify_token");
  const challenge = url.searchParams.get("hub.challenge") ?? "";
  if (url.searchParams.get("hub.mode") === "subscribe" && env.WHATSAPP_VERIFY_TOKEN && token === env.WHATSAPP_VERIFY_TOKEN && /^[\w-]{1,200}$/.test(challenge)) {
    return new Response(challenge, { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return apiProblem(403, "forbidden", problem("admin:guestMessages.errors.verifyRefused"));
}

/**
 * POST /api/webhooks/whatsapp: delivery statuses, signed with WHATSAPP_APP_SECRET
 * (`X-Hub-Signature-256`; a missing or wrong signature, or no secret configured: 401).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { db, env } = getApp(context);
  const raw = await request.text();
  if (!verifyWhatsAppSignature(raw, request.headers.get("x-hub-signature-256"), env.WHATSAPP_APP_SECRET)) {
    return apiProblem(401, "unauthorized", problem("admin:guestMessages.errors.badSignature"));
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return apiProblem(400, "bad_request", problem("admin:guestMessages.errors.badBody"));
  }
  const updated = await recordStatusReports(db.kysely, "whatsapp", whatsappStatusReports(body));
  return apiOk({ updated });
}
