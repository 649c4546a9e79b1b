/**
 * Newsletter subscribers. An address is stored once (unique `email_normalized`), so a second
 * sign-up, even a concurrent one, is harmless and reported as "already subscribed".
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { nowIso } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { normalizeEmail } from "./schema";

export async function subscribe(
  db: Kysely<Database>,
  input: { email: string; locale: string },
): Promise<"subscribed" | "already"> {
  const result = await db
    .insertInto("newsletter_subscribers")
    .values({
      id: randomUUID(),
      email: input.email.trim(),
      email_normalized: normalizeEmail(input.email),
      locale: input.locale,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column("email_normalized").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0 ? "subscribed" : "already";
}
