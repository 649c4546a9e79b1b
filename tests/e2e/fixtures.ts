/**
 * Shared e2e helpers: direct access to the server's throwaway SQLite database (to check stored
 * rows), an axe-core check, and `test`, whose workers load the app's server code once up front
 * (tests/e2e/admin-helpers.ts: accounts and sessions), outside any test's time budget, and whose
 * pages wait for React after every `goto` and `reload` (see `waitsForHydration`). Every spec
 * imports `test` from here, never from @playwright/test.
 */
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { expect, test as base, type Page, type Response } from "@playwright/test";
import { serverCode } from "./admin-helpers";

/** The shared server's database, or another server's (`file`: an own server's dbFile). */
export function e2eDb(file = process.env.E2E_DB!) {
  const db = new Database(file, { readonly: false, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

type GotoOptions = Parameters<Page["goto"]>[1];

/** After a document navigation: waits for React's `<html data-hydrated>` when the page runs React Router's scripts. */
async function untilHydrated(page: Page, response: Response | null, waitUntil: NonNullable<GotoOptions>["waitUntil"]) {
  // Asking for less than the load event means acting before React (e.g. booking.spec.ts holds the scripts back).
  if (waitUntil === "commit" || waitUntil === "domcontentloaded") return;
  // No document (a change of hash only), an error page (the root's ErrorBoundary sets no marker) or not a page at all.
  if (!response || response.status() >= 400 || !(response.headers()["content-type"] ?? "").startsWith("text/html")) return;
  // React Router's inline script ran in the document this navigation loaded: JavaScript is on (a
  // context with `javaScriptEnabled: false` runs no script, and its pages are left as they are), and
  // no script of that page has sent the browser elsewhere meanwhile (csrf.spec.ts's forged form does).
  const loaded = response.url().split("#")[0];
  const reactAt = await page.evaluate(() => ("__reactRouterContext" in window ? location.href.split("#")[0] : null)).catch(() => null);
  if (reactAt === loaded) await expect(page.locator("html[data-hydrated]"), `React took over ${loaded}`).toBeAttached();
}

const hydrating = new WeakSet<Page>();

/**
 * Makes `page.goto` and `page.reload` resolve once React has taken over the page, so that the
 * next click or keystroke reaches React rather than the server's HTML (a click before that is lost
 * or follows a link the hydrated page would have handled). Applied to every page of `test`: the
 * fixture's, other pages of its context, and pages of contexts a spec opens with `browser.newContext`
 * or `browser.newPage`. Pages without JavaScript, error pages and other documents are not waited for;
 * `waitUntil: "domcontentloaded"` (or `"commit"`) opts out for one navigation.
 */
export function waitsForHydration(page: Page) {
  if (hydrating.has(page)) return;
  hydrating.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url: string, options?: GotoOptions) => {
    const response = await goto(url, options);
    await untilHydrated(page, response, options?.waitUntil);
    return response;
  };
  page.reload = async (options?: Parameters<Page["reload"]>[0]) => {
    const response = await reload(options);
    await untilHydrated(page, response, options?.waitUntil);
    return response;
  };
}

export const test = base.extend<object, { appServerCode: void; hydratingContexts: void }>({
  context: async ({ context }, provide) => {
    context.on("page", waitsForHydration);
    await provide(context);
  },
  // A failed test shows where its page was and what it said: CI keeps only its output, not the
  // trace or the error context, and a rare failure must be readable from the log alone.
  page: async ({ page }, provide, testInfo) => {
    waitsForHydration(page);
    await provide(page);
    if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
    const seen = await page
      .evaluate(() => {
        const text = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)].map((e) => e.innerText.trim()).filter(Boolean).join(" | ");
        return { heading: text("h1"), messages: text("[role=alert], [role=status]"), main: text("main") || document.body.innerText };
      })
      .catch((error: unknown) => ({ heading: "", messages: `(the page could not be read: ${String(error)})`, main: "" }));
    // Text attachments are printed (their first few hundred characters) in the failure's summary,
    // which is the part of the log CI keeps: the page's address, heading and messages first.
    await testInfo.attach("the page when it failed", { body: `${page.url()}\n${seen.heading}\n${seen.messages}`, contentType: "text/plain" });
    await testInfo.attach("its main text", { body: seen.main.replace(/\s*\n\s*/g, " / "), contentType: "text/plain" });
  },
  appServerCode: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      await serverCode();
      await use();
    },
    { scope: "worker", auto: true, timeout: 120_000 },
  ],
  // Contexts (and pages) a spec opens itself wait for React too.
  hydratingContexts: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        context.on("page", waitsForHydration);
        return context;
      };
      await use();
      browser.newContext = newContext;
    },
    { scope: "worker", auto: true },
  ],
});
export { expect };

/** Runs axe-core on the page and fails on any serious or critical violation (WCAG 2.2 AA rules). */
export async function expectNoSeriousA11yViolations(page: Page) {
  // The pointer is wherever the last click left it, often on a button whose hover or press state is
  // mid-transition: axe would read colours no one sees at rest. Transitions off, pointer away.
  await page.addStyleTag({ content: "*,*::before,*::after{transition:none!important;animation:none!important}" });
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`),
  ).toEqual([]);
}

/** Waits until React has hydrated the page (root sets <html data-hydrated>), so typing reaches it. */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

/**
 * The home page's booking form hydrates when the visitor turns to it (app/components/site/on-demand.tsx):
 * puts the pointer on it and waits until it has (the hydrated form does its own checks: `novalidate`).
 */
export async function waitForBookingForm(page: Page) {
  await waitForHydration(page);
  const form = page.locator("#booking-search");
  await form.hover();
  await expect(form).toHaveAttribute("novalidate", "");
}

/**
 * A row of the shared server's database, waited for: a booking's mails are written by the notify
 * worker just after the request that caused them (app/notify), not inside it.
 */
export async function waitForRow<T>(sql: string, ...params: unknown[]): Promise<T> {
  let row: T | undefined;
  await expect
    .poll(
      () => {
        const db = e2eDb();
        try {
          row = db.prepare(sql).get(...params) as T | undefined;
        } finally {
          db.close();
        }
        return row !== undefined;
      },
      { message: `no row yet for: ${sql}`, timeout: 15_000 },
    )
    .toBe(true);
  return row!;
}

/**
 * The HTML rules the Nu checker found broken (issue 28), checked in the rendered page: a <dl> holds
 * its <dt>/<dd> directly or wraps every group in a <div>, never a mix; a srcset with width
 * descriptors comes with sizes.
 */
export async function expectValidListsAndImages(page: Page) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    for (const dl of document.querySelectorAll("dl")) {
      const kinds = new Set([...dl.children].filter((c) => c.tagName !== "SCRIPT" && c.tagName !== "TEMPLATE").map((c) => (c.tagName === "DIV" ? "div" : c.tagName === "DT" || c.tagName === "DD" ? "dt/dd" : c.tagName.toLowerCase())));
      if (kinds.size > 1 || [...kinds].some((k) => k !== "div" && k !== "dt/dd")) found.push(`dl with ${[...kinds].join(" + ")}: ${dl.textContent?.slice(0, 60)}`);
    }
    for (const el of document.querySelectorAll("img[srcset], source[srcset]")) {
      if (/\s\d+w(,|$)/.test(el.getAttribute("srcset") ?? "") && !el.hasAttribute("sizes")) found.push(`${el.tagName.toLowerCase()} srcset without sizes`);
    }
    return found;
  });
  expect(problems).toEqual([]);
}

