import type { Kysely } from "kysely";

/**
 * The driver's photo (issue 31: the guest's page shows who will meet them): the stored image as
 * JSON `{ url, card, width, height }` (app/fleet/images.server.ts storeImage, bucket
 * "driver-photos"), re-encoded to WebP without metadata; null: no photo.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("drivers").addColumn("photo", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("drivers").dropColumn("photo").execute();
}
