/**
 * Edits are history (issue 13, part 4 and part 1's override): the office moves a booking onto a
 * car and time another booking already holds, is told which booking it collides with, keeps what
 * it typed, saves anyway with a reason, and the booking's "Geçmiş" shows the change (old → new)
 * and the reason. The customer's change mail is queued in the booking's language; a notes-only
 * edit sends none; the special luggage (issue 32) is checked against the car and recorded. With
 * JavaScript and without.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
// axe runs a script in the page: the accessibility checks run with JavaScript on (the same markup is served without).
import { e2eDb, expect, expectNoSeriousA11yViolations as axe, test, waitForHydration } from "./fixtures";
import { signIn, withServerDb } from "./admin-helpers";

// Smooth scrolling (app.css) makes targets below the fold "unstable" for Playwright.
test.use({ contextOptions: { reducedMotion: "reduce" } });

/** A day far ahead (within the two years bookable), different for each test and run; the odd times keep clear of other specs. */
const uniqueDay = (seed: number) =>
  new Date(Date.now() + (400 + seed * 50 + Math.floor(Math.random() * 50)) * 86_400_000).toISOString().slice(0, 10);

/** The office marks the booking completed on a clock a day after its pickup (changeBookingStatus's `now`). */
function completeAfterTheTrip(id: string): Promise<void> {
  return withServerDb(async (db, code) => {
    const deps = await code.testBookingDeps({ db, translator: (lng) => code.fixedT(lng, "booking") });
    const row = await db.selectFrom("bookings").select("pickup_date").where("id", "=", id).executeTakeFirstOrThrow();
    const now = new Date(Date.parse(row.pickup_date) + 86_400_000);
    const done = await code.changeBookingStatus(db, deps.mailer, { id, to: "completed", actor: { id: null, label: "e2e", kind: "office" }, now });
    if (!done.ok) throw new Error(`completion refused: ${done.reason}`);
  });
}

interface Made {
  id: string;
  reference: string;
  carId: string;
  carName: string;
}

/** A booking made by the app's own createBooking, on the first or second active car, at `date` `time` Istanbul. */
function book(options: {
  name: string;
  date: string;
  time: string;
  car: 0 | 1;
  locale: "tr" | "de" | "ru";
}): Promise<Made> {
  return withServerDb(async (db, code) => {
    const cars = await db
      .selectFrom("cars")
      .select(["id", "name"])
      .where("status", "=", "active")
      .orderBy("sort_order")
      .limit(2)
      .execute();
    const car = cars[options.car]!;
    const booking = await code.createTestBooking(
      { db, translator: (lng) => code.fixedT(lng, "booking") },
      {
        carId: car.id,
        fullName: options.name,
        email: `${randomUUID().slice(0, 8)}@example.com`,
        phone: "+90 532 111 22 33",
        // stored as every write path stores it: the instant in UTC (createBooking keeps the string it is given)
        pickupAt: new Date(`${options.date}T${options.time}:00+03:00`).toISOString(),
      },
      { locale: options.locale },
    );
    return { id: booking.id, reference: booking.reference, carId: car.id, carName: car.name };
  });
}

function stored(id: string) {
  const db = e2eDb();
  try {
    const booking = db.prepare("select car_id, pickup_date, notes from bookings where id = ?").get(id) as {
      car_id: string;
      pickup_date: string;
      notes: string | null;
    };
    const events = db
      .prepare("select from_status, to_status, changes from booking_events where booking_id = ? order by created_at")
      .all(id) as Array<{
      from_status: string | null;
      to_status: string;
      changes: string | null;
    }>;
    const mails = db
      .prepare(
        "select locale, subject, text_body as text from mail_outbox where related_id = ? and kind = 'booking-change'",
      )
      .all(id) as Array<{
      locale: string;
      subject: string;
      text: string;
    }>;
    return { booking, events, mails };
  } finally {
    db.close();
  }
}

const editForm = (page: Page) => page.locator("form").filter({ has: page.getByRole("button", { name: "Kaydet" }) });
const history = (page: Page) => page.locator("section").filter({ has: page.getByRole("heading", { name: "Geçmiş" }) });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the office's edits, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("moving a booking onto a taken car is refused, overridden with a reason, and the history shows it", async ({
      page,
    }) => {
      test.setTimeout(120_000); // four saves and four axe runs on a shared, busy machine
      const date = uniqueDay(javaScriptEnabled ? 0 : 1);
      const suffix = randomUUID().slice(0, 6);
      // The other booking holds the first car at 16:40; ours is at 07:20 (with JS: same car, moved
      // to 16:40) or at 16:40 in the second car (without JS: moved onto the first car).
      const other = await book({ name: `Ayşe Kaya ${suffix}`, date, time: "16:40", car: 0, locale: "tr" });
      const mine = javaScriptEnabled
        ? await book({ name: `Hans Müller ${suffix}`, date, time: "07:20", car: 0, locale: "de" })
        : await book({ name: `Irina Petrova ${suffix}`, date, time: "16:40", car: 1, locale: "ru" });
      await signIn(page);
      await page.goto(`/admin/bookings/${mine.id}`);
      if (javaScriptEnabled) await axe(page);
      await page.getByRole("link", { name: "Düzenle" }).click();
      await expect(page).toHaveURL(/edit=1/);
      if (javaScriptEnabled) await waitForHydration(page);
      if (javaScriptEnabled) await axe(page);
      const form = editForm(page);
      await form.getByLabel("Notlar").fill("Çocuk koltuğu");
      if (javaScriptEnabled) await form.getByLabel("Alış saati").fill("16:40");
      else await form.getByLabel("Araç").selectOption(other.carId);
      await form.getByRole("button", { name: "Kaydet" }).click();

      // Refused: the message names the other booking; what was typed is kept; the override appears.
      const refusal = page.getByRole("alert").filter({ hasText: "Araç bu saatlerde dolu" });
      await expect(refusal).toContainText(other.reference);
      await expect(refusal).toContainText(`Ayşe Kaya ${suffix}`);
      await expect(form.getByLabel("Notlar")).toHaveValue("Çocuk koltuğu");
      if (javaScriptEnabled) await expect(form.getByLabel("Alış saati")).toHaveValue("16:40");
      await expect(form.getByLabel("Araç")).toHaveValue(other.carId);
      expect(stored(mine.id).events).toHaveLength(1); // only "created": nothing saved
      if (javaScriptEnabled) await axe(page);

      // Named again beside the override box, at the foot of the long form.
      await expect(form.getByText(`Araç bu saatlerde dolu: ${other.reference}`)).toBeVisible();

      // The box without a reason is refused too: the conflict still named, everything kept.
      await form.getByLabel("Çakışmaya rağmen kaydet").check();
      await form.getByRole("button", { name: "Kaydet" }).click();
      await expect(form.getByText("Çakışmaya rağmen kaydetmek için bir gerekçe yazınız.")).toBeVisible();
      await expect(refusal).toContainText(other.reference);
      await expect(form.getByLabel("Çakışmaya rağmen kaydet")).toBeChecked();
      await expect(form.getByLabel("Notlar")).toHaveValue("Çocuk koltuğu");
      expect(stored(mine.id).events).toHaveLength(1);

      await form.getByLabel("Gerekçe").fill("Müşteri aynı aileden, tek araçla gidecekler");
      await form.getByRole("button", { name: "Kaydet" }).click();
      await expect(page.getByText("Rezervasyon güncellendi.")).toBeVisible();
      await expect(page).not.toHaveURL(/edit=1/);

      // The history: one edit, old → new, and the reason.
      const log = history(page);
      await expect(log.getByText("Rezervasyon oluşturuldu")).toBeVisible();
      await expect(log.getByText("Düzenlendi")).toBeVisible();
      if (javaScriptEnabled) await expect(log.getByText(/Alış zamanı: .*07:20 → .*16:40/)).toBeVisible();
      else await expect(log.getByText(`Araç: ${mine.carName} → ${other.carName}`)).toBeVisible();
      await expect(log.getByText("Notlar: — → Çocuk koltuğu")).toBeVisible();
      await expect(
        log.getByText("Çakışmaya rağmen kaydedildi. Gerekçe: Müşteri aynı aileden, tek araçla gidecekler"),
      ).toBeVisible();
      if (javaScriptEnabled) await axe(page);

      const after = stored(mine.id);
      expect(after.booking.car_id).toBe(other.carId);
      expect(after.booking.notes).toBe("Çocuk koltuğu");
      expect(after.events).toHaveLength(2);
      const edit = after.events[1]!;
      expect(edit.from_status).toBe("pending");
      expect(edit.to_status).toBe("pending");
      expect(JSON.parse(edit.changes!).override).toBe("Müşteri aynı aileden, tek araçla gidecekler");

      // The customer's mail: one, in the booking's language, with what changed for them (not the notes).
      await expect.poll(() => stored(mine.id).mails).toHaveLength(1);
      const mail = stored(mine.id).mails[0]!;
      if (javaScriptEnabled) {
        expect(mail.locale).toBe("de");
        expect(mail.subject).toContain(`Ihre Buchung ${mine.reference} wurde geändert`);
        expect(mail.text).toContain("Abholzeit");
      } else {
        expect(mail.locale).toBe("ru");
        expect(mail.subject).toContain(`Ваше бронирование ${mine.reference} изменено`);
        expect(mail.text).toContain(other.carName);
      }
      expect(mail.text).not.toContain("Çocuk koltuğu");

      // The outbox lists it for the office.
      await page.goto("/admin/outbox");
      await expect(page.getByText(mail.subject).first()).toBeVisible();
    });

    test("re-opening a completed booking onto a car taken since is refused, then saved with a reason", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const date = uniqueDay(javaScriptEnabled ? 4 : 5);
      const suffix = randomUUID().slice(0, 6);
      const mine = await book({ name: `Olga Smirnova ${suffix}`, date, time: "12:10", car: 0, locale: "ru" });
      await signIn(page);
      await page.goto(`/admin/bookings/${mine.id}`);
      const status = page.locator("section").filter({ has: page.getByRole("heading", { name: "Durum" }) });
      // A trip ahead is never offered "Tamamlandı yap" (rules/lifecycle.ts); the office completes it
      // with the clock of a day after the trip, as if it had taken place.
      await expect(status.getByRole("button", { name: "Onayla" })).toBeVisible();
      await expect(status.getByRole("button", { name: "Tamamlandı yap" })).toHaveCount(0);
      await completeAfterTheTrip(mine.id);
      await page.reload();
      // Its slot is free again: another guest books the car for the same time.
      const other = await book({ name: `Mehmet Demir ${suffix}`, date, time: "12:10", car: 0, locale: "tr" });
      await page.reload();

      await status.getByRole("button", { name: "Beklemeye al" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Araç bu saatlerde dolu" }).first()).toContainText(
        other.reference,
      );
      expect(stored(mine.id).events.map((e) => e.to_status)).toEqual(["pending", "completed"]);
      if (javaScriptEnabled) await axe(page);
      // Without a reason: asked for one, the conflict still named.
      await page.getByRole("button", { name: "Beklemede olarak kaydet" }).click();
      await expect(page.getByText("Çakışmaya rağmen kaydetmek için bir gerekçe yazınız.")).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: "Araç bu saatlerde dolu" }).first()).toContainText(
        other.reference,
      );
      expect(stored(mine.id).events).toHaveLength(2);
      await page.getByLabel("Gerekçe").fill("Eski rezervasyon yanlışlıkla tamamlandı");
      await page.getByRole("button", { name: "Beklemede olarak kaydet" }).click();
      await expect(page.getByText("Rezervasyon durumu başarıyla güncellendi.")).toBeVisible();
      await page.reload();
      await expect(history(page).getByText("Tamamlandı → Beklemede")).toBeVisible();
      await expect(
        history(page).getByText("Çakışmaya rağmen kaydedildi. Gerekçe: Eski rezervasyon yanlışlıkla tamamlandı"),
      ).toBeVisible();
      expect(stored(mine.id).events.map((e) => e.to_status)).toEqual(["pending", "completed", "pending"]);
    });

    test("a notes-only edit is recorded but sends the customer nothing", async ({ page }) => {
      const date = uniqueDay(javaScriptEnabled ? 2 : 3);
      const mine = await book({
        name: `Klaus Weber ${randomUUID().slice(0, 6)}`,
        date,
        time: "05:50",
        car: 0,
        locale: "de",
      });
      await signIn(page);
      await page.goto(`/admin/bookings/${mine.id}?edit=1`);
      const form = editForm(page);
      await form.getByLabel("Notlar").fill("Şoför tabela ile bekleyecek");
      await form.getByRole("button", { name: "Kaydet" }).click();
      await expect(page.getByText("Rezervasyon güncellendi.")).toBeVisible();
      await expect(history(page).getByText("Notlar: — → Şoför tabela ile bekleyecek")).toBeVisible();
      const after = stored(mine.id);
      expect(after.events).toHaveLength(2);
      expect(JSON.parse(after.events[1]!.changes!)).toEqual({
        fields: [{ field: "notes", from: null, to: "Şoför tabela ile bekleyecek" }],
        override: null,
      });
      expect(after.mails).toEqual([]);
    });

    test("special luggage the car has no room for is refused as typed; a pram is saved and the history names it", async ({ page }) => {
      const mine = await book({
        name: `Familie Kinderwagen ${randomUUID().slice(0, 6)}`,
        date: uniqueDay(javaScriptEnabled ? 4 : 5),
        time: "05:40",
        car: 0,
        locale: "de",
      });
      await signIn(page);
      await page.goto(`/admin/bookings/${mine.id}?edit=1`);
      const form = editForm(page);
      await expect(form.getByRole("group", { name: "Bagaj" })).toBeVisible();
      await form.getByLabel("Bisiklet", { exact: true }).fill("6");
      await form.getByRole("button", { name: "Kaydet" }).click();
      await expect(editForm(page).getByText("valizlik yer istiyor")).toBeVisible();
      await expect(editForm(page).getByLabel("Bisiklet", { exact: true })).toHaveValue("6");
      await editForm(page).getByLabel("Bisiklet", { exact: true }).fill("");
      await editForm(page).getByLabel("Bebek arabası", { exact: true }).fill("1");
      await editForm(page).getByRole("button", { name: "Kaydet" }).click();
      await expect(page.getByText("Rezervasyon güncellendi.")).toBeVisible();
      await expect(history(page).getByText("Özel bagaj: — → 1 bebek arabası")).toBeVisible();
      const after = stored(mine.id);
      expect(JSON.parse(after.events.at(-1)!.changes!)).toEqual({ fields: [{ field: "luggage_items", from: null, to: '{"prams":1}' }], override: null });
    });
  });
}
