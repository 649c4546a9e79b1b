/**
 * A POST that creates something, replayed under its Idempotency-Key (DESIGN.md §4): the id made
 * the first time is kept per scope ("cars", "drivers", "partners"), with the request's hash.
 */
import type { Kysely } from "kysely";
import { nowIso, parseJson, toJson } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { isMismatch } from "~/server/idempotency";

/** The id made under this key before; "mismatch" when the key came with another body; undefined when new. */
export async function replayedCreateId(db: Kysely<Database>, scope: string, key: string, hash: string): Promise<string | "mismatch" | undefined> {
  const row = await db.selectFrom("idempotency_keys").select(["response", "request_hash"]).where("scope", "=", scope).where("key", "=", key).executeTakeFirst();
  if (!row) return undefined;
  if (isMismatch(row.request_hash, hash)) return "mismatch";
  return parseJson<{ id?: string }>(row.response, {}).id;
}

/** Keeps the id a create answered under this key (the first writer wins a race). */
export async function rememberCreateId(db: Kysely<Database>, scope: string, key: string, hash: string, id: string): Promise<void> {
  await db
    .insertInto("idempotency_keys")
    .values({ scope, key, status_code: 201, response: toJson({ id }), request_hash: hash, created_at: nowIso() })
    .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
    .execute();
}
