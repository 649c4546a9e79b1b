import type { Kysely } from "kysely";
import { nowIso, parseJson, toJson } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { DEFAULT_SETTINGS, readSection, SETTINGS_SECTIONS, type Settings } from "./settings";

/** The whole settings object: stored sections over the defaults. */
export async function getSettings(db: Kysely<Database>): Promise<Settings> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  const stored = new Map(rows.map((r) => [r.key, parseJson<unknown>(r.value, null)]));
  return {
    general: readSection("general", stored.get("general")),
    appearance: readSection("appearance", stored.get("appearance")),
    notifications: readSection("notifications", stored.get("notifications")),
    security: readSection("security", stored.get("security")),
    booking: readSection("booking", stored.get("booking")),
    pricing: readSection("pricing", stored.get("pricing")),
    currency: readSection("currency", stored.get("currency")),
  };
}

/** Stores every section (already validated by `settingsSchema`). */
export async function saveSettings(db: Kysely<Database>, settings: Settings, updatedBy: string | null) {
  const at = nowIso();
  await db.transaction().execute(async (tx) => {
    for (const key of SETTINGS_SECTIONS) {
      await tx
        .insertInto("settings")
        .values({ key, value: toJson(settings[key]), updated_at: at, updated_by: updatedBy })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: toJson(settings[key]), updated_at: at, updated_by: updatedBy }))
        .execute();
    }
  });
}

/** Writes the defaults for sections that have no row yet (first start). */
export async function ensureDefaultSettings(db: Kysely<Database>) {
  const at = nowIso();
  for (const key of SETTINGS_SECTIONS) {
    await db
      .insertInto("settings")
      .values({ key, value: toJson(DEFAULT_SETTINGS[key]), updated_at: at, updated_by: null })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
}
