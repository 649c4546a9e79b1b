/**
 * Runs a bench script through Vite's module runner, as the server build and the e2e helpers load
 * the app (tests/e2e/admin-helpers.ts): the app's modules use `~/` imports and
 * `import.meta.glob` (the i18n catalogues), which plain tsx does not know.
 * Usage: tsx bench/vite-run.ts bench/run.ts
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const script = process.argv[2];
if (!script) {
  console.error("usage: tsx bench/vite-run.ts <script>");
  process.exit(2);
}
await runnerImport(resolve(script), { root, logLevel: "error", resolve: { alias: { "~": resolve(root, "app") } } });
