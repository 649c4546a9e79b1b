/**
 * What the back office writes for later (maintenance notices, the password-reset mail) follows the
 * admin language setting: Turkish by default, English once the setting says so.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listNotifications, notify, syncMaintenanceNotices } from "~/admin/notifications.server";
import { adminLanguage } from "~/admin/i18n.server";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { createUser } from "~/auth/users.server";
import { createCar } from "~/fleet/cars.server";
import { createMailer } from "~/server/mail.server";
import { DEFAULT_SETTINGS, type Settings } from "~/settings/settings";
import { saveSettings } from "~/settings/settings.server";
import { buildCar } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const mailer = createMailer({ from: "office@example.com", log: pino({ level: "silent" }) });
const NOW = new Date("2026-06-15T12:00:00.000Z");

describe.each(engines)("the admin language on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
    const car = await createCar(db.kysely, buildCar({ name: "Sprinter" }));
    await db.kysely.updateTable("cars").set({ maintenance_due_at: "2026-06-18T09:00:00.000Z" }).where("id", "=", car.id).execute();
    await createUser(db.kysely, { email: "office@example.com", password: "secret-123", role: "admin", name: "Ofis" });
  });
  afterAll(() => db.destroy());

  const setLanguage = (language: Settings["appearance"]["language"]) =>
    saveSettings(db.kysely, { ...DEFAULT_SETTINGS, appearance: { ...DEFAULT_SETTINGS.appearance, language } }, null);
  const notices = async () => (await listNotifications(db.kysely, { limit: 10, lng: await adminLanguage(db.kysely) })).items;

  it("shows a maintenance notice in Turkish by default and in English once the setting is en", async () => {
    await syncMaintenanceNotices(db.kysely, NOW);
    const [turkish] = await notices();
    expect(turkish).toMatchObject({ title: "Araç bakım hatırlatması", body: "Sprinter: bakım tarihi 18.06.2026 12:00." });

    await setLanguage("en");
    const [english] = await notices();
    expect(english).toMatchObject({ id: turkish!.id, title: "Vehicle maintenance reminder", body: "Sprinter: maintenance due 18/06/2026 12:00." });
    // The table keeps the Turkish text (and the JSON API's default stays Turkish).
    expect((await listNotifications(db.kysely, { limit: 10 })).items[0]).toMatchObject({ title: "Araç bakım hatırlatması" });
    await setLanguage("tr");
  });

  it("shows notices stored as keys in the admin language, and a row from before keys as it was stored", async () => {
    await notify(db.kysely, {
      kind: "booking",
      message: { title: "notifications.bookingTitle", body: "notifications.bookingBody", values: { reference: "VT-ABC123", name: "Emily Clarke" } },
      relatedId: "b-1",
    });
    // A row as production wrote it before migration 0018 (free Turkish text, no message): shown as stored.
    await db.kysely
      .insertInto("notifications")
      .values({ id: "old-row-id", kind: "maintenance", title: "Araç bakım hatırlatması", body: "Vito şu anda bakımda.", message: null, link: null, related_id: "old-row", created_at: NOW.toISOString(), read_at: null })
      .execute();
    expect((await db.kysely.selectFrom("notifications").select(["title", "body"]).where("related_id", "=", "b-1").executeTakeFirstOrThrow())).toEqual({
      title: "Yeni rezervasyon alındı",
      body: "VT-ABC123 · Emily Clarke",
    });
    await setLanguage("en");
    const byRelated = new Map((await db.kysely.selectFrom("notifications").select(["id", "related_id"]).execute()).map((r) => [r.id, r.related_id]));
    const shown = Object.fromEntries((await notices()).map((n) => [byRelated.get(n.id), { title: n.title, body: n.body }]));
    expect(shown["b-1"]).toEqual({ title: "New booking received", body: "VT-ABC123 · Emily Clarke" });
    expect(shown["old-row"]).toEqual({ title: "Araç bakım hatırlatması", body: "Vito şu anda bakımda." });
    await setLanguage("tr");
  });

  it.each([
    ["tr", { subject: "Lykia VIP Transfer: şifre sıfırlama", greeting: "Sayın Ofis,", validity: "Bağlantı 30 dakika geçerlidir", action: "Yeni şifre belirle", title: "Şifre sıfırlama" }],
    ["en", { subject: "Lykia VIP Transfer: password reset", greeting: "Dear Ofis,", validity: "The link is valid for 30 minutes", action: "Set a new password", title: "Password reset" }],
  ] as const)("writes the password-reset mail in the admin language (%s)", async (language, expected) => {
    await setLanguage(language);
    await db.kysely.deleteFrom("mail_outbox").execute();
    await requestPasswordReset(db.kysely, mailer, { email: "office@example.com", baseUrl: "https://vip.example" });
    const mail = await db.kysely.selectFrom("mail_outbox").selectAll().where("kind", "=", "password-reset").executeTakeFirstOrThrow();
    expect(mail.subject).toBe(expected.subject);
    expect(mail.locale).toBe(language);
    expect(mail.text_body).toContain(expected.greeting);
    expect(mail.text_body).toContain(expected.validity);
    expect(mail.text_body).toMatch(new RegExp(`${expected.action}: https://vip\\.example/admin/reset-password/[\\w-]+`));
    expect(mail.html_body).toContain(expected.title);
    if (language === "en") expect(mail.text_body).not.toMatch(/şifre|Sayın/i);
    await setLanguage("tr");
  });
});
