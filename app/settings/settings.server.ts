import type { Kysely } from "kysely";
import { changedFields, recordAudit, type AuditContext } from "~/audit/audit.server";
import { nowIso, parseJson, toJson } from "~/server/db/convert";
import { keptRead } from "~/server/db/kept-reads.server";
import type { Database } from "~/server/db/schema";
import { DEFAULT_SETTINGS, readSection, SETTINGS_SECTIONS, type Settings } from "./settings";

type SectionKey = (typeof SETTINGS_SECTIONS)[number];
type StoredRows = ReadonlyArray<{ key: string; value: string }>;

/**
 * The whole settings object: stored sections over the defaults. Each call gets its own copy, made
 * section by section as the caller reads them (most callers read one or two of the seven).
 */
export async function getSettings(db: Kysely<Database>): Promise<Settings> {
  // Kept until the settings table changes (a request reads them several times).
  const rows = await keptRead(db, "settings", ["settings"], () => db.selectFrom("settings").select(["key", "value"]).execute());
  const settings = {} as Settings;
  for (const key of SETTINGS_SECTIONS) {
    let copy: unknown;
    Object.defineProperty(settings, key, {
      enumerable: true,
      configurable: true,
      get: () => (copy ??= structuredClone(checkedSection(rows, key))),
      set: (value: unknown) => {
        copy = value;
      },
    });
  }
  return settings;
}

/**
 * Each section checked against its schema once per read of the table (checking every field on
 * each of a booking's half a dozen reads was a millisecond per booking); shared, never handed out.
 */
const checkedSections = new WeakMap<StoredRows, Partial<Record<SectionKey, unknown>>>();
/** The same by stored text, for rows read anew (PostgreSQL while this instance does not hear the others). */
const checkedTexts = new Map<string, unknown>();

function checkedSection<K extends SectionKey>(rows: StoredRows, key: K): Settings[K] {
  let sections = checkedSections.get(rows);
  if (!sections) checkedSections.set(rows, (sections = {}));
  if (!(key in sections)) {
    const text = rows.find((row) => row.key === key)?.value;
    const textKey = `${key}\0${text ?? ""}`;
    let checked = checkedTexts.get(textKey);
    if (checked === undefined) {
      checked = readSection(key, text === undefined ? undefined : parseJson<unknown>(text, null));
      // Old texts of a section are dropped (settings change rarely; this bounds the map).
      if (checkedTexts.size >= 64) checkedTexts.clear();
      checkedTexts.set(textKey, checked);
    }
    sections[key] = checked;
  }
  return sections[key] as Settings[K];
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
