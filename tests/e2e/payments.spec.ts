/**
 * Money (issue 30) as the guest meets it: a German visitor without JavaScript books in euros,
 * chooses to pay the driver on arrival and reads, before booking, how the driver takes the money, then in the
 * success box, in the confirmation e-mail and on the private page exactly what is owed on arrival,
 * in euros and in lira; once the office records a deposit, the private page shows it paid, the
 * rest owed and the deposit's receipt as a PDF.
 */
import { e2eDb, expect, test, waitForRow } from "./fixtures";
import { fillContact, referenceOnScreen } from "./booking-helpers";
import { tripDay as day } from "../setup/trip-date";
import { withServerDb } from "./admin-helpers";

interface Stored {
  id: string;
  total_price: number;
  currency: string;
  currency_total: number;
  currency_rate: number;
  payment_status: string;
}

const euro = (cents: number) => new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR", currencyDisplay: "narrowSymbol" }).format(cents / 100);
const lira = (kurus: number) => new Intl.NumberFormat("de-DE", { style: "currency", currency: "TRY", currencyDisplay: "narrowSymbol" }).format(kurus / 100);

function stored(reference: string): Stored {
  const db = e2eDb();
  try {
    return db.prepare("select id, total_price, currency, currency_total, currency_rate, payment_status from bookings where reference = ?").get(reference) as Stored;
  } finally {
    db.close();
  }
}

test.describe("without JavaScript, in German", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, contextOptions: { reducedMotion: "reduce" } });

  test("pay on arrival: the euro amount owed, in the success box, the e-mail and the private page", async ({ page }) => {
    await page.goto("/?lng=de&cur=EUR");
    const booking = page.locator("#booking");
    await booking.getByLabel("Abholort", { exact: true }).fill("Flughafen Antalya");
    await booking.getByLabel("Zielort", { exact: true }).fill("Kemer");
    await booking.getByLabel("Abholdatum").fill(day(12));
    await booking.getByLabel("Abholzeit").fill("15:30");
    await booking.getByRole("button", { name: /Fahrzeuge und Preise/ }).click();
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Auswählen/ }).click();
    await expect(page).toHaveURL(/car=.*#contact$/);

    // Before booking: the choice of paying online or the driver on arrival, which she takes, and how the driver takes it.
    const terms = page.getByTestId("arrival-terms").last();
    await expect(terms).toHaveText("Ihr Fahrer nimmt Bargeld (TRY, EUR oder USD) oder Karte.");
    const choice = page.getByTestId("pay-choice");
    await choice.getByLabel(/^Bei Ankunft beim Fahrer bezahlen/).check();
    await expect(choice).toContainText("am Fahrtag an Ihren Fahrer; jetzt wird nichts berechnet.");

    await fillContact(page, { name: "Jürgen Größe", email: "juergen@example.de", phone: "+49 151 2345 6789", flight: "XQ 141" });
    await page.getByRole("button", { name: "Buchung bestätigen" }).click();
    const reference = await referenceOnScreen(page);
    const row = stored(reference);
    expect(row).toMatchObject({ currency: "EUR", payment_status: "unpaid" });
    const owed = `${euro(row.currency_total)} (${lira(row.total_price)})`;
    await expect(page.getByTestId("due-on-arrival")).toHaveText(owed);
    await page.screenshot({ path: "test-results/payments-arrival-success-390.png", fullPage: true });

    // The confirmation e-mail says the same.
    const mail = await waitForRow<{ text_body: string }>("select text_body from mail_outbox where kind = 'booking-confirmation' and related_id = ?", row.id);
    expect(mail.text_body).toContain(`Bei Ankunft zu zahlen: ${owed}`);
    expect(mail.text_body).toContain("Ihr Fahrer nimmt Bargeld (TRY, EUR oder USD) oder Karte.");

    // The private page, then a deposit the office records: paid and the rest.
    await page.getByRole("link", { name: "Meine Buchung ansehen" }).click();
    const details = page.locator("dl").filter({ hasText: "Bei Ankunft zu zahlen" });
    await expect(details.locator("dd").filter({ hasText: owed })).toHaveCount(1);
    await withServerDb(async (db, code) => {
      const { rates } = (await code.getSettings(db)).currency;
      const result = await code.recordPayment(db, { bookingId: row.id, kind: "adjustment", method: "bank", amount: 2000, currency: "EUR", reason: "Anzahlung per Überweisung", actor: { kind: "office", id: null, label: "e2e" }, rates });
      expect(result.ok).toBe(true);
    });
    await page.reload();
    const paidKurus = Math.round((2000 * row.currency_rate) / 10_000);
    await expect(page.locator("dd").filter({ hasText: `${euro(2000)} (${lira(paidKurus)})` })).toHaveCount(1);
    await expect(page.locator("dd").filter({ hasText: `${euro(row.currency_total - 2000)} (` })).toHaveCount(1);
    // the deposit's receipt, as a PDF behind the same private link
    const receipt = page.getByTestId("receipts").getByRole("link");
    await expect(receipt).toHaveText(/^Von unserem Büro erfasst 20,00\s€ \(.*₺\) · Beleg \d{4}-\d{6} \(PDF\)$/);
    const pdf = await page.request.get((await receipt.getAttribute("href"))!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await page.screenshot({ path: "test-results/payments-arrival-private-390.png", fullPage: true });
    expect(await page.locator("html").evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
