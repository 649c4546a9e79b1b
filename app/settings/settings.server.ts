import type { Kysely } from "kysely";
import { changedFields, recordAudit, type AuditContext } from "~/audit/audit.server";
import { nowIso, parseJson, toJson } from "~/server/db/convert";
import { keptRead } from "~/server/db/kept-reads.server";
import type { Database } from "~/server/db/schema";
import { DEFAULT_SETTINGS, readSection, SETTINGS_SECTIONS, type Settings } from "./settings";

/** The whole settings object: stored sections over the defaults. */
export async function getSettings(db: Kysely<Database>): Promise<Settings> {
  // Kept until the settings table changes (a request reads them several times).
  const rows = await keptRead(db, "settings", ["settings"], () => db.selectFrom("settings").select(["key", "value"]).execute());
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return {
    general: section("general", stored.get("general")),
    appearance: section("appearance", stored.get("appearance")),
    notifications: section("notifications", stored.get("notifications")),
    security: section("security", stored.get("security")),
    booking: section("booking", stored.get("booking")),
    pricing: section("pricing", stored.get("pricing")),
    currency: section("currency", stored.get("currency")),
  };
}

/**
 * A section read from its stored text, checked once per distinct text (checking every field
 * against the schema on each of a booking's half a dozen reads was a millisecond per booking).
 * Each caller gets its own copy.
 */
const checkedSections = new Map<string, unknown>();

function section<K extends (typeof SETTINGS_SECTIONS)[number]>(key: K, text: string | undefined): Settings[K] {
  const cacheKey = `${key}\0${text ?? ""}`;
  let checked = checkedSections.get(cacheKey) as Settings[K] | undefined;
  if (!checked) {
    checked = readSection(key, text === undefined ? undefined : parseJson<unknown>(text, null));
    // Old texts of a section are dropped (settings change rarely; this bounds the map).
    if (checkedSections.size >= 64) checkedSections.clear();
    checkedSections.set(cacheKey, checked);
  }
  return structuredClone(checked);
}

/**
 * Stores every section (already validated by `settingsSchema`). With `audit`, each section whose
 * values changed is logged ("settings.update", the section as the entity id, the changed fields).
 */
export async function saveSettings(db: Kysely<Database>, settings: Settings, updatedBy: string | null, audit?: AuditContext) {
  const at = nowIso();
  await db.transaction().execute(async (tx) => {
    if (audit) {
      const rows = await tx.selectFrom("settings").select(["key", "value"]).execute();
      const stored = new Map(rows.map((r) => [r.key, parseJson<unknown>(r.value, null)]));
      for (const key of SETTINGS_SECTIONS) {
        const before = readSection(key, stored.get(key)) as Record<string, unknown>;
        const after = settings[key] as Record<string, unknown>;
        const changed = changedFields(before, after, [...new Set([...Object.keys(before), ...Object.keys(after)])]);
        if (Object.keys(changed).length === 0) continue;
        await recordAudit(tx, { ...audit, action: "settings.update", entity: "settings", entityId: key, summary: key, details: { changed } }, at);
      }
    }
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
