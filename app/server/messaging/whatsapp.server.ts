/**
 * WhatsApp Business Cloud API: a template message, sent by name in the booking's language with
 * its ordered body parameters (the office registers the same templates with Meta: README).
 * POST {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages, Bearer WHATSAPP_TOKEN.
 */
import { DEFAULT_PROVIDER_TIMEOUT_MS, failureOf, networkFailure, type FetchLike, type MessageProvider, type OutgoingMessage, type SendResult } from "./provider";

export const DEFAULT_WHATSAPP_API_URL = "https://graph.facebook.com/v21.0";

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: FetchLike;
}

/** The Cloud API's request body for a template message. */
export function whatsappBody(message: OutgoingMessage) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    // The Cloud API takes the number without the plus.
    to: message.to.replace(/^\+/, ""),
    type: "template",
    template: {
      name: message.templateName,
      language: { code: message.languageCode },
      components: [{ type: "body", parameters: message.params.map((text) => ({ type: "text", text })) }],
    },
  };
}

export function createWhatsAppProvider(config: WhatsAppConfig): MessageProvider {
  const base = (config.apiUrl ?? DEFAULT_WHATSAPP_API_URL).replace(/\/+$/, "");
  const url = `${base}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  const doFetch: FetchLike = config.fetch ?? ((input, init) => fetch(input, init));
  return {
    channel: "whatsapp",
    async send(message): Promise<SendResult> {
      let response: Response;
      let body: unknown;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: { Authorization: `Bearer ${config.token}`, "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(whatsappBody(message)),
          signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS),
        });
        body = await response.json().catch(() => null);
      } catch (error) {
        return networkFailure(error);
      }
      if (!response.ok) {
        const error = (body as { error?: { message?: unknown; code?: unknown } } | null)?.error;
        return failureOf(response.status, error ? `${String(error.message ?? "")} (code ${String(error.code ?? "?")})` : "no error body");
      }
      const id = (body as { messages?: Array<{ id?: unknown }> } | null)?.messages?.[0]?.id;
      // Accepted: never sent again, even when the answer lacks the id (its status then stays unknown).
      return { ok: true, providerId: typeof id === "string" && id ? id : null };
    },
  };
}
