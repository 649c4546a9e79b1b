/**
 * Draws the four home-page hero images (Antalya Airport at dusk, the Riviera coast at sunset,
 * a night road, the coast with a VIP van) as SVG scenes with the seed's car art and renders them
 * with sharp to AVIF and WebP at several widths, plus the Open Graph picture. Nothing is fetched.
 * Run: npx tsx scripts/hero-art.ts  (writes public/images/hero/)
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { carSvg, type CarArtShape } from "../db/seed/car-art";

const OUT = join(process.cwd(), "public/images/hero");
export const HERO_WIDTHS = [640, 960, 1280, 1920] as const;

const SLIDES: Array<{ scene: number; shape: CarArtShape; color: string }> = [
  { scene: 3, shape: "sedan", color: "#111827" },
  { scene: 1, shape: "van", color: "#1f2937" },
  { scene: 2, shape: "suv", color: "#334155" },
  { scene: 1, shape: "sedan", color: "#e5e7eb" },
];

mkdirSync(OUT, { recursive: true });
for (const [i, slide] of SLIDES.entries()) {
  const svg = Buffer.from(carSvg({ ...slide, width: 1920, height: 1080 }));
  const base = sharp(svg, { density: 72 });
  for (const width of HERO_WIDTHS) {
    const resized = base.clone().resize({ width });
    await resized.clone().avif({ quality: 45, effort: 4 }).toFile(join(OUT, `hero-${i + 1}-${width}.avif`));
    await resized.clone().webp({ quality: 68 }).toFile(join(OUT, `hero-${i + 1}-${width}.webp`));
  }
  if (i === 0) {
    await base.clone().resize({ width: 1200, height: 630, fit: "cover" }).jpeg({ quality: 78, mozjpeg: true }).toFile(join(OUT, "og.jpg"));
  }
  console.log(`hero ${i + 1} done`);
}
