/**
 * Shared e2e helpers: direct access to the server's throwaway SQLite database (to check stored
 * rows), an axe-core check, and `test`, whose workers load the app's server code once up front
 * (tests/e2e/admin-helpers.ts: accounts and sessions), outside any test's time budget.
 */
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { expect, test as base, type Page } from "@playwright/test";
import { serverCode } from "./admin-helpers";

/** The shared server's database, or another server's (`file`: an own server's dbFile). */
export function e2eDb(file = process.env.E2E_DB!) {
  const db = new Database(file, { readonly: false, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

export const test = base.extend<object, { appServerCode: void }>({
  // A failed test shows where its page was and what it said: CI keeps only its output, not the
  // trace or the error context, and a rare failure must be readable from the log alone.
  page: async ({ page }, provide, testInfo) => {
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
});
export { expect };

/** Runs axe-core on the page and fails on any serious or critical violation (WCAG 2.2 AA rules). */
export async function expectNoSeriousA11yViolations(page: Page) {
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
