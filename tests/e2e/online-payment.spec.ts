/**
 * Paying online (issue 30) as a Russian guest meets it, with JavaScript, in euros, on a phone: she
 * chooses the deposit, reads exactly what is paid now and what is left for the driver, pays it on
 * the provider's hosted page (the run's Stripe fake, tests/e2e/stripe-fake-server.ts) and comes
 * back to her private page, which says it was received and shows the deposit paid, the rest owed
 * and its receipt; the booking is confirmed by the payment.
 */
import { e2eDb, expect, test, waitForRow } from "./fixtures";
import { fillContact } from "./booking-helpers";
import { tripDay as day } from "../setup/trip-date";

interface Stored {
  id: string;
  reference: string;
  status: string;
  total_price: number;
  currency_total: number;
  currency_rate: number;
  payment_status: string;
  amount_paid: number;
  pay_mode: string;
  pay_now: number;
}

function stored(email: string): Stored {
  const db = e2eDb();
  try {
    return db.prepare("select id, reference, status, total_price, currency_total, currency_rate, payment_status, amount_paid, pay_mode, pay_now from bookings where email = ? order by created_at desc").get(email) as Stored;
  } finally {
    db.close();
  }
}

const euro = (cents: number) => new Intl.NumberFormat("ru-RU", { style: "currency", currency: "EUR", currencyDisplay: "narrowSymbol" }).format(cents / 100);

test.describe("with JavaScript, in Russian, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, contextOptions: { reducedMotion: "reduce" } });

  test("a deposit in euros, paid on the provider's page, then seen on the private page", async ({ page }) => {
    await page.goto("/?lng=ru&cur=EUR");
    const booking = page.locator("#booking");
    await booking.getByLabel("Место посадки", { exact: true }).fill("Аэропорт Анталья");
    await booking.getByLabel("Место высадки", { exact: true }).fill("Кемер");
    await booking.getByLabel("Дата подачи").fill(day(14));
    await booking.getByLabel("Время подачи").fill("11:00");
    await booking.getByRole("button", { name: "Показать автомобили и цены" }).click();
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Выбрать/ }).click();
    await fillContact(page, { name: "Ольга Смирнова", email: "olga.deposit@example.ru", phone: "+7 912 345-67-89", flight: "SU 2136" });

    // The choice says what is paid now and what is left for the driver, in euros and lira.
    const choice = page.getByTestId("pay-choice");
    await expect(choice.getByRole("radio")).toHaveCount(3);
    await choice.getByText(/^Внести предоплату сейчас: /).click();
    await expect(page.getByTestId("pay-mode-deposit")).toBeChecked();
    await expect(choice).toContainText("Остаток");
    await expect(choice).toContainText("Stripe");
    await choice.screenshot({ path: "test-results/online-payment-choice-390.png" });
    await page.getByRole("button", { name: "Подтвердить бронирование" }).click();

    // On the provider's hosted page: the deposit in euros.
    await page.waitForURL(/\/c\/pay\/cs_/);
    const held = stored("olga.deposit@example.ru");
    expect(held).toMatchObject({ status: "pending", payment_status: "unpaid", pay_mode: "deposit" });
    await expect(page.locator("body")).toContainText("EUR");
    await page.getByRole("button", { name: "Pay" }).click();

    // Back on the private page: received, confirmed, the deposit paid, the rest owed, its receipt.
    await page.waitForURL(/\/my-booking\/[\w-]+\?lng=ru&payment=paid/);
    await expect(page.getByTestId("payment-outcome")).toHaveText("Спасибо: оплата получена. Квитанция ниже, она также отправлена по электронной почте.");
    const paid = stored("olga.deposit@example.ru");
    expect(paid).toMatchObject({ status: "confirmed", payment_status: "part_paid", amount_paid: held.pay_now });
    await expect(page.getByText("Подтверждено", { exact: true })).toBeVisible();
    // what the provider took, in euros, is what the page says was paid
    const charged = await waitForRow<{ currency_amount: number; currency: string }>("select currency_amount, currency from checkouts where booking_id = ? and status = 'paid'", paid.id);
    expect(charged.currency).toBe("EUR");
    const rows = page.locator("dl").filter({ hasText: "Оплачено" });
    await expect(rows.locator("dd").filter({ hasText: `${euro(charged.currency_amount)} (` }).first()).toBeVisible();
    await expect(rows.locator("dd").filter({ hasText: `${euro(held.currency_total - charged.currency_amount)} (` }).first()).toBeVisible();
    await expect(page.getByTestId("receipts").getByRole("link")).toHaveCount(1);
    await expect(page.getByTestId("pay-now")).toContainText("Оплатить остаток онлайн");
    await page.screenshot({ path: "test-results/online-payment-private-390.png" });
    expect(await page.locator("html").evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);

    // The receipt's mail, in Russian; the confirmation by the payment.
    const receipt = await waitForRow<{ subject: string }>("select subject from mail_outbox where kind = 'payment-receipt' and related_id = ?", paid.id);
    expect(receipt.subject).toContain(paid.reference);
    const confirmed = await waitForRow<{ text_body: string }>("select text_body from mail_outbox where kind = 'booking-status' and related_id = ?", paid.id);
    expect(confirmed.text_body).toContain("онлайн-оплата получена");
  });
});
