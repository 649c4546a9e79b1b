// Reads the JSON reports of Vitest and Playwright and prints how many tests ran, how many of them
// against PostgreSQL, and one closing line "N passed, N failed".
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;

for (const [name, file] of [["unit", "test-results/vitest-unit.json"], ["integration", "test-results/vitest-integration.json"]]) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  let postgres = 0;
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === "passed") passed++;
      else if (test.status === "failed") failed++;
      else skipped++;
      if (test.status === "passed" && test.fullName.includes(" on postgres")) postgres++;
    }
  }
  console.log(`Vitest ${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  if (name === "integration") console.log(`Integration tests that ran against PostgreSQL: ${postgres}`);
}

if (existsSync("test-results/playwright.json")) {
  const stats = JSON.parse(readFileSync("test-results/playwright.json", "utf8")).stats ?? {};
  passed += stats.expected ?? 0;
  failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  skipped += stats.skipped ?? 0;
  console.log(`Playwright e2e: ${stats.expected ?? 0} passed, ${stats.unexpected ?? 0} failed`);
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
