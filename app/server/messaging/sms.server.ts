/**
 * SMS through a Twilio-compatible Messages API: POST
 * {SMS_API_URL}/2010-04-01/Accounts/{SMS_ACCOUNT_SID}/Messages.json with HTTP basic auth
 * (sid:token) and a form body To, From, Body (and StatusCallback, so delivery is reported to
 * /api/webhooks/sms). The rendered text is sent.
 */
import { DEFAULT_PROVIDER_TIMEOUT_MS, failureOf, networkFailure, type FetchLike, type MessageProvider, type SendResult } from "./provider";

export const DEFAULT_SMS_API_URL = "https://api.twilio.com";

export interface SmsConfig {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl?: string;
  /** where the gateway reports delivery (StatusCallback): {PUBLIC_URL}/api/webhooks/sms */
  statusCallback?: string;
  timeoutMs?: number;
  fetch?: FetchLike;
}

export function createSmsProvider(config: SmsConfig): MessageProvider {
  const base = (config.apiUrl ?? DEFAULT_SMS_API_URL).replace(/\/+$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64");
  const doFetch: FetchLike = config.fetch ?? ((input, init) => fetch(input, init));
  return {
    channel: "sms",
    async send(message): Promise<SendResult> {
      let response: Response;
      let body: unknown;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: { Authorization: `Basic ${auth}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
          body: new URLSearchParams({ To: message.to, From: config.from, Body: message.text, ...(config.statusCallback ? { StatusCallback: config.statusCallback } : {}) }).toString(),
          signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS),
        });
        body = await response.json().catch(() => null);
      } catch (error) {
        return networkFailure(error);
      }
      if (!response.ok) {
        const b = body as { message?: unknown; code?: unknown } | null;
        return failureOf(response.status, b?.message ? `${String(b.message)} (code ${String(b.code ?? "?")})` : "no error body");
      }
      const sid = (body as { sid?: unknown } | null)?.sid;
      // Accepted: never sent again, even when the answer lacks the id (its status then stays unknown).
      return { ok: true, providerId: typeof sid === "string" && sid ? sid : null };
    },
  };
}
