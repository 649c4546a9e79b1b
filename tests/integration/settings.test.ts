import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/settings/settings";
import { ensureDefaultSettings, getSettings, saveSettings } from "~/settings/settings.server";
import { engines, testDb, type TestDb } from "../setup/db";

describe.each(engines)("settings on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    // a fresh install: nothing stored yet
    db = await testDb(engine, { asShipped: true });
  });
  afterAll(() => db.destroy());

  it("reads the spec's defaults before anything is stored", async () => {
    expect(await getSettings(db.kysely)).toEqual(DEFAULT_SETTINGS);
    await ensureDefaultSettings(db.kysely);
    expect(await getSettings(db.kysely)).toEqual(DEFAULT_SETTINGS);
  });

  it("round-trips a saved object", async () => {
    const changed = {
      ...DEFAULT_SETTINGS,
      general: { ...DEFAULT_SETTINGS.general, siteName: "Riviera Chauffeurs" },
      security: { twoFactorAuth: true, sessionTimeout: 90 },
    };
    await saveSettings(db.kysely, changed, null);
    expect(await getSettings(db.kysely)).toEqual(changed);
  });

  it("falls back to the default for a stored value out of bounds", async () => {
    await db.kysely
      .updateTable("settings")
      .set({ value: JSON.stringify({ twoFactorAuth: true, sessionTimeout: 5000 }) })
      .where("key", "=", "security")
      .execute();
    expect((await getSettings(db.kysely)).security).toEqual({ twoFactorAuth: true, sessionTimeout: 30 });
  });

  it("gives every caller its own copy: changing one read changes neither the next read nor the stored settings", async () => {
    const first = await getSettings(db.kysely);
    first.general.siteName = "Changed in memory only";
    first.pricing.nightStart = "00:00";
    const second = await getSettings(db.kysely);
    expect(second.general.siteName).not.toBe("Changed in memory only");
    expect(second.pricing.nightStart).not.toBe("00:00");
    // a saved change is seen by the very next read (no instance keeps settings beyond one call)
    await saveSettings(db.kysely, { ...second, general: { ...second.general, siteName: "Saved elsewhere" } }, null);
    expect((await getSettings(db.kysely)).general.siteName).toBe("Saved elsewhere");
  });
});
