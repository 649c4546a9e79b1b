/**
 * Delivery reports from the providers (issue 16): the WhatsApp Cloud API's webhook (signed with
 * the app secret: X-Hub-Signature-256) and a Twilio-style status callback (X-Twilio-Signature).
 * A report moves a message forward only (sent → delivered → read; failed), found by the
 * provider's message id; a late "delivered" never turns a "read" back.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, MessageChannel, MessageStatus } from "../db/schema";

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** X-Hub-Signature-256: "sha256=" + hex HMAC-SHA256 of the raw body with the app secret. */
export function whatsappSignature(rawBody: string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody, "utf8").digest("hex")}`;
}

export function verifyWhatsAppSignature(rawBody: string, header: string | null, appSecret: string | undefined): boolean {
  if (!appSecret || !header) return false;
  return sameText(header.trim().toLowerCase(), whatsappSignature(rawBody, appSecret));
}

/** X-Twilio-Signature: base64 HMAC-SHA1 of the full URL followed by each form key and value, keys sorted. */
export function twilioSignature(url: string, params: Record<string, string>, authToken: string): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

export function verifyTwilioSignature(url: string, params: Record<string, string>, header: string | null, authToken: string | undefined): boolean {
  if (!authToken || !header) return false;
  return sameText(header.trim(), twilioSignature(url, params, authToken));
}

export interface StatusReport {
  providerId: string;
  status: Exclude<MessageStatus, "pending">;
  /** the provider's error, for a failure */
  error?: string;
}

/** The `statuses` entries of a Cloud API webhook body (entry[].changes[].value.statuses[]). */
export function whatsappStatusReports(body: unknown): StatusReport[] {
  const out: StatusReport[] = [];
  const entries = (body as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return out;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown })?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const statuses = (change as { value?: { statuses?: unknown } })?.value?.statuses;
      if (!Array.isArray(statuses)) continue;
      for (const s of statuses as Array<{ id?: unknown; status?: unknown; errors?: Array<{ title?: unknown; message?: unknown; code?: unknown }> }>) {
        if (typeof s?.id !== "string" || typeof s.status !== "string") continue;
        if (!["sent", "delivered", "read", "failed"].includes(s.status)) continue;
        const firstError = Array.isArray(s.errors) ? s.errors[0] : undefined;
        out.push({
          providerId: s.id,
          status: s.status as StatusReport["status"],
          ...(firstError ? { error: `${String(firstError.title ?? firstError.message ?? "error")} (code ${String(firstError.code ?? "?")})` } : {}),
        });
      }
    }
  }
  return out;
}

/** A Twilio MessageStatus as ours (queued, sending and the like report nothing new). */
export function smsStatusReport(params: Record<string, string>): StatusReport | null {
  const id = params.MessageSid;
  const map: Record<string, StatusReport["status"]> = { sent: "sent", delivered: "delivered", read: "read", undelivered: "failed", failed: "failed" };
  const status = map[params.MessageStatus ?? ""];
  if (!id || !status) return null;
  return { providerId: id, status, ...(status === "failed" && params.ErrorCode ? { error: `error code ${params.ErrorCode}` } : {}) };
}

/** The statuses a report may move a message from (forward only). */
const FROM: Record<StatusReport["status"], MessageStatus[]> = {
  sent: ["pending"],
  delivered: ["pending", "sent"],
  read: ["pending", "sent", "delivered"],
  failed: ["pending", "sent"],
};

/** Applies the reports; returns how many messages changed. */
export async function recordStatusReports(db: Kysely<Database>, channel: MessageChannel, reports: readonly StatusReport[], at = new Date().toISOString()): Promise<number> {
  let changed = 0;
  for (const report of reports) {
    const result = await db
      .updateTable("message_outbox")
      .set((eb) => ({
        status: report.status,
        // a "read" without a "delivered" before it was delivered then too
        ...(report.status === "delivered" || report.status === "read" ? { delivered_at: eb.fn.coalesce("delivered_at", eb.val(at)) } : {}),
        ...(report.error ? { last_error: report.error.slice(0, 500) } : {}),
      }))
      .where("channel", "=", channel)
      .where("provider_message_id", "=", report.providerId)
      .where("status", "in", FROM[report.status])
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}
