/**
 * Outgoing mail. A request only writes the message to the outbox (table mail_outbox) and wakes
 * the mail worker (mail-worker.server.ts); it never talks to SMTP, so a slow or hanging mail
 * server can neither slow a request down nor tell by timing whether a mail was written.
 *
 * The worker delivers due rows with `deliverDue`: it claims them atomically with a lease
 * (`locked_until`), sends a bounded number at once over a pooled SMTP transport with connection,
 * greeting and socket timeouts, and then marks each row sent, or backs off (retryDelayMs) and after
 * MAX_ATTEMPTS marks it failed with the last error. Nothing is ever deleted. A row left claimed
 * by a crash is retried once its lease has passed, with the same Message-ID (derived from the row
 * id), so a duplicate is recognisable. Without SMTP_URL the outbox is the mailbox: the back office
 * reads it at /admin/outbox.
 */
import { claimDueRows } from "./outbox-worker.server";
import { createHash, randomUUID } from "node:crypto";
import { type Kysely, type Selectable } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database, MailOutboxTable } from "./db/schema";
import type { Logger } from "./logger.server";
import type { MailKind } from "~/mail/kinds";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** what it is about: booking-confirmation, office-new-booking, password-reset… (one of ~/mail/kinds, each with its label) */
  kind: MailKind;
  locale?: string;
  relatedId?: string;
  /**
   * For a mail that must go once (a booking's confirmation, one status change): a second send()
   * with the same key stores nothing and returns the first message's id.
   */
  dedupeKey?: string;
  /** files sent with the message (e.g. the booking's calendar file), stored with the row */
  attachments?: MailAttachment[];
}

/** A file sent with a message, as the outbox stores it (JSON in `mail_outbox.attachments`). */
export interface MailAttachment {
  filename: string;
  /** e.g. `text/calendar; charset=utf-8; method=PUBLISH` */
  contentType: string;
  /** the file: text as it is, or base64 when `encoding` says so */
  content: string;
  encoding?: "base64";
}

/** A row's stored attachments; unreadable or missing JSON is none. */
export function readAttachments(json: string | null | undefined): MailAttachment[] {
  if (!json) return [];
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (a): a is MailAttachment =>
        typeof a === "object" && a !== null && typeof a.filename === "string" && typeof a.contentType === "string" && typeof a.content === "string",
    );
  } catch {
    return [];
  }
}

export interface SmtpTimeouts {
  /** ms to open the TCP connection */
  connectionMs: number;
  /** ms to wait for the server's greeting */
  greetingMs: number;
  /** ms of silence on the connection before giving up (e.g. a server that never answers DATA) */
  socketMs: number;
}

export const DEFAULT_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 20_000 };

export interface DeliveryRound {
  /** rows this round claimed */
  claimed: number;
  /** of those, delivered */
  sent: number;
}

/** An outbox row a worker holds (its lease is `locked_until`). */
export type ClaimedMail = Selectable<MailOutboxTable>;

export interface Mailer {
  /**
   * Stores the message in the outbox and wakes the worker; never touches SMTP. Returns the row's
   * id (the existing one when `dedupeKey` was used before).
   */
  send(db: Kysely<Database>, message: MailMessage): Promise<string>;
  /**
   * The same as send(), also saying whether this call stored the row (`queued: false`: a message
   * with the same `dedupeKey` was stored before, by this or another instance).
   */
  queue(db: Kysely<Database>, message: MailMessage): Promise<{ id: string; queued: boolean }>;
  /** Claims up to `limit` due messages and delivers them; returns how many were sent. */
  deliverDue(db: Kysely<Database>, limit?: number): Promise<number>;
  /** The same as deliverDue, also saying how many rows were claimed. */
  deliverRound(db: Kysely<Database>, limit?: number): Promise<DeliveryRound>;
  /** Claims up to `limit` due rows with a lease (one UPDATE; two workers never get the same row). */
  claim(db: Kysely<Database>, limit: number): Promise<ClaimedMail[]>;
  /** Sends one claimed row and records the outcome; never throws for a delivery failure. */
  deliverClaimed(db: Kysely<Database>, row: ClaimedMail): Promise<boolean>;
  /** deliveries this mailer runs at once (the size of its SMTP pool) */
  readonly concurrency: number;
  /** Called after every send() and wake() in this process (the worker subscribes); returns an unsubscribe. */
  onQueued(listener: () => void): () => void;
  /** Tells the worker that something became due (e.g. a message put back by "Yeniden gönder"). */
  wake(): void;
  /** Closes the SMTP connections. */
  close(): void;
  readonly smtp: boolean;
}

export const MAX_ATTEMPTS = 8;

/** How long a claim holds a row: well over the timeouts of one delivery. */
export const DEFAULT_LEASE_MS = 5 * 60_000;

/** Deliveries in flight at once (and SMTP connections in the pool). */
export const DEFAULT_CONCURRENCY = 8;

/** Delay before attempt n+1: 1, 2, 4, 8… minutes, at most 2 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 * 60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/** The row id for a dedupe key: the primary key is what makes the key unique in the table. */
export function outboxIdFor(dedupeKey: string): string {
  const hex = createHash("sha256").update(`mail-outbox:${dedupeKey}`).digest("hex");
  // Shaped like a UUID (version 8, "custom"), like the random ids of the other rows.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The Message-ID a row is always sent with, so that a resend after a crash is recognisable. */
export function messageIdFor(id: string, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${id}@${domain}>`;
}

/** SMTP_URL with the pool and the timeouts added (values already in the URL win). */
export function transportUrl(smtpUrl: string, timeouts: SmtpTimeouts, concurrency: number): string {
  const url = new URL(smtpUrl);
  const defaults: Record<string, string> = {
    pool: "true",
    maxConnections: String(concurrency),
    connectionTimeout: String(timeouts.connectionMs),
    greetingTimeout: String(timeouts.greetingMs),
    socketTimeout: String(timeouts.socketMs),
  };
  for (const [key, value] of Object.entries(defaults)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.toString();
}

/** Runs `work` on every item with at most `limit` running at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  log: Logger;
  transport?: Transporter;
  timeouts?: Partial<SmtpTimeouts>;
  concurrency?: number;
  leaseMs?: number;
  /** the worker's clock in ms (tests move it to skip retry delays and leases); default Date.now */
  clock?: () => number;
  /** the Reply-To of every mail sent (the office's address from settings); none when it answers nothing */
  replyTo?: (db: Kysely<Database>) => Promise<string | undefined>;
}): Mailer {
  const clock = options.clock ?? (() => Date.now());
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const transport =
    options.transport ?? (options.smtpUrl ? nodemailer.createTransport(transportUrl(options.smtpUrl, timeouts, concurrency)) : undefined);
  const listeners = new Set<() => void>();
  const wake = () => {
    for (const listener of listeners) listener();
  };

  /** Claims due rows: pending, due, and not held by a live lease. One UPDATE, safe on both engines. */
  async function claim(db: Kysely<Database>, limit: number): Promise<ClaimedMail[]> {
    const now = new Date(clock()).toISOString();
    const lockedUntil = new Date(clock() + leaseMs).toISOString();
    // two instances' workers share a backlog (claimDueRows: FOR UPDATE SKIP LOCKED on PostgreSQL)
    return claimDueRows(db, "mail_outbox", { now, lockedUntil, limit });
  }

  async function deliver(db: Kysely<Database>, row: ClaimedMail, tx: Transporter): Promise<boolean> {
    // Every write below holds only while our lease does: a worker that outlived its lease has lost the row.
    const ours = (q: ReturnType<typeof db.updateTable<"mail_outbox">>) =>
      q.where("id", "=", row.id).where("locked_until", "=", row.locked_until!).where("status", "=", "pending");
    try {
      const replyTo = await options.replyTo?.(db);
      await tx.sendMail({
        from: options.from,
        ...(replyTo ? { replyTo } : {}),
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body ?? undefined,
        messageId: messageIdFor(row.id, options.from),
        attachments: readAttachments(row.attachments).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          ...(a.encoding ? { encoding: a.encoding } : {}),
        })),
      });
    } catch (error) {
      const message = errorText(error);
      const failed = row.attempts >= MAX_ATTEMPTS;
      await ours(db.updateTable("mail_outbox"))
        .set({
          last_error: message,
          locked_until: null,
          next_attempt_at: new Date(clock() + retryDelayMs(row.attempts)).toISOString(),
          ...(failed ? { status: "failed" as const } : {}),
        })
        .execute();
      const line = { mailId: row.id, kind: row.kind, attempt: row.attempts, maxAttempts: MAX_ATTEMPTS, err: message };
      if (failed) options.log.error(line, "mail delivery failed for good");
      else options.log.warn(line, "mail delivery failed, will retry");
      return false;
    }
    await ours(db.updateTable("mail_outbox")).set({ status: "sent", sent_at: new Date(clock()).toISOString(), last_error: null, locked_until: null }).execute();
    return true;
  }

  async function deliverRound(db: Kysely<Database>, limit = concurrency * 4): Promise<DeliveryRound> {
    if (!transport) return { claimed: 0, sent: 0 };
    const rows = await claim(db, limit);
    let sent = 0;
    await eachLimited(rows, concurrency, async (row) => {
      if (await deliverClaimed(db, row)) sent++;
    });
    return { claimed: rows.length, sent };
  }

  async function deliverClaimed(db: Kysely<Database>, row: ClaimedMail): Promise<boolean> {
    if (!transport) return false;
    try {
      return await deliver(db, row, transport);
    } catch (error) {
      // The database failed while recording the outcome: the lease brings the row back later.
      options.log.error({ err: error, mailId: row.id }, "mail outcome not recorded");
      return false;
    }
  }

  async function queue(db: Kysely<Database>, message: MailMessage): Promise<{ id: string; queued: boolean }> {
    const id = message.dedupeKey ? outboxIdFor(message.dedupeKey) : randomUUID();
    const at = new Date(clock()).toISOString();
    const result = await db
      .insertInto("mail_outbox")
      .values({
        id,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        kind: message.kind,
        locale: message.locale ?? "en",
        related_id: message.relatedId ?? null,
        next_attempt_at: at,
        created_at: at,
        attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    wake();
    return { id, queued: Number(result.numInsertedOrUpdatedRows ?? 0n) > 0 };
  }

  return {
    smtp: Boolean(transport),
    concurrency,
    async claim(db, limit) {
      return transport ? claim(db, limit) : [];
    },
    deliverClaimed,
    async send(db, message) {
      return (await queue(db, message)).id;
    },
    queue,
    deliverRound,
    async deliverDue(db, limit) {
      return (await deliverRound(db, limit)).sent;
    },
    wake,
    onQueued(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      transport?.close();
    },
  };
}
