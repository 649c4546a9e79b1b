/**
 * Outgoing mail. Every message is first written to the outbox (table mail_outbox), so a mail
 * failure never loses what was to be said; then it is delivered over SMTP when SMTP_URL is set,
 * right away and again by the retry loop with a growing delay. Without SMTP_URL the outbox is
 * the mailbox: the back office reads it.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import { nowIso } from "./db/convert";
import type { Database } from "./db/schema";
import type { Logger } from "./logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** what it is about: booking-confirmation, office-new-booking, password-reset, contact-message… */
  kind: string;
  locale?: string;
  relatedId?: string;
}

export interface Mailer {
  /** Stores the message and tries to deliver it now; never throws for a delivery failure. */
  send(db: Kysely<Database>, message: MailMessage): Promise<string>;
  /** Delivers due messages from the outbox; returns how many were sent. */
  deliverDue(db: Kysely<Database>, limit?: number): Promise<number>;
  readonly smtp: boolean;
}

export const MAX_ATTEMPTS = 8;

/** Delay before attempt n+1: 1, 2, 4, 8… minutes, at most 2 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 * 60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

export function createMailer(options: { smtpUrl?: string; from: string; log: Logger; transport?: Transporter }): Mailer {
  const transport = options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);

  async function deliver(db: Kysely<Database>, id: string): Promise<boolean> {
    if (!transport) return false;
    const row = await db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row || row.status !== "pending") return false;
    // Claim the row so that two instances never send the same message.
    const claimed = await db
      .updateTable("mail_outbox")
      .set({ attempts: row.attempts + 1, next_attempt_at: new Date(Date.now() + retryDelayMs(row.attempts + 1)).toISOString() })
      .where("id", "=", id)
      .where("attempts", "=", row.attempts)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    try {
      await transport.sendMail({
        from: options.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body ?? undefined,
      });
      await db.updateTable("mail_outbox").set({ status: "sent", sent_at: nowIso(), last_error: null }).where("id", "=", id).execute();
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = row.attempts + 1 >= MAX_ATTEMPTS;
      await db
        .updateTable("mail_outbox")
        .set({ last_error: message.slice(0, 500), ...(failed ? { status: "failed" as const } : {}) })
        .where("id", "=", id)
        .execute();
      options.log.warn({ mailId: id, kind: row.kind, attempt: row.attempts + 1, err: message }, "mail delivery failed");
      return false;
    }
  }

  return {
    smtp: Boolean(transport),
    async send(db, message) {
      const id = randomUUID();
      const at = nowIso();
      await db
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
        })
        .execute();
      await deliver(db, id).catch((error) => options.log.error({ err: error, mailId: id }, "mail delivery crashed"));
      return id;
    },
    async deliverDue(db, limit = 20) {
      if (!transport) return 0;
      const due = await db
        .selectFrom("mail_outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", nowIso())
        .orderBy("next_attempt_at")
        .limit(limit)
        .execute();
      let sent = 0;
      for (const { id } of due) if (await deliver(db, id)) sent++;
      return sent;
    },
  };
}
