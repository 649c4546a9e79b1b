/**
 * Issue 16: the guest's private page offers the trip as a calendar file, a plain link that works
 * on a phone with JavaScript off, in the guest's language; the file has the trip in Istanbul time.
 */
import { withServerDb } from "./admin-helpers";
import { e2eDb, expect, test } from "./fixtures";

// The site scrolls smoothly: reduced motion keeps a below-the-fold control still for the click (a long list of accounts, cars or legs).
test.use({ contextOptions: { reducedMotion: "reduce" } });

async function bookingWithLink() {
  const booking = await withServerDb(async (db, code) => {
    const car = await db.selectFrom("cars").select("id").where("status", "=", "active").orderBy("sort_order").executeTakeFirstOrThrow();
    return code.createTestBooking({ db, translator: (lng) => code.fixedT(lng, "booking") }, { carId: car.id, fullName: "Анна Смирнова" }, { locale: "ru" });
  });
  const db = e2eDb();
  try {
    const mail = db.prepare("select text_body from mail_outbox where kind = 'booking-confirmation' and related_id = ?").get(booking.id) as { text_body: string };
    return { reference: booking.reference, path: new URL(/https?:\/\/\S+\/my-booking\/\S+/.exec(mail.text_body)![0]).pathname };
  } finally {
    db.close();
  }
}

test.describe("the calendar file on the private page", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("without JavaScript, in Russian: 'Добавить в календарь' downloads VT-XXXX.ics", async ({ page }) => {
    const { reference, path } = await bookingWithLink();
    await page.goto(`${path}?lng=ru`);
    const link = page.getByRole("link", { name: "Добавить в календарь" });
    await expect(link).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`${reference}.ics`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const ics = Buffer.concat(chunks).toString("utf8");
    expect(ics).toContain("BEGIN:VCALENDAR\r\n");
    expect(ics).toMatch(/DTSTART;TZID=Europe\/Istanbul:\d{8}T\d{6}\r\n/);
    expect(ics.replace(/\r\n /g, "")).toContain(`SUMMARY:Трансфер ${reference}: Аэропорт Анталья (AYT) → Белек\\, Анталья`);
  });
});
