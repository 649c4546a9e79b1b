import type { Route } from "./+types/webhooks.sms";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { recordStatusReports, smsStatusReport, verifyTwilioSignature } from "~/server/messaging/webhooks.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/webhooks/sms: a Twilio-style status callback (form `MessageSid`, `MessageStatus`),
 * signed with SMS_AUTH_TOKEN over PUBLIC_URL + path + query and the sorted form fields
 * (`X-Twilio-Signature`; missing or wrong: 401).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { db, env } = getApp(context);
  const params: Record<string, string> = {};
  try {
    for (const [key, value] of new URLSearchParams(await request.text())) params[key] = value;
  } catch {
    return apiProblem(400, "bad_request", problem("admin:guestMessages.errors.badBody"));
  }
  const url = new URL(request.url);
  // The URL the gateway called: the public one (a proxy in front changes the host the server sees).
  const called = `${env.PUBLIC_URL}${url.pathname}${url.search}`;
  if (!verifyTwilioSignature(called, params, request.headers.get("x-twilio-signature"), env.SMS_AUTH_TOKEN)) {
    return apiProblem(401, "unauthorized", problem("admin:guestMessages.errors.badSignature"));
  }
  const report = smsStatusReport(params);
  const updated = report ? await recordStatusReports(db.kysely, "sms", [report]) : 0;
  return apiOk({ updated });
}
