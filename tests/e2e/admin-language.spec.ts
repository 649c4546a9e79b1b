/**
 * The back office follows its language setting (Ayarlar → Görünüm → Dil), on every screen and on
 * the sign-in pages. The language is global, so this spec runs its own server with its own
 * database: the other specs, which run in parallel against the shared server, keep seeing Turkish.
 */
import type { Browser, Page } from "@playwright/test";
import { E2E_ADMIN, serverDatabaseUrl } from "./admin-helpers";
import { setCarStatus } from "./app-data";
import { tripDate } from "../setup/trip-date";
import { e2eDb, expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";
import { officeConfirms } from "./global-setup";

/** Texts of the screens below that must not be left in Turkish once the language is English. */
const TURKISH = /Rezervasyon|Müşteri|Durum|Tutar|Filtrele|Araçlar|yolcu|bagaj|Düzenle|Kaydet|Mesajlar|Henüz|Beklemede|Tek Yön|Belirtilmemiş/;

test.describe("the admin language setting", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  let server: OwnServer;
  let base: string;
  let page: Page;
  let booking: { id: string; reference: string };

  async function newSignedInPage(browser: Browser): Promise<Page> {
    const next = await browser.newPage({ reducedMotion: "reduce" });
    await next.goto(`${base}/admin/login`);
    await next.locator('input[name="email"]').fill(E2E_ADMIN.email);
    await next.locator('input[name="password"]').fill(E2E_ADMIN.password);
    await next.locator('button[type="submit"]').click();
    await next.waitForURL(/\/admin\/dashboard/);
    return next;
  }

  /** Chooses a language under Ayarlar → Görünüm and saves, naming the labels in the current language. */
  async function chooseLanguage(labels: { language: string; save: string }, value: string) {
    await page.goto(`${base}/admin/settings?tab=appearance`);
    await page.getByLabel(labels.language, { exact: true }).selectOption(value);
    await page.getByRole("button", { name: labels.save, exact: true }).click();
  }

  test.beforeAll(async ({ browser, request }) => {
    // a first start seeds the fleet (pictures drawn with sharp): slow on a busy machine
    test.setTimeout(180_000);
    server = await startOwnServer("admin-language");
    base = server.base;
    // the booking below waits for the office, as the screens it walks through expect
    await officeConfirms(base);

    const cars = (await (await request.get(`${base}/api/cars`)).json()).data as Array<{ id: string }>;
    const created = await request.post(`${base}/api/bookings`, {
      data: {
        pickup_location: "Antalya Airport",
        pickup_place_id: "ayt-airport",
        dropoff_location: "Belek",
        pickup_date: tripDate(6, "10:00"),
        passengers: 2,
        car_id: cars[0]!.id,
        full_name: "Emily Clarke",
        email: "emily@example.com",
        phone: "+44 7700 900123",
        flight_number: "BA 676",
      },
    });
    expect(created.status()).toBe(201);
    booking = (await created.json()).data;
    page = await newSignedInPage(browser);
  });

  test.afterAll(async () => {
    // The server and its database are thrown away, so the language cannot outlive this spec.
    await page?.close();
    server?.stop();
  });

  test("Turkish by default; Ayarlar switches the back office to English", async () => {
    await page.goto(`${base}/admin/bookings`);
    await expect(page.getByRole("heading", { name: "Rezervasyonlar", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "tr");

    await chooseLanguage({ language: "Dil", save: "Kaydet" }, "en");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("bookings: the list, a booking's details, its edit form and the CSV", async () => {
    await page.goto(`${base}/admin/bookings`);
    const main = page.locator("main");
    await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Export as CSV" })).toBeVisible();
    await expect(page.getByLabel("Search", { exact: true })).toHaveAttribute("placeholder", "Name, email, phone, booking ref. or place");
    for (const column of ["Ref.", "Customer", "Type", "Pickup / drop-off", "Car", "Status", "Amount"]) {
      await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
    }
    const row = page.getByRole("row").filter({ hasText: booking.reference });
    await expect(row).toContainText("One way");
    await expect(row).toContainText("Pending");
    await expect(main).toContainText("Showing 1–1 of 1 booking");
    await expect(main).not.toContainText(TURKISH);

    // the row menu and the details modal
    await row.getByLabel(`Actions: ${booking.reference}`).click();
    await expect(row.getByRole("link", { name: "View details" })).toBeVisible();
    // a trip ahead is not offered as completed (the state machine: from its pickup on)
    await expect(row.getByRole("button", { name: "Mark as completed" })).toHaveCount(0);
    await row.getByRole("link", { name: "View details" }).click();
    const dialog = page.getByRole("dialog", { name: `Booking ${booking.reference}` });
    await expect(dialog.getByText("Trip type")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Confirm", exact: true })).toBeVisible();
    await expect(dialog).not.toContainText(TURKISH);
    await dialog.getByRole("button", { name: "Close" }).last().click();

    await page.goto(`${base}/admin/bookings/${booking.id}`);
    await expect(page.getByRole("heading", { name: `Booking ${booking.reference}`, level: 1 })).toBeVisible();
    const history = page.locator("section").filter({ has: page.getByRole("heading", { name: "History", exact: true }) });
    await expect(history.getByRole("listitem").first()).toContainText("Pending");
    await expect(history.getByRole("listitem").first()).toContainText("Booking created");
    await expect(page.getByRole("link", { name: "Back to list" })).toBeVisible();
    await expect(main).not.toContainText(TURKISH);

    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Edit booking" })).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The booking could not be updated." })).toBeVisible();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(main).not.toContainText(TURKISH);
    await page.getByLabel("Email", { exact: true }).fill("emily.clarke@example.com");
    await page.getByLabel("Passengers", { exact: true }).fill("3");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Booking updated." })).toBeVisible();
    await expect(main).toContainText("emily.clarke@example.com");

    // fetched by the page: the session cookie is Secure, which only the browser sends to 127.0.0.1 over http
    const csv = await page.evaluate(async () => {
      const response = await fetch("/admin/bookings/export");
      return { disposition: response.headers.get("content-disposition"), text: await response.text() };
    });
    expect(csv.disposition).toMatch(/filename="bookings-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, line] = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(
      "Booking ref.;Status;Customer;Email;Phone;Outbound pickup;Outbound drop-off;Outbound date and time;Outbound pickup hotel / address;Outbound drop-off hotel / address;Return pickup;Return drop-off;Return date and time;Return pickup hotel / address;Return drop-off hotel / address;Flight no.;Passengers;Luggage;Car;Service;Hours;Extras;Distance (km);Amount (₺);Currency;Amount (currency);Notes;Created;Channel;Payment status;Paid (TRY);Balance due (TRY);Special luggage",
    );
    expect(line).toMatch(/^VT-[2-9A-HJ-NP-Z]{6};Pending;/);
  });

  test("cars: the list and the car form with its validation messages", async () => {
    await page.goto(`${base}/admin/cars`);
    const main = page.locator("main");
    await expect(page.getByRole("heading", { name: "Cars", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add car" })).toBeVisible();
    const card = page.getByTestId("admin-car-card").first();
    await expect(card).toContainText(/\d+ passengers · \d+ bags/);
    await expect(card.getByText("Active")).toBeVisible();
    await card.locator("summary", { hasText: "Delete" }).click();
    await expect(page.getByRole("dialog")).toContainText("Are you sure you want to delete this car? This cannot be undone.");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await expect(main).not.toContainText(TURKISH);

    await page.goto(`${base}/admin/cars/add`);
    await expect(page.getByRole("heading", { name: "New car", level: 1 })).toBeVisible();
    for (const label of ["Name *", "Make *", "Model *", "Passenger capacity (1–20)", "Price per km (₺)", "Status"]) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Photos (0/10)" })).toBeVisible();
    await page.getByRole("button", { name: "Save car" }).click();
    await expect(page.getByText("Name is required.")).toBeVisible();
    await expect(page.getByText("Make is required.")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "The car could not be saved." })).toBeVisible();
    await expect(main).not.toContainText(TURKISH);
  });

  test("inbox: messages and newsletter subscribers", async () => {
    await page.goto(`${base}/admin/messages`);
    const main = page.locator("main");
    await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
    await expect(page.getByText("No messages yet")).toBeVisible();
    await expect(page.getByLabel("Search", { exact: true })).toHaveAttribute("placeholder", "Name, email, phone or message");
    await expect(page.getByRole("navigation", { name: "Inbox" }).getByRole("link", { name: "Newsletter subscribers" })).toBeVisible();
    await expect(main).not.toContainText(TURKISH);

    await page.goto(`${base}/admin/subscribers`);
    await expect(page.getByRole("heading", { name: "Newsletter subscribers", level: 1 })).toBeVisible();
    await expect(page.getByText("No newsletter subscribers yet")).toBeVisible();
  });

  test("the sign-in pages follow the setting too", async ({ browser }) => {
    const guest = await browser.newPage();
    try {
      await guest.goto(`${base}/admin/login`);
      await expect(guest.getByRole("heading", { name: "Back office sign-in" })).toBeVisible();
      const email = guest.getByLabel("Email");
      await email.fill("not-an-email");
      await email.blur();
      await expect(guest.getByText("Enter a valid email address")).toBeVisible();
      await email.fill("nobody@example.com");
      await guest.getByLabel("Password", { exact: true }).fill("wrong-password");
      await guest.getByRole("button", { name: "Sign in" }).click();
      await expect(guest.getByRole("alert")).toHaveText("Sign-in failed");
      await guest.getByRole("link", { name: "Forgot password?" }).click();
      await expect(guest.getByRole("heading", { name: "Forgot your password" })).toBeVisible();
      await expect(guest.locator("main")).not.toContainText(/Şifre|Giriş|E-posta/);
    } finally {
      await guest.close();
    }
  });

  test("dashboard and notifications: numbers, rates and notices", async () => {
    // A car sent to maintenance raises a notice the next time the back office loads.
    const db = e2eDb(server.dbFile);
    let row: { id: string; name: string };
    try {
      row = db.prepare("select id, name from cars where status = 'active' order by name limit 1").get() as { id: string; name: string };
    } finally {
      db.close();
    }
    await setCarStatus(row.id, "maintenance", serverDatabaseUrl(server.dbFile));
    const car = row.name;

    await page.goto(`${base}/admin/dashboard`);
    const main = page.locator("main");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    for (const label of ["Total bookings", "Active cars", "Cancellation rate"]) await expect(main.getByText(label, { exact: true }).first()).toBeVisible();
    for (const name of ["Booking completion rate", "Car occupancy rate", "Cancellation rate"]) {
      await expect(page.getByRole("meter", { name })).toHaveAttribute("aria-valuetext", /^\d+(\.\d)?%$/);
    }
    await expect(main).not.toContainText(TURKISH);

    await page.goto(`${base}/admin/notifications`);
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    const notice = main.getByRole("listitem").filter({ hasText: `${car} is in maintenance.` });
    await expect(notice).toContainText("Vehicle maintenance reminder");
    await expect(notice).toContainText("Maintenance");
    await expect(main.getByRole("listitem").filter({ hasText: booking.reference })).toContainText("New booking received");
    await expect(main).not.toContainText(/bakım|Yeni rezervasyon|Belirtilmemiş/);
  });

  test("settings: validation in the browser and from the server", async () => {
    await page.goto(`${base}/admin/settings`);
    const siteName = page.getByLabel("Site name", { exact: true });
    const original = await siteName.inputValue();
    await siteName.fill("");
    await siteName.blur();
    await expect(page.getByText("Site name is required.")).toBeVisible();
    await siteName.fill(original);

    await page.getByRole("tab", { name: "Security" }).click();
    const timeout = page.getByLabel("Session timeout (minutes)");
    await timeout.fill("500");
    await timeout.blur();
    await expect(page.getByText("The session timeout must be between 5 and 120 minutes.")).toBeVisible();
    await timeout.fill("30");

    // The current password is checked on the server only.
    await page.getByRole("tab", { name: "Profile" }).click();
    await page.getByLabel("Current password", { exact: true }).fill("not-the-password-1");
    await page.getByLabel("New password", { exact: true }).fill("brand-new-pass-1");
    await page.getByLabel("New password (again)", { exact: true }).fill("brand-new-pass-1");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please correct the marked fields." })).toBeVisible();
    await expect(page.getByText("The current password is wrong.")).toBeVisible();
    // The screen's own words, without the office's data: the booking tab holds the Turkish terms as typed.
    const chrome = await page.locator("main").evaluate((main) => {
      const copy = main.cloneNode(true) as HTMLElement;
      copy.querySelectorAll("textarea").forEach((field) => field.remove());
      return copy.textContent ?? "";
    });
    expect(chrome).not.toMatch(TURKISH);
  });

  test("back to Turkish", async () => {
    await chooseLanguage({ language: "Language", save: "Save" }, "tr");
    await expect(page.getByRole("heading", { name: "Ayarlar", level: 1 })).toBeVisible();
    await page.goto(`${base}/admin/bookings`);
    await expect(page.getByRole("heading", { name: "Rezervasyonlar", level: 1 })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: booking.reference })).toContainText("Beklemede");
  });
});
