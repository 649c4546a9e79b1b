import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveContactMessage } from "~/contact/contact.server";
import { contactSchema } from "~/contact/schema";
import { createMailer } from "~/server/mail.server";
import { DEFAULT_SETTINGS } from "~/settings/settings";
import { engines, testDb, type TestDb } from "../setup/db";

const mailer = createMailer({ from: "office@example.com", log: pino({ level: "silent" }) });

describe.each(engines)("contact messages on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
  });
  afterAll(() => db.destroy());

  it("stores the message with folded search text, notifies the back office and mails the office", async () => {
    const input = contactSchema.parse({
      name: "  Ayşe Yılmaz ",
      email: "ayse@example.com",
      phone: "+90 532 000 00 00",
      message: "Üç kişilik aile için Side transferi istiyoruz.",
      startDate: "2026-07-01",
      endDate: "2026-07-08",
      preferredVehicle: "Mercedes-Benz V 300 d VIP",
    });
    const id = await saveContactMessage(
      { db: db.kysely, mailer, env: { OFFICE_EMAIL: "office@lykia.test" }, settings: DEFAULT_SETTINGS },
      input,
      { locale: "tr", ip: "203.0.113.9" },
    );

    const row = await db.kysely.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Ayşe Yılmaz",
      email: "ayse@example.com",
      start_date: "2026-07-01",
      end_date: "2026-07-08",
      preferred_vehicle: "Mercedes-Benz V 300 d VIP",
      locale: "tr",
      ip: "203.0.113.9",
      read_at: null,
    });
    expect(row.search_text).toContain("ayse yilmaz");

    const notice = await db.kysely.selectFrom("notifications").selectAll().where("related_id", "=", id).executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ kind: "contact", title: "Yeni iletişim mesajı" });

    const mail = await db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_address: "office@lykia.test", kind: "contact-message" });
    expect(mail.text_body).toContain("Side transferi");
    expect(mail.text_body).toContain("+90 532 000 00 00");
  });

  it("stores optional fields as null when left empty and mails the settings' address without OFFICE_EMAIL", async () => {
    const input = contactSchema.parse({
      name: "John Smith",
      email: "john@example.com",
      phone: "+44 20 7946 0000",
      message: "Do you have child seats for a 3-year-old?",
      startDate: "",
      endDate: "",
      preferredVehicle: "",
    });
    const id = await saveContactMessage({ db: db.kysely, mailer, env: {}, settings: DEFAULT_SETTINGS }, input, { locale: "en", ip: null });
    const row = await db.kysely.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ start_date: null, end_date: null, preferred_vehicle: null, ip: null });
    const mail = await db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", id).executeTakeFirstOrThrow();
    expect(mail.to_address).toBe(DEFAULT_SETTINGS.general.contactEmail);
  });

  it("writes the office's mail in Turkish by default and in the back office's language when set", async () => {
    const input = contactSchema.parse({ name: "Jane Doe", email: "jane@example.com", phone: "+49 30 1234567", message: "A transfer to Kemer, please." });
    const send = async (language: "tr" | "en") => {
      const settings = { ...DEFAULT_SETTINGS, appearance: { ...DEFAULT_SETTINGS.appearance, language } };
      const id = await saveContactMessage({ db: db.kysely, mailer, env: {}, settings }, input, { locale: "de", ip: null });
      return db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", id).executeTakeFirstOrThrow();
    };
    const turkish = await send("tr");
    expect(turkish).toMatchObject({ subject: "İletişim formu: Jane Doe", locale: "tr" });
    expect(turkish.text_body).toContain("Jane Doe web sitesindeki iletişim formundan yazdı:");
    expect(turkish.text_body).toContain("Dil: DE");
    const english = await send("en");
    expect(english).toMatchObject({ subject: "Contact form: Jane Doe", locale: "en" });
    expect(english.text_body).toContain("Jane Doe wrote through the website's contact form:");
    expect(english.text_body).toContain("Language: DE");
    expect(english.text_body).not.toContain("Telefon");
  });
});

describe("contact form rules", () => {
  const valid = { name: "Jane Doe", email: "jane@example.com", phone: "+49 30 1234567", message: "A transfer to Kemer, please." };

  it("requires name, e-mail, phone and message, with translatable messages", () => {
    const result = contactSchema.safeParse({});
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(fields).toMatchObject({
      name: "contact:errors.name",
      email: "contact:errors.email",
      phone: "contact:errors.phone",
      message: "contact:errors.message",
    });
  });

  it("rejects a bad e-mail and a phone without digits", () => {
    const result = contactSchema.safeParse({ ...valid, email: "jane@", phone: "call me" });
    expect(result.error!.issues.map((i) => i.path[0]).sort()).toEqual(["email", "phone"]);
  });

  it("accepts no dates, one date, or an end on or after the start", () => {
    expect(contactSchema.safeParse(valid).success).toBe(true);
    expect(contactSchema.safeParse({ ...valid, startDate: "2026-05-01" }).success).toBe(true);
    expect(contactSchema.safeParse({ ...valid, startDate: "2026-05-01", endDate: "2026-05-01" }).success).toBe(true);
  });

  it("rejects an end before the start, on the end date", () => {
    const result = contactSchema.safeParse({ ...valid, startDate: "2026-05-10", endDate: "2026-05-01" });
    expect(result.error!.issues).toEqual([expect.objectContaining({ path: ["endDate"], message: "contact:errors.endBeforeStart" })]);
  });

  it("rejects a date that is not a calendar date", () => {
    const result = contactSchema.safeParse({ ...valid, startDate: "10/05/2026" });
    expect(result.error!.issues[0]).toMatchObject({ path: ["startDate"], message: "contact:errors.date" });
  });
});
