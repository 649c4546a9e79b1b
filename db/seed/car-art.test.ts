import { describe, expect, it } from "vitest";
import { bodyTypeFor, CAR_ART_SHAPES, carBody, carSvg, type CarArtShape } from "./car-art";
import { SEED_FLEET } from "./fleet";

/** The bounding box of the body outline as drawn in the markup (cm): every point the path passes through or curves towards. */
function bodyBox(shape: CarArtShape) {
  const markup = carBody(shape, "#123456");
  const d = /<path d="([^"]+)" fill="#123456"\/>/.exec(markup)?.[1];
  if (!d) throw new Error(`no body path for ${shape}`);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [, command, args] of d.matchAll(/([MLQAZ])([^MLQAZ]*)/g)) {
    const n = args!.trim().split(/[\s,]+/).filter(Boolean).map(Number);
    const points = command === "A" ? n.slice(5) : n;
    for (let i = 0; i + 1 < points.length; i += 2) {
      xs.push(points[i]!);
      ys.push(points[i + 1]!);
    }
  }
  return { length: Math.max(...xs) - Math.min(...xs), height: -Math.min(...ys) };
}

describe("car illustrations", () => {
  it("draws every body type differently", () => {
    const bodies = CAR_ART_SHAPES.map((shape) => carBody(shape, "#123456"));
    expect(new Set(bodies).size).toBe(CAR_ART_SHAPES.length);
    const pictures = CAR_ART_SHAPES.map((shape) => carSvg({ shape, color: "#123456", scene: 0 }));
    expect(new Set(pictures).size).toBe(CAR_ART_SHAPES.length);
  });

  it("gives each body type its real proportions", () => {
    const box = Object.fromEntries(CAR_ART_SHAPES.map((s) => [s, bodyBox(s)])) as Record<CarArtShape, { length: number; height: number }>;
    const ratio = (s: CarArtShape) => box[s].height / box[s].length;
    // Sedans and coupés are long and low; the SUV and the van stand much taller on a similar length.
    expect(ratio("sedan")).toBeLessThan(0.31);
    expect(ratio("sports")).toBeLessThan(ratio("sedan"));
    expect(box.sports.height).toBeLessThan(box.sedan.height);
    expect(ratio("suv")).toBeGreaterThan(ratio("sedan") * 1.2);
    expect(box.suv.height).toBeGreaterThan(box.sedan.height + 30);
    expect(ratio("van")).toBeGreaterThan(0.35);
    // The minibus is the longest and by far the tallest; the limousine is a stretched sedan; the hatchback the shortest.
    for (const s of CAR_ART_SHAPES.filter((x) => x !== "minibus")) {
      expect(box.minibus.length).toBeGreaterThan(box[s].length + 150);
      expect(box.minibus.height).toBeGreaterThan(box[s].height + 80);
    }
    expect(box.limousine.length).toBeGreaterThan(box.sedan.length + 25);
    expect(Math.abs(box.limousine.height - box.sedan.height)).toBeLessThan(10);
    expect(Math.min(...CAR_ART_SHAPES.map((s) => box[s].length))).toBe(box.hatchback.length);
  });

  it("gives the minibus a row of side windows and the sedan two doors' worth", () => {
    const pillars = (shape: CarArtShape) => (carBody(shape, "#123456").match(/<path d="[^"]+" fill="#123456"\/>/g) ?? []).length - 1;
    expect(pillars("minibus")).toBeGreaterThanOrEqual(5);
    expect(pillars("sedan")).toBeLessThanOrEqual(2);
  });

  it("picks the drawing from the category and the model", () => {
    const seeded = Object.fromEntries(SEED_FLEET.map((car) => [car.model, bodyTypeFor(car)]));
    expect(seeded).toMatchObject({
      "V 300 d": "van",
      "S 500 4MATIC L": "limousine",
      "S 680": "limousine",
      "E 220 d": "sedan",
      "Passat 1.5 TSI": "sedan",
      "Golf 8 1.5 eTSI": "hatchback",
      "Range Rover P530": "suv",
      "GLS 600 4MATIC": "suv",
      "Panamera 4 E-Hybrid": "sports",
      "Caravelle 2.0 TDI": "van",
      "Sprinter 519 CDI VIP": "minibus",
    });
    // What an office might add later.
    expect(bodyTypeFor({ category: "VIP", model: "Sprinter 516" })).toBe("minibus");
    expect(bodyTypeFor({ category: "Luxury", model: "X7 xDrive40d" })).toBe("suv");
    expect(bodyTypeFor({ category: "VIP", model: "Vito Tourer" })).toBe("van");
    expect(bodyTypeFor({ category: "Sedan", model: "Corolla" })).toBe("sedan");
  });

  it("varies the backdrop across a car's pictures and keeps the files small", () => {
    const scenes = [0, 1, 2, 3].map((scene) => carSvg({ shape: "suv", color: "#14532d", scene }));
    expect(new Set(scenes).size).toBe(4);
    for (const svg of scenes) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1600" height="1000"/);
      expect(svg.length).toBeLessThan(40_000);
      expect(svg).not.toMatch(/NaN|undefined/);
    }
  });
});
