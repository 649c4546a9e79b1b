/**
 * The guest-message outbox (table message_outbox), the twin of the mail outbox (mail.server.ts):
 * a request only stores the message (once per dedupe key) and wakes the worker; the worker
 * (outbox-worker.server.ts) claims due rows with a lease, one UPDATE, with SKIP LOCKED on
 * PostgreSQL, sends each through its channel's provider, and records the provider's message id,
 * or backs off (retryDelayMs) and after MAX_ATTEMPTS, or at once on a permanent refusal, marks the
 * row failed with the last error. The webhooks (webhooks.server.ts) later move a sent row to
 * delivered, read or failed. Only the configured channels' rows are claimed.
 */
import { randomUUID } from "node:crypto";
import { type Kysely, type Selectable } from "kysely";
import type { Database, MessageOutboxTable } from "../db/schema";
import type { Logger } from "../logger.server";
import { DEFAULT_CONCURRENCY, DEFAULT_LEASE_MS, MAX_ATTEMPTS, retryDelayMs } from "../mail.server";
import { type Outbox, claimDueRows } from "../outbox-worker.server";
import type { MessageChannel, MessageProvider } from "./provider";

export { MAX_ATTEMPTS };

export interface QueuedMessage {
  channel: MessageChannel;
  /** confirmation, change, cancellation, reminder, driverAssigned */
  kind: string;
  bookingId: string | null;
  /** E.164 */
  to: string;
  locale: string;
  templateName: string;
  params: readonly string[];
  text: string;
  /** {kind}:{bookingId}:{channel}:{event}: a second queue() with the same key stores nothing */
  dedupeKey: string;
}

export type ClaimedMessage = Selectable<MessageOutboxTable>;

export interface Messenger extends Outbox<ClaimedMessage> {
  /** the channels configured on this server (their rows are delivered) */
  readonly channels: readonly MessageChannel[];
  /** Stores the message unless its dedupe key was queued before, and wakes the worker; true when stored. */
  queue(db: Kysely<Database>, message: QueuedMessage): Promise<boolean>;
  /** Claims due rows and delivers them (tests; the worker does the same continuously). */
  deliverRound(db: Kysely<Database>, limit?: number): Promise<{ claimed: number; sent: number }>;
  wake(): void;
}


export function createMessenger(options: {
  providers: readonly MessageProvider[];
  log: Pick<Logger, "warn" | "error" | "info">;
  concurrency?: number;
  leaseMs?: number;
  /** the worker's clock in ms (tests move it to skip retry delays and leases) */
  clock?: () => number;
}): Messenger {
  const clock = options.clock ?? (() => Date.now());
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const providers = new Map(options.providers.map((p) => [p.channel, p] as const));
  const channels = [...providers.keys()];
  const listeners = new Set<() => void>();
  const wake = () => {
    for (const listener of listeners) listener();
  };

  async function claim(db: Kysely<Database>, limit: number): Promise<ClaimedMessage[]> {
    if (channels.length === 0) return [];
    const now = new Date(clock()).toISOString();
    const lockedUntil = new Date(clock() + leaseMs).toISOString();
    return claimDueRows(db, "message_outbox", { now, lockedUntil, limit }, { column: "channel", values: channels });
  }

  async function deliverClaimed(db: Kysely<Database>, row: ClaimedMessage): Promise<boolean> {
    const provider = providers.get(row.channel);
    if (!provider) return false;
    const ours = () =>
      db.updateTable("message_outbox").where("id", "=", row.id).where("locked_until", "=", row.locked_until!).where("status", "=", "pending");
    try {
      const result = await provider.send({
        to: row.to_number,
        templateName: row.template_name,
        languageCode: row.locale,
        params: JSON.parse(row.params) as string[],
        text: row.text_body,
      });
      if (result.ok) {
        await ours()
          .set({ status: "sent", provider_message_id: result.providerId, sent_at: new Date(clock()).toISOString(), last_error: null, locked_until: null })
          .execute();
        return true;
      }
      const failed = !result.retryable || row.attempts >= MAX_ATTEMPTS;
      await ours()
        .set({
          last_error: result.error,
          locked_until: null,
          next_attempt_at: new Date(clock() + retryDelayMs(row.attempts)).toISOString(),
          ...(failed ? { status: "failed" as const } : {}),
        })
        .execute();
      const line = { messageId: row.id, channel: row.channel, kind: row.kind, attempt: row.attempts, maxAttempts: MAX_ATTEMPTS, err: result.error };
      if (failed) options.log.error(line, "guest message failed for good");
      else options.log.warn(line, "guest message failed, will retry");
      return false;
    } catch (error) {
      // The database failed while recording the outcome: the lease brings the row back later.
      options.log.error({ err: error, messageId: row.id }, "guest message outcome not recorded");
      return false;
    }
  }

  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  return {
    channels,
    concurrency,
    claim,
    deliverClaimed,
    async queue(db, message) {
      const at = new Date(clock()).toISOString();
      const result = await db
        .insertInto("message_outbox")
        .values({
          id: randomUUID(),
          dedupe_key: message.dedupeKey,
          channel: message.channel,
          kind: message.kind,
          booking_id: message.bookingId,
          to_number: message.to,
          locale: message.locale,
          template_name: message.templateName,
          params: JSON.stringify(message.params),
          text_body: message.text,
          next_attempt_at: at,
          created_at: at,
        })
        .onConflict((oc) => oc.column("dedupe_key").doNothing())
        .executeTakeFirst();
      wake();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async deliverRound(db, limit = concurrency * 4) {
      const rows = await claim(db, limit);
      let sent = 0;
      await Promise.all(rows.map(async (row) => ((await deliverClaimed(db, row)) ? sent++ : 0)));
      return { claimed: rows.length, sent };
    },
    wake,
    onQueued(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {},
  };
}
