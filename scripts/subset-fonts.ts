/**
 * Cuts the few letters Turkish needs beyond fontsource's "latin" subset (Ğ ğ İ Ş ş and ₺; ı ç ö ü
 * are already in it) out of Inter's and Playfair Display's "latin-ext" files, so a page with Turkish
 * text (every page: the office address in the footer is Turkish) downloads ~3 KB per family instead
 * of Inter's 85 KB latin-ext. The variable weight axis is kept. Offline: harfbuzz's subsetter
 * compiled to WebAssembly (`subset-font`), reading the fonts installed in node_modules.
 *
 *   npx tsx scripts/subset-fonts.ts          writes app/styles/fonts/*.woff2 (committed)
 *   npx tsx scripts/subset-fonts.ts --check  exits 1 when the committed files are out of date
 *
 * Run it after upgrading @fontsource-variable/*; app/styles/fonts.test.ts fails until then.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

/** Turkish letters outside fontsource's latin range, and the lira sign. */
export const TURKISH_EXTRA = "ĞğİŞş₺";

export const TURKISH_SUBSETS = [
  { from: "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2", to: "inter-turkish-wght-normal.woff2" },
  {
    from: "@fontsource-variable/playfair-display/files/playfair-display-latin-ext-wght-normal.woff2",
    to: "playfair-display-turkish-wght-normal.woff2",
  },
] as const;

export const FONTS_DIR = fileURLToPath(new URL("../app/styles/fonts/", import.meta.url));

export async function turkishSubset(fontsourceFile: string): Promise<Buffer> {
  const source = readFileSync(createRequire(import.meta.url).resolve(fontsourceFile));
  return subsetFont(source, TURKISH_EXTRA, { targetFormat: "woff2" });
}

async function main() {
  const check = process.argv.includes("--check");
  let stale = 0;
  for (const { from, to } of TURKISH_SUBSETS) {
    const subset = await turkishSubset(from);
    const target = FONTS_DIR + to;
    if (check) {
      const current = (() => {
        try {
          return readFileSync(target);
        } catch {
          return null;
        }
      })();
      if (!current?.equals(subset)) {
        stale++;
        console.error(`${to} is out of date: run npx tsx scripts/subset-fonts.ts`);
      }
    } else {
      writeFileSync(target, subset);
      console.log(`${to}: ${subset.length} bytes`);
    }
  }
  if (stale) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
