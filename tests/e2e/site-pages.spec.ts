/**
 * The public pages with and without JavaScript: layout, titles and meta tags, languages, legal
 * pages, hash navigation, the mobile menu, sitemap and robots, and axe on every page.
 */
import { e2eDb, expect, expectNoSeriousA11yViolations, test, expectValidListsAndImages } from "./fixtures";


const PAGES = [
  { path: "/", h1: /Arrive the way you travel/ },
  { path: "/fleet", h1: "Choose the car for your journey" },
  { path: "/services", h1: "Everything on four wheels, handled for you" },
  { path: "/about", h1: "Getting guests there in style" },
  { path: "/contact", h1: "We are here to help" },
  { path: "/privacy", h1: "Privacy policy" },
  { path: "/terms", h1: "Terms of service" },
];

for (const javaScriptEnabled of [true, false]) {
  test.describe(`public pages, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    for (const { path, h1 } of PAGES) {
      test(`${path} renders with its title, description, canonical and alternates`, async ({ page, baseURL }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
        await expect(page).toHaveTitle(/Lykia VIP Transfer/);
        expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
        await expect(page.locator(`link[rel="canonical"]`)).toHaveAttribute("href", `${baseURL}${path}`);
        for (const lng of ["en", "tr", "de", "ru"]) {
          await expect(page.locator(`link[rel="alternate"][hreflang="${lng}"]`)).toHaveAttribute("href", `${baseURL}${path}?lng=${lng}`);
        }
        await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${baseURL}${path}`);
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
        await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeAttached();
        await expect(page.getByRole("contentinfo")).toBeVisible();
      });
    }

    test("the footer's privacy and terms links lead to real pages", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole("heading", { name: "Who we are" })).toBeVisible();
      await page.getByRole("contentinfo").getByRole("link", { name: "Terms of service" }).click();
      await expect(page).toHaveURL(/\/terms$/);
      await expect(page.getByRole("heading", { name: /Changes and cancellations/ })).toBeVisible();
    });

    test("the language buttons switch the page and the choice is kept", async ({ page, baseURL }) => {
      await page.goto("/fleet");
      await expect(page.getByRole("link", { name: "English" }).first()).toHaveAttribute("aria-current", "true");
      await page.getByRole("link", { name: "Türkçe" }).first().click();
      await expect(page.locator("html")).toHaveAttribute("lang", "tr");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Yolculuğunuza uygun aracı seçin");
      await expect(page.getByRole("link", { name: "Türkçe" }).first()).toHaveAttribute("aria-current", "true");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/fleet?lng=tr`);
      // a later visit without ?lng= keeps Turkish (cookie)
      await page.goto("/about");
      await expect(page.locator("html")).toHaveAttribute("lang", "tr");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Misafirlerimizi şıklıkla ağırlıyoruz");
      await page.goto("/contact?lng=ru");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Мы всегда готовы помочь");
      await page.goto("/services?lng=de");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alles auf vier Rädern – wir kümmern uns darum");
      await expect(page).toHaveTitle(/Leistungen/);
    });

    test("the about counters read their final values, taken from the data", async ({ page }) => {
      const db = e2eDb();
      const { cars, classes } = db
        .prepare("select count(*) as cars, count(distinct category) as classes from cars where status = 'active'")
        .get() as { cars: number; classes: number };
      db.close();
      await page.goto("/about");
      const stats = page.getByRole("region", { name: "Our numbers" });
      const stat = (label: string) => stats.locator("div.text-center", { has: page.getByText(label, { exact: true }) }).locator(".sr-only");
      await expect(stat("Vehicles in our fleet")).toHaveText(String(cars));
      await expect(stat("Vehicle classes")).toHaveText(String(classes));
      await expect(stats.getByText(/%/)).toHaveCount(0);
      await expect(page.getByText("years of experience", { exact: true })).toHaveCount(0);
    });

    test("contact shows the details from settings, the hours and the map without any map service", async ({ page }) => {
      const external: string[] = [];
      page.on("request", (r) => {
        if (!r.url().startsWith("http://127.0.0.1")) external.push(r.url());
      });
      await page.goto("/contact");
      await expect(page.getByRole("link", { name: "+90 242 330 00 00" }).first()).toHaveAttribute("href", "tel:+902423300000");
      await expect(page.getByText("Immediate call")).toBeVisible();
      await expect(page.getByText("09:00 – 20:00")).toBeVisible();
      await expect(page.getByText("10:00 – 18:00")).toBeVisible();
      await expect(page.getByText(/Concierge for our passengers around the clock/)).toBeVisible();
      await expect(page.getByRole("img", { name: /Map of our office/ })).toBeVisible();
      expect(external).toEqual([]);
    });

    test("the WhatsApp link uses the number from settings", async ({ page }) => {
      await page.goto("/services");
      await expect(page.getByRole("link", { name: /WhatsApp/ }).first()).toHaveAttribute("href", /^https:\/\/wa\.me\/905323300000\?text=/);
    });
  });
}

test.describe("phone width without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the mobile menu opens and its links work", async ({ page }) => {
    await page.goto("/");
    const mobileNav = page.getByRole("navigation", { name: "Mobile navigation" });
    await expect(mobileNav).toBeHidden();
    await page.getByText("Menu", { exact: true }).click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
  });
});

test.describe("phone width with JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the mobile menu works with the keyboard and closes after navigating", async ({ page }) => {
    await page.goto("/");
    // the menu's own summary: the header also holds the currency switch's (issue 14)
    await page.locator("summary").filter({ hasText: "Menu" }).focus();
    await page.keyboard.press("Enter");
    const mobileNav = page.getByRole("navigation", { name: "Mobile navigation" });
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(mobileNav).toBeHidden();
  });
});

test("'Book now' on the fleet goes to the booking section of home", async ({ page }) => {
  await page.goto("/fleet");
  await page.evaluate(() => window.scrollTo(0, 400));
  await page.getByRole("link", { name: /^Book now/ }).first().click();
  await expect(page).toHaveURL(/\/\?car=[^&#]+#booking$/);
  await expect(page.locator("#booking")).toBeInViewport();
});

test("a new page starts at the top", async ({ page }) => {
  await page.goto("/services");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("Accept-Language picks the language when nothing was chosen", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: "de-DE", baseURL });
  const page = await context.newPage();
  await page.goto("/fleet");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wählen Sie das Fahrzeug für Ihre Reise");
  await context.close();
});

test("the home hero: first picture eager, dots switch pictures", async ({ page }) => {
  await page.goto("/");
  const first = page.locator("section[aria-roledescription] img").first();
  await expect(first).toHaveAttribute("loading", "eager");
  await expect(first).toHaveAttribute("fetchpriority", "high");
  await page.getByRole("button", { name: "Show picture 3 of 4" }).click();
  await expect(page.getByRole("button", { name: "Show picture 3 of 4" })).toHaveAttribute("aria-current", "true");
  await expect(page.locator("section[aria-roledescription] img").nth(2)).toHaveAttribute("loading", "lazy");
});

test("home shows three featured cars and the business JSON-LD", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Featured vehicles" }).getByRole("article")).toHaveCount(3);
  const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(json["@type"]).toEqual(["TaxiService", "LocalBusiness"]);
  expect(json).toMatchObject({ telephone: "+90 242 330 00 00" });
  // no rating: the site stores and shows no reviews
  expect(json).not.toHaveProperty("aggregateRating");
  // the hero's inlined first picture says its width, with sizes (valid srcset)
  await expectValidListsAndImages(page);
  expect(json.openingHours).toEqual(["Mo-Fr 09:00-20:00", "Sa-Su 10:00-18:00"]);
});

test("sitemap lists every public page in every language; robots keeps crawlers out of admin", async ({ request, baseURL }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of ["/", "/fleet", "/services", "/about", "/contact", "/privacy", "/terms"]) {
    for (const lng of ["en", "tr", "de", "ru"]) expect(xml).toContain(`<loc>${baseURL}${path}?lng=${lng}</loc>`);
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain("Disallow: /api");
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test.describe("accessibility", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    test.describe(`${colorScheme} theme`, () => {
      test.use({ colorScheme });
      for (const { path } of PAGES) {
        test(`axe finds nothing serious on ${path}`, async ({ page }) => {
          await page.goto(path);
          await expectNoSeriousA11yViolations(page);
        });
      }
    });
  }
});

test.describe("the hero's rotation", () => {
  test("changes every 6 s and pauses while the pointer is on it", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const hero = page.locator("section[aria-roledescription]");
    // the header is outside the banner
    await page.mouse.move(5, 30);
    await expect(hero).toHaveAttribute("data-hero-index", "0");
    await page.clock.runFor(6_100);
    await expect(hero).toHaveAttribute("data-hero-index", "1");
    await hero.hover();
    await page.clock.runFor(13_000);
    await expect(hero).toHaveAttribute("data-hero-index", "1");
    await page.mouse.move(5, 30);
    await page.clock.runFor(6_100);
    await expect(hero).toHaveAttribute("data-hero-index", "2");
    // keyboard focus inside pauses it too
    await page.getByRole("link", { name: "Book your transfer" }).first().focus();
    await page.clock.runFor(13_000);
    await expect(hero).toHaveAttribute("data-hero-index", "2");
  });

  test.describe("with reduced motion", () => {
    test.use({ contextOptions: { reducedMotion: "reduce" } });
    test("does not rotate by itself", async ({ page }) => {
      await page.clock.install();
      await page.goto("/");
      await page.clock.runFor(20_000);
      await expect(page.locator("section[aria-roledescription]")).toHaveAttribute("data-hero-index", "0");
    });
  });
});
