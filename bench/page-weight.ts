/**
 * Part of `npm run bench`: what the public pages cost a visitor. Starts the built server on a free
 * port with a throwaway database, loads each page in Chromium and prints the JavaScript, CSS, font
 * and total bytes transferred (compressed, as sent) plus the number of requests. Budget (issue 3):
 * JavaScript shipped to / ≤ 130 KB compressed (issue 17; it was 150 KB in issue 3). Figures only; nothing is asserted.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { freePort } from "../tests/setup/server";
import { RESULTS_PATH } from "./pages";

const PAGES = ["/", "/fleet", "/services", "/about", "/contact", RESULTS_PATH];

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "vt-weight-"));
  const port = await freePort();
  const server = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${join(dir, "db.sqlite")}`, UPLOAD_DIR: join(dir, "uploads"), LOG_LEVEL: "warn", NODE_ENV: "production", SESSION_SECRET: "b".repeat(40) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
      if (i > 600) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 500));
    }
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    console.log("\nPage weight (compressed bytes as sent; JS budget for / is 130 KB)\n");
    console.log(["page".padEnd(40), "JS KB".padStart(8), "CSS KB".padStart(8), "font KB".padStart(8), "total KB".padStart(9), "requests".padStart(9)].join(" "));
    for (const path of PAGES) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const sizes: Array<Promise<{ type: string; bytes: number }>> = [];
      page.on("requestfinished", (request) => {
        sizes.push(request.sizes().then((s) => ({ type: request.resourceType(), bytes: s.responseBodySize })));
      });
      await page.goto(base + path, { waitUntil: "networkidle" });
      const all = await Promise.all(sizes);
      const sum = (type?: string) => all.filter((s) => !type || s.type === type).reduce((n, s) => n + s.bytes, 0) / 1024;
      console.log([path.slice(0, 40).padEnd(40), sum("script").toFixed(1).padStart(8), sum("stylesheet").toFixed(1).padStart(8), sum("font").toFixed(1).padStart(8), sum().toFixed(1).padStart(9), String(all.length).padStart(9)].join(" "));
      await page.close();
    }
    await browser.close();
  } finally {
    server.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
