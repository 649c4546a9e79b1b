import type { Kysely } from "kysely";

/**
 * A message's attachments (issue 16: the booking's calendar file): JSON text of
 * `[{ filename, contentType, content, encoding? }]` (app/server/mail.server.ts `MailAttachment`),
 * null for a message without any.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("mail_outbox").addColumn("attachments", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("mail_outbox").dropColumn("attachments").execute();
}
