import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FONTS_DIR, TURKISH_EXTRA, TURKISH_SUBSETS, turkishSubset } from "../../scripts/subset-fonts";

const css = readFileSync(new URL("./fonts.css", import.meta.url), "utf8");

type Face = { family: string; src: string; ranges: Array<[number, number]> };

function faces(): Face[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].flatMap(([, body]) => {
    const family = /font-family:\s*"([^"]+)"/.exec(body!)?.[1];
    const src = /url\("([^"]+)"\)/.exec(body!)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body!)?.[1];
    if (!family || !src || !range) return [];
    const ranges = range.split(",").map((part): [number, number] => {
      const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
      return [parseInt(from!, 16), parseInt(to!, 16)];
    });
    return [{ family, src, ranges }];
  });
}

const covers = (face: Face, char: string) =>
  face.ranges.some(([from, to]) => char.codePointAt(0)! >= from && char.codePointAt(0)! <= to);

describe("brand fonts", () => {
  it("point at files that exist", () => {
    expect(faces().length).toBeGreaterThanOrEqual(8);
    for (const face of faces()) expect(existsSync(new URL(face.src.replace(/\?.*$/, ""), import.meta.url)), face.src).toBe(true);
  });

  it.each(["Inter Variable", "Playfair Display Variable"])(
    "%s covers each language with exactly one face per character",
    (family) => {
      const ofFamily = faces().filter((face) => face.family === family);
      const samples = {
        en: "Chauffeur £ € — “quoted”",
        de: "Größe Übergabe Straße",
        tr: "Ğğ İı Şş Çç Öö Üü ₺",
        ru: "Трансфер из аэропорта Ёё №",
      };
      for (const [lang, text] of Object.entries(samples)) {
        for (const char of text.replace(/\s/g, "")) {
          const matching = ofFamily.filter((face) => covers(face, char));
          expect(matching.length, `${lang} ${char} (U+${char.codePointAt(0)!.toString(16)})`).toBe(1);
        }
      }
      // The Turkish letters come from the small file, never from the 85 KB latin-ext one.
      for (const char of TURKISH_EXTRA) {
        expect(ofFamily.find((face) => covers(face, char))?.src, char).toMatch(/turkish/);
      }
    },
  );

  it("ships Turkish subsets that match the installed fonts (run scripts/subset-fonts.ts after upgrading them)", async () => {
    for (const { from, to } of TURKISH_SUBSETS) {
      const committed = readFileSync(FONTS_DIR + to);
      expect(committed.length).toBeLessThan(8_000);
      expect((await turkishSubset(from)).equals(committed), to).toBe(true);
    }
  });
});
