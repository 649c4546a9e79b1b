/**
 * Part of `npm run bench` (after `npm run build`; builds nothing itself): Lighthouse 12.8 (mobile,
 * default simulated throttling) on the four public pages named by issue 17, against the production
 * build (`node server.js --no-build`, NODE_ENV=production, throwaway SQLite database with the seeded
 * fleet), all outside hosts blocked. Three runs per page on the quiet machine, then three more with
 * one core kept busy by another process (`node -e "for(;;){}"`). Prints performance score, FCP, LCP,
 * TBT and CLS per run and the median per page. Targets (issue 17): ≥ 98 quiet, ≥ 95 with the busy
 * core, CLS 0. Figures only; nothing is asserted.
 *
 * LH_RUNS=1 for one run per page; LH_PAGES=/,/fleet to choose pages; LH_BUSY=0 for the quiet runs only; LH_SAVE=dir keeps each report's
 * JSON (diagnostics: mainthread-work-breakdown, bootup-time, long-tasks); BUILD_DIR as for server.js.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { freePort } from "../tests/setup/server";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/setup/chromium";
import { RESULTS_PATH } from "./pages";

const PAGES = [
  "/?lng=en",
  "/fleet?lng=en",
  `${RESULTS_PATH}&lng=en`,
  "/contact?lng=en",
];
const RUNS = Number(process.env.LH_RUNS ?? 3);
const CHROME_FLAGS = ["--headless", ...CHROMIUM_FLAGS];

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  error?: string;
}

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const lhr = result?.lhr;
  if (lhr && process.env.LH_SAVE) writeFileSync(join(process.env.LH_SAVE, `${new URL(url).pathname.replace(/\W/g, "_")}-${Date.now()}.json`), JSON.stringify(lhr));
  if (!lhr) return { score: NaN, fcp: NaN, lcp: NaN, tbt: NaN, cls: NaN, error: "no result" };
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    error: lhr.runtimeError?.code,
  };
}

const median = (xs: number[]) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function row(label: string, r: Run): string {
  return [
    label.padEnd(24),
    String(r.score).padStart(5),
    `${(r.fcp / 1000).toFixed(2)} s`.padStart(8),
    `${(r.lcp / 1000).toFixed(2)} s`.padStart(8),
    `${Math.round(r.tbt)} ms`.padStart(8),
    r.cls.toFixed(3).padStart(7),
    r.error ? `  ${r.error}` : "",
  ].join(" ");
}

async function measure(base: string, chromePort: number, condition: string) {
  console.log(`\n${condition} (load average ${loadavg().map((l) => l.toFixed(2)).join(", ")})\n`);
  console.log(["page / run".padEnd(24), "score".padStart(5), "FCP".padStart(8), "LCP".padStart(8), "TBT".padStart(8), "CLS".padStart(7)].join(" "));
  for (const path of (process.env.LH_PAGES?.split(",") ?? PAGES)) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      let run = await audit(base + path, chromePort);
      // A trace-recording error (NO_NAVSTART etc.) gives no score; one more try.
      if (run.error || !Number.isFinite(run.score)) run = await audit(base + path, chromePort);
      runs.push(run);
      console.log(row(`${path.split("?")[0]} #${i + 1}`, run));
    }
    const m = (k: keyof Omit<Run, "error">) => median(runs.map((r) => r[k]));
    console.log(row(`${path.split("?")[0]} median`, { score: m("score"), fcp: m("fcp"), lcp: m("lcp"), tbt: m("tbt"), cls: m("cls") }));
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "vt-lh-"));
  const port = await freePort();
  const server = spawn(process.execPath, ["server.js", "--no-build"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${join(dir, "db.sqlite")}`, UPLOAD_DIR: join(dir, "uploads"), LOG_LEVEL: "warn", NODE_ENV: "production", SESSION_SECRET: "b".repeat(40) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let busy: ChildProcess | undefined;
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
      if (i > 600) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 500));
    }
    // Warm the server (first renders, catalogues, compression) before measuring.
    for (const path of PAGES) await fetch(base + path).then((r) => r.arrayBuffer());
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
    console.log(`\nLighthouse ${"12.8"} mobile, ${RUNS} run(s) per page; targets ≥ 98 quiet, ≥ 95 with one core busy, CLS 0`);
    await measure(base, chrome.port, "Quiet");
    // LH_BUSY=0: the quiet runs only
    if (process.env.LH_BUSY !== "0") {
      busy = spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" });
      await new Promise((r) => setTimeout(r, 1000));
      await measure(base, chrome.port, "One core busy (node -e 'for(;;){}')");
    }
  } finally {
    busy?.kill("SIGKILL");
    await chrome?.kill();
    server.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
