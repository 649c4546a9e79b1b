import type { Kysely } from "kysely";

/**
 * The mail worker's lease: a worker that claims an outbox row sets `locked_until`; nobody else
 * touches the row before then, and a row left behind by a crash is retried once it has passed.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("mail_outbox").addColumn("locked_until", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("mail_outbox").dropColumn("locked_until").execute();
}
