/**
 * End-to-end tests against the built server (node server.js builds when stale), on a free port,
 * with a throwaway SQLite database and upload folder, in Debian's Chromium.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/setup/chromium";

// Decided once in the main process; workers inherit the environment.
process.env.E2E_DIR ??= mkdtempSync(join(tmpdir(), "vt-e2e-"));
// Below Linux's ephemeral range (32768–60999): an outgoing connection elsewhere on the machine
// can hold any port in that range, and the server then fails with "already in use".
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 12000));
process.env.E2E_DB ??= join(process.env.E2E_DIR, "e2e.db");
// The run's Stripe (tests/e2e/stripe-fake-server.ts): online payments are on, against a local fake.
process.env.E2E_STRIPE_PORT ??= String(Number(process.env.E2E_PORT) + 1);

const port = Number(process.env.E2E_PORT);
export const E2E_STRIPE = { secretKey: "sk_test_e2estripefake0001", webhookSecret: "whsec_e2estripefake0001" };
export const E2E_ADMIN = { email: "office@example.com", password: "e2e-Secret-123" };
/** Signs the shared server's session cookies (tests/e2e/admin-helpers.ts signs with it too). */
export const E2E_SESSION_SECRET = "e2e-session-secret-that-is-long-enough-123";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // A shared machine: with its load at 10–11 on two cores (28 November 2026) every spec ran two to
  // three times slower and two 20-second specs crossed 30 s. A hung spec still fails, a minute on.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // CI keeps only the run's output (a failure prints its page: tests/e2e/fixtures.ts), so it
    // records no trace: recording one for every test cost a fifth of the browsers' time.
    trace: process.env.CI ? "off" : "retain-on-failure",
    ...devices["Desktop Chrome"],
    // The GPU's (software) work in the browser's process, not a process of its own: less copying
    // between processes on the two-core machine.
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, "--in-process-gpu"] },
  },
  // The shared server's log must hold none of the secret links the run issued (tests/e2e/log-secrets.ts).
  globalSetup: "./tests/e2e/global-setup.ts",
  globalTeardown: "./tests/e2e/log-secrets.ts",
  webServer: [
    {
      // The run's Stripe: a local fake answering like Stripe's API and hosted page (issue 30).
      command: "npx tsx tests/e2e/stripe-fake-server.ts",
      port: Number(process.env.E2E_STRIPE_PORT),
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        E2E_STRIPE_PORT: process.env.E2E_STRIPE_PORT,
        E2E_PORT: String(port),
        STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
      },
    },
    {
      // Its log (stdout, every request at LOG_LEVEL=info) kept for the teardown's check.
      command: `node server.js > "${join(process.env.E2E_DIR, "server.log")}"`,
      url: `http://127.0.0.1:${port}/readyz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: `file:${process.env.E2E_DB}`,
        UPLOAD_DIR: join(process.env.E2E_DIR, "uploads"),
        SESSION_SECRET: E2E_SESSION_SECRET,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: "info",
        // Every spec books from 127.0.0.1: more than a hotel lobby in ten minutes.
        BOOKING_RATE_LIMIT: "1000",
        // the specs make their own bookings on the demo fleet: no demo bookings in their way
        DEMO_BOOKINGS: "false",
        // Pinned so that a developer's .env cannot change what the tests see.
        SMTP_URL: "",
        GOOGLE_MAPS_API_KEY: "",
        GOOGLE_MAPS_BROWSER_KEY: "",
        ROUTING_PROVIDER: "builtin",
        OSRM_URL: "",
        STORAGE: "local",
        TRUST_PROXY: "false",
        NODE_ENV: "production",
        // online payments on, through the run's Stripe fake; iyzico off
        STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
        STRIPE_API_URL: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`,
        IYZICO_API_KEY: "",
        IYZICO_SECRET_KEY: "",
        PAYMENT_PROVIDER: "",
      },
    },
  ],
});
