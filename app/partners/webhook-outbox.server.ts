/**
 * The partners' webhook outbox (issue 33), the twin of the guest-message outbox
 * (app/server/messaging/outbox.server.ts): the worker (app/server/outbox-worker.server.ts) claims
 * due deliveries with a lease (one UPDATE; SKIP LOCKED on PostgreSQL), posts each to its webhook's
 * URL, signed, and records the outcome. A 2xx is delivered, and only a pending row is ever claimed,
 * so a delivered one is never sent again; anything else (another status, a redirect, which is not
 * followed, a refused address, a timeout) is retried after 30 s, 2 min, 10 min, 1 h, 6 h, 12 h and
 * 24 h, and after the eighth attempt the row is failed, with its last status, time and error.
 *
 * Each request: `Content-Type: application/json`, `X-Webhook-Id` (the delivery), `X-Webhook-Event`,
 * `X-Webhook-Timestamp` (unix seconds) and `X-Webhook-Signature: v1=<hex HMAC-SHA256 of
 * "<timestamp>.<body>" with the webhook's secret>`. The URL is checked against the outgoing-address
 * policy before each request, and the connection resolves through the same check, so it goes to the
 * address that was checked (app/server/http/outgoing-url.server.ts).
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { type Kysely } from "kysely";
import type { Database, PartnerWebhookDeliveryRow } from "~/server/db/schema";
import { checkOutgoingUrl, guardedLookup, type OutgoingPolicy, type Resolver } from "~/server/http/outgoing-url.server";
import type { Logger } from "~/server/logger.server";
import { type Outbox, claimDueRows } from "~/server/outbox-worker.server";
import { onWebhookQueued } from "./webhook-queue.server";

/** The waits after the 1st, 2nd… failed attempt; after the last attempt the delivery fails for good. */
export const WEBHOOK_RETRY_SCHEDULE_MS = [30_000, 120_000, 600_000, 3_600_000, 6 * 3_600_000, 12 * 3_600_000, 24 * 3_600_000] as const;
export const MAX_WEBHOOK_ATTEMPTS = WEBHOOK_RETRY_SCHEDULE_MS.length + 1;
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_ERROR = 500;
const USER_AGENT = "LykiaVIP-Webhooks/1";

export const webhookRetryDelayMs = (attempts: number): number => WEBHOOK_RETRY_SCHEDULE_MS[Math.min(Math.max(attempts, 1), WEBHOOK_RETRY_SCHEDULE_MS.length) - 1]!;

/** The signature's hex: HMAC-SHA256 of `${timestamp}.${body}` with the webhook's secret. */
export const signWebhook = (secret: string, timestamp: number, body: string): string => createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

export type ClaimedDelivery = PartnerWebhookDeliveryRow;

export interface WebhookOutbox extends Outbox<ClaimedDelivery> {
  /** Claims due deliveries and sends them (tests; the worker does the same continuously). */
  deliverRound(db: Kysely<Database>, limit?: number): Promise<{ claimed: number; delivered: number }>;
}

export interface WebhookOutboxOptions {
  policy: OutgoingPolicy;
  log: Pick<Logger, "warn" | "error" | "info">;
  /** how long one request may take, answer included (default 10 s) */
  timeoutMs?: number;
  concurrency?: number;
  /** the claim's lease (default: the timeout and a minute) */
  leaseMs?: number;
  /** the worker's clock in ms (tests move it past the retry delays) */
  clock?: () => number;
  /** DNS (tests: a fake one) */
  resolve?: Resolver;
}

interface Answer {
  status?: number;
  error?: string;
  ms: number;
}

/** One POST, no redirects followed, cut off after `timeoutMs`; the answer's first bytes are kept for a failure's error. */
function post(url: URL, body: string, headers: Record<string, string>, timeoutMs: number, lookup: ReturnType<typeof guardedLookup>): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<Answer, "ms">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, ms: Math.round(performance.now() - started) });
    };
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, { method: "POST", headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) }, lookup, agent: false }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) {
        finish({ status });
        response.destroy();
        return;
      }
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
        if (text.length >= 200) response.destroy();
      });
      const done = () => finish({ status, error: `HTTP ${status}${text.trim() ? `: ${text.trim().replace(/\s+/g, " ").slice(0, 200)}` : ""}` });
      response.on("end", done);
      response.on("close", done);
    });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on("error", (error) => finish({ error: error.message || String(error) }));
    request.end(body);
  });
}


export function createWebhookOutbox(options: WebhookOutboxOptions): WebhookOutbox {
  const clock = options.clock ?? (() => Date.now());
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? timeoutMs + 60_000;
  const lookup = guardedLookup(options.policy, options.resolve);

  async function claim(db: Kysely<Database>, limit: number): Promise<ClaimedDelivery[]> {
    const now = new Date(clock()).toISOString();
    const lockedUntil = new Date(clock() + leaseMs).toISOString();
    return claimDueRows(db, "partner_webhook_deliveries", { now, lockedUntil, limit });
  }

  async function deliverClaimed(db: Kysely<Database>, row: ClaimedDelivery): Promise<boolean> {
    // Only while the claim is ours and the row still pending: a lost lease records nothing.
    const ours = () =>
      db.updateTable("partner_webhook_deliveries").where("id", "=", row.id).where("locked_until", "=", row.locked_until!).where("status", "=", "pending");
    try {
      const hook = await db.selectFrom("partner_webhooks").select(["url", "secret", "active", "deleted_at"]).where("id", "=", row.webhook_id).executeTakeFirst();
      if (!hook || hook.active !== 1 || hook.deleted_at) {
        await ours().set({ status: "failed", locked_until: null, last_error: "the webhook is switched off or deleted" }).execute();
        return false;
      }
      const checked = await checkOutgoingUrl(hook.url, options.policy, options.resolve);
      const timestamp = Math.floor(clock() / 1000);
      const answer: Answer = checked.ok
        ? await post(
            checked.url,
            row.payload,
            {
              "Content-Type": "application/json",
              "User-Agent": USER_AGENT,
              "X-Webhook-Id": row.id,
              "X-Webhook-Event": row.event,
              "X-Webhook-Timestamp": String(timestamp),
              "X-Webhook-Signature": `v1=${signWebhook(hook.secret, timestamp, row.payload)}`,
            },
            timeoutMs,
            lookup,
          )
        : { error: `address refused: ${checked.reason}`, ms: 0 };
      const outcome = { last_status_code: answer.status ?? null, last_duration_ms: answer.ms, locked_until: null };
      if (answer.status !== undefined && answer.status >= 200 && answer.status < 300) {
        await ours()
          .set({ ...outcome, status: "delivered", delivered_at: new Date(clock()).toISOString(), last_error: null })
          .execute();
        return true;
      }
      const failed = row.attempts >= MAX_WEBHOOK_ATTEMPTS;
      const error = (answer.error ?? `HTTP ${answer.status}`).slice(0, MAX_ERROR);
      await ours()
        .set({ ...outcome, last_error: error, next_attempt_at: new Date(clock() + webhookRetryDelayMs(row.attempts)).toISOString(), ...(failed ? { status: "failed" as const } : {}) })
        .execute();
      const line = { deliveryId: row.id, webhookId: row.webhook_id, event: row.event, attempt: row.attempts, maxAttempts: MAX_WEBHOOK_ATTEMPTS, status: answer.status, err: error };
      if (failed) options.log.error(line, "partner webhook failed for good");
      else options.log.warn(line, "partner webhook failed, will retry");
      return false;
    } catch (error) {
      // The database failed while recording the outcome: the lease brings the row back later.
      options.log.error({ err: error, deliveryId: row.id }, "partner webhook outcome not recorded");
      return false;
    }
  }

  const concurrency = options.concurrency ?? 4;
  return {
    concurrency,
    claim,
    deliverClaimed,
    async deliverRound(db, limit = concurrency * 4) {
      const rows = await claim(db, limit);
      let delivered = 0;
      await Promise.all(rows.map(async (row) => ((await deliverClaimed(db, row)) ? delivered++ : 0)));
      return { claimed: rows.length, delivered };
    },
    onQueued: onWebhookQueued,
    close() {},
  };
}
