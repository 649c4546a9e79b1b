/**
 * One interface for the guest-message channels (DESIGN.md §6b): WhatsApp Business Cloud API
 * (whatsapp.server.ts) and a Twilio-compatible SMS gateway (sms.server.ts). A provider sends one
 * message and says what became of it; it never throws for a delivery failure. The worker
 * (outbox.server.ts) retries a retryable failure and gives up at once on a permanent one.
 */
import type { MessageChannel } from "~/server/db/schema";

export type { MessageChannel };

export const MESSAGE_CHANNELS = ["whatsapp", "sms"] as const satisfies readonly MessageChannel[];

/** What a provider gets: the template for WhatsApp, the rendered text for SMS. */
export interface OutgoingMessage {
  /** E.164, e.g. +905321234567 */
  to: string;
  /** WhatsApp template name, e.g. booking_confirmation */
  templateName: string;
  /** language code of the template: en, tr, de, ru */
  languageCode: string;
  /** the template's body parameters, in order */
  params: readonly string[];
  /** the whole message as text (SMS) */
  text: string;
}

export type SendResult =
  | { ok: true; providerId: string | null }
  /** retryable: a timeout, a 5xx, a 429; permanent: the provider refused this message (4xx) */
  | { ok: false; retryable: boolean; error: string };

export interface MessageProvider {
  readonly channel: MessageChannel;
  send(message: OutgoingMessage): Promise<SendResult>;
}

/** How long one call to a provider may take. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** A provider's HTTP status as a result: 4xx permanent except 429, 5xx retryable. */
export function failureOf(status: number, error: string): SendResult {
  return { ok: false, retryable: status === 429 || status >= 500, error: `HTTP ${status}: ${error}`.slice(0, 500) };
}

/** A network failure or a timeout: retried. */
export function networkFailure(error: unknown): SendResult {
  const text = error instanceof Error ? (error.name === "TimeoutError" ? "timed out" : error.message) : String(error);
  return { ok: false, retryable: true, error: text.slice(0, 500) };
}

/** The number as E.164 without separators ("+90 532 123 45 67" → "+905321234567"); null when it is none. */
export function e164(phone: string): string | null {
  const compact = phone.replace(/[\s()./-]/g, "").replace(/^00/, "+");
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}
