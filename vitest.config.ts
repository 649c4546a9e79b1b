import { defineConfig } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Two files at a time on the two-core machine: a file spends much of its time waiting
          // on PostgreSQL, SQLite's disk and servers it started (README, "Where CI's time goes").
          maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? 2),
          globalSetup: ["tests/setup/build-once.ts"],
          setupFiles: ["tests/setup/notify.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
  },
});
