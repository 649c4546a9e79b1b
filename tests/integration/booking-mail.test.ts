/**
 * The guest's confirmation e-mail, read as the guest reads it in each public language: a natural
 * greeting, a lead-in for a booking that is received but not yet confirmed, and the guest's own
 * notes echoed back (escaped in the HTML body, line breaks kept; indented in the text body).
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCar } from "~/fleet/cars.server";
import { createMailer } from "~/server/mail.server";
import { getSettings } from "~/settings/settings.server";
import { buildCar, createTestBooking } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const mailer = createMailer({ from: "office@example.com", log: pino({ level: "silent" }) });
const NOTES = "Two child seats, please.\nHotel <Rixos> Premium";

const EXPECTED = {
  en: {
    hello: "Dear Anna Schmidt,",
    intro: (site: string) => `Thank you for booking with ${site}. We have received your request and it is now awaiting confirmation by our office: we will e-mail you as soon as it is confirmed. Your booking details are below.`,
    notes: "Your notes",
  },
  tr: {
    hello: "Sayın Anna Schmidt,",
    intro: (site: string) => `${site} ile rezervasyon yaptığınız için teşekkür ederiz. Talebiniz bize ulaştı ve şu anda ofisimizin onayını bekliyor; onaylandığında size hemen e-posta göndereceğiz. Rezervasyonunuzun ayrıntıları aşağıdadır.`,
    notes: "Notlarınız",
  },
  de: {
    hello: "Guten Tag Anna Schmidt,",
    intro: (site: string) => `Vielen Dank für Ihre Buchung bei ${site}. Ihre Anfrage ist bei uns eingegangen und wartet nun auf die Bestätigung durch unser Büro; sobald sie bestätigt ist, erhalten Sie eine E-Mail. Die Einzelheiten Ihrer Buchung finden Sie unten.`,
    notes: "Ihre Hinweise",
  },
  ru: {
    hello: "Здравствуйте, Anna Schmidt!",
    intro: (site: string) => `Спасибо, что выбрали ${site}. Мы получили ваш запрос, и сейчас он ожидает подтверждения нашим офисом: как только бронирование будет подтверждено, мы сообщим вам по электронной почте. Детали бронирования — ниже.`,
    notes: "Ваши примечания",
  },
} as const;

describe.each(engines)("the guest's booking e-mail on %s", (engine) => {
  let db: TestDb;
  let carId: string;
  let siteName: string;

  beforeAll(async () => {
    db = await testDb(engine);
    carId = (await createCar(db.kysely, buildCar())).id;
    siteName = (await getSettings(db.kysely)).general.siteName;
  });
  afterAll(() => db.destroy());

  const customerMail = async (bookingId: string) =>
    db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", bookingId).where("kind", "=", "booking-confirmation").executeTakeFirstOrThrow();

  it.each(Object.keys(EXPECTED) as Array<keyof typeof EXPECTED>)("greets, leads in and echoes the notes in %s", async (lng) => {
    const booking = await createTestBooking({ db: db.kysely, mailer }, { carId, fullName: "Anna Schmidt", notes: NOTES }, { locale: lng });
    const mail = await customerMail(booking.id);
    const expected = EXPECTED[lng];
    expect(mail.locale).toBe(lng);
    const paragraphs = mail.text_body.split("\n\n");
    expect(paragraphs[1]).toBe(expected.hello);
    expect(paragraphs[2]).toBe(expected.intro(siteName));
    // the notes keep their lines, each after the first indented: no line of theirs passes for one of ours
    expect(mail.text_body).toContain(`${expected.notes}: Two child seats, please.\n    Hotel <Rixos> Premium`);
    expect(mail.html_body).toContain("Two child seats, please.\nHotel &lt;Rixos&gt; Premium");
    expect(mail.html_body).not.toContain("<Rixos>");
    expect(mail.html_body).toContain(`>${expected.notes}</td>`);
  });

  it("names the places in the guest's language, while the booking keeps their canonical names", async () => {
    const booking = await createTestBooking({ db: db.kysely, mailer }, { carId, fullName: "Анна Смирнова" }, { locale: "ru" });
    expect(booking).toMatchObject({ pickup_location: "Antalya Havalimanı (AYT)", dropoff_location: "Belek, Antalya" });
    const mail = await customerMail(booking.id);
    expect(mail.text_body).toContain("Аэропорт Анталья (AYT) → Белек, Анталья");
    const office = await db.kysely.selectFrom("mail_outbox").select("text_body").where("related_id", "=", booking.id).where("kind", "=", "office-new-booking").executeTakeFirstOrThrow();
    expect(office.text_body).toContain("Antalya Havalimanı (AYT) → Belek, Antalya");
  });

  it("leaves the notes row out when the guest wrote none", async () => {
    const booking = await createTestBooking({ db: db.kysely, mailer }, { carId, fullName: "Anna Schmidt", notes: "" }, { locale: "en" });
    const mail = await customerMail(booking.id);
    expect(mail.text_body).not.toContain("Your notes");
  });
});
