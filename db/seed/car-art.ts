/**
 * Illustrated stand-ins for the demo fleet's pictures: a flat, clearly drawn side view of each body
 * type (sedan, long-wheelbase limousine, hatchback, SUV, MPV van, high-roof minibus, low coupé) in
 * the car's colour, on one of four stylised backdrops (studio, Antalya coast at dusk, airport,
 * promenade at night). Every body is drawn to its real proportions in centimetres, so a Sprinter is
 * longer and much taller than an E-Class and an SUV sits higher than a sedan. Rendered to an image by
 * sharp at seed time; nothing is fetched. Real photographs come from the office's own uploads.
 */
export type CarArtShape = "sedan" | "limousine" | "hatchback" | "suv" | "van" | "minibus" | "sports";

export const CAR_ART_SHAPES: readonly CarArtShape[] = ["sedan", "limousine", "hatchback", "suv", "van", "minibus", "sports"];

/** A point of an outline in centimetres (x from the rear bumper forward, y up from the ground is negative), with a corner radius. */
type Pt = [x: number, y: number, radius?: number];

export interface BodyProfile {
  /** Overall length and height in cm: the proportions a viewer recognises. */
  length: number;
  height: number;
  /** Rear and front wheel centres (x, cm) and the tyre radius (cm). */
  wheels: [rear: number, front: number];
  tyre: number;
  /** Lower edge of the body between the wheels (cm above the ground). */
  sill: number;
  /** Outline over the top from the rear bottom corner to the front bottom corner. */
  top: Pt[];
  /** Side windows (the glass area), drawn over the body. */
  glass: Pt[];
  /** Body-coloured pillars splitting the glass: [x, width] at the glass's mid height, slanted by `lean`. */
  pillars: Array<[x: number, width: number, lean?: number]>;
  /** Door shut lines (x) and the shoulder line height (cm). */
  doors: number[];
  shoulder: number;
  /** Lamps: [x, y, w, h] in cm. */
  headlamp: [number, number, number, number];
  taillamp: [number, number, number, number];
  /** Where the door mirror sits (x, y). */
  mirror: [number, number];
  /** Off-road cues: roof rails (from x to x) and dark cladding over the arches and sills. */
  rails?: [number, number];
  cladding?: boolean;
}

export const PROFILES: Record<CarArtShape, BodyProfile> = {
  // Mercedes E-Class class: 4.95 m × 1.46 m, three-box, boot lid.
  sedan: {
    length: 495,
    height: 146,
    wheels: [110, 402],
    tyre: 34,
    sill: 22,
    top: [[6, -24, 6], [0, -66, 10], [8, -97, 10], [92, -103, 14], [178, -141, 34], [296, -146, 30], [370, -104, 18], [474, -92, 22], [495, -62, 12], [492, -24, 6]],
    glass: [[118, -103, 6], [185, -136, 22], [292, -139, 18], [350, -105, 6]],
    pillars: [[253, 8, -2], [166, 5, 6]],
    doors: [160, 253, 355],
    shoulder: -97,
    headlamp: [470, -86, 22, 9],
    taillamp: [0, -90, 16, 11],
    mirror: [350, -106],
  },
  // S-Class L / Maybach: 5.30 m × 1.50 m, long rear doors, upright rear pillar.
  limousine: {
    length: 530,
    height: 150,
    wheels: [112, 437],
    tyre: 36,
    sill: 22,
    top: [[6, -24, 6], [0, -68, 10], [8, -100, 10], [94, -106, 14], [188, -145, 34], [330, -150, 32], [402, -108, 18], [508, -95, 22], [530, -64, 12], [527, -24, 6]],
    glass: [[122, -106, 6], [196, -140, 22], [326, -143, 18], [384, -108, 6]],
    pillars: [[282, 9, -2], [176, 6, 6]],
    doors: [168, 282, 390],
    shoulder: -100,
    headlamp: [505, -89, 22, 9],
    taillamp: [0, -93, 16, 11],
    mirror: [384, -110],
  },
  // Golf class: 4.28 m × 1.48 m, short overhangs, near-vertical tailgate.
  hatchback: {
    length: 428,
    height: 148,
    wheels: [80, 343],
    tyre: 32,
    sill: 20,
    top: [[4, -24, 6], [0, -70, 10], [8, -112, 12], [44, -145, 26], [232, -148, 30], [318, -102, 18], [412, -90, 20], [428, -62, 12], [425, -24, 6]],
    glass: [[46, -108, 8], [66, -136, 14], [226, -141, 18], [294, -104, 6]],
    pillars: [[210, 8, -2], [96, 34, 6]],
    doors: [120, 210, 300],
    shoulder: -100,
    headlamp: [408, -86, 20, 9],
    taillamp: [0, -108, 12, 16],
    mirror: [292, -106],
  },
  // Range Rover class: 5.05 m × 1.87 m, tall glasshouse, flat roof, high ground clearance.
  suv: {
    length: 505,
    height: 187,
    wheels: [108, 408],
    tyre: 41,
    sill: 34,
    top: [[4, -36, 6], [0, -92, 10], [6, -132, 12], [28, -180, 22], [340, -187, 28], [392, -130, 18], [484, -118, 18], [505, -88, 12], [502, -36, 6]],
    glass: [[28, -132, 8], [44, -175, 14], [332, -179, 16], [372, -134, 6]],
    pillars: [[246, 9, -2], [118, 10, 0]],
    doors: [142, 246, 370],
    shoulder: -126,
    headlamp: [482, -112, 22, 10],
    taillamp: [0, -126, 12, 18],
    mirror: [372, -136],
    rails: [60, 320],
    cladding: true,
  },
  // Mercedes V-Class class: 5.14 m × 1.90 m, one-box, short sloping nose, sliding door.
  van: {
    length: 514,
    height: 190,
    wheels: [104, 424],
    tyre: 35,
    sill: 26,
    top: [[4, -28, 6], [0, -96, 10], [4, -178, 12], [30, -190, 16], [392, -188, 30], [440, -120, 16], [500, -104, 18], [514, -74, 12], [511, -28, 6]],
    glass: [[18, -124, 8], [30, -178, 10], [388, -180, 16], [424, -126, 6]],
    pillars: [[360, 9, -6], [262, 8, 0], [140, 9, 0]],
    doors: [182, 362, 424],
    shoulder: -118,
    headlamp: [494, -100, 20, 10],
    taillamp: [0, -150, 10, 34],
    mirror: [420, -128],
  },
  // Sprinter high roof: 7.36 m × 2.80 m, long body, a row of side windows, rear overhang.
  minibus: {
    length: 736,
    height: 280,
    wheels: [186, 620],
    tyre: 38,
    sill: 34,
    top: [[4, -34, 6], [0, -120, 10], [2, -268, 14], [20, -280, 16], [622, -280, 24], [648, -252, 20], [690, -140, 16], [724, -122, 14], [736, -92, 12], [733, -34, 6]],
    glass: [[20, -160, 10], [24, -244, 12], [612, -246, 12], [640, -206, 8], [672, -146, 6]],
    pillars: [[585, 10, -8], [486, 8, 0], [386, 8, 0], [286, 8, 0], [186, 8, 0], [86, 8, 0]],
    doors: [434, 590, 682],
    shoulder: -152,
    headlamp: [716, -116, 20, 12],
    taillamp: [0, -150, 10, 44],
    mirror: [668, -150],
  },
  // Low two-door coupé / grand tourer: 4.75 m × 1.28 m, long bonnet, fastback.
  sports: {
    length: 475,
    height: 128,
    wheels: [108, 376],
    tyre: 35,
    sill: 16,
    top: [[6, -22, 6], [0, -62, 10], [10, -86, 10], [70, -100, 26], [210, -128, 40], [268, -126, 24], [334, -90, 18], [452, -76, 24], [475, -50, 12], [472, -22, 6]],
    glass: [[110, -98, 6], [212, -122, 24], [262, -121, 14], [318, -92, 6]],
    pillars: [[158, 10, 10]],
    doors: [190, 326],
    shoulder: -86,
    headlamp: [452, -72, 20, 8],
    taillamp: [0, -80, 14, 8],
    mirror: [316, -94],
  },
};

/** The drawing for a car, from its category and model (what the office types), e.g. a Sprinter → minibus, a GLS → SUV. */
export function bodyTypeFor({ category, model }: { category: string; model: string }): CarArtShape {
  const m = ` ${model.toLowerCase()} `;
  if (/sprinter|crafter|transit|minib|ducato/.test(m) || category === "Minibüs") return "minibus";
  if (/\bgl[ebs]\b|\bg \d|range rover|cayenne|\bx[5-7]\b|q7|q8|touareg|land cruiser|urus/.test(m) || category === "SUV") return "suv";
  if (/\bv \d|v-class|vito|viano|caravelle|multivan|transporter|staria|tourneo/.test(m) || category === "Minivan") return "van";
  if (category === "Hatchback" || /golf|polo|clio|corolla hb|\bi30\b|a-class|\ba \d{3}\b/.test(m)) return "hatchback";
  if (category === "Sports" || /911|panamera|amg gt|coup|cabrio/.test(m)) return "sports";
  if (category === "Luxury" || category === "Ultra Luxury" || category === "VIP") return "limousine";
  return "sedan";
}

// ---------------------------------------------------------------------------------------------
// Geometry helpers

const r1 = (n: number) => Math.round(n * 10) / 10;

/** A closed path through the points, each corner rounded by its radius (a quadratic curve through the corner). */
function rounded(points: Pt[], closed = true): string {
  const n = points.length;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const [x, y, r = 0] = points[i]!;
    const prev = points[(i - 1 + n) % n]!;
    const next = points[(i + 1) % n]!;
    const edge = (a: Pt) => Math.hypot(a[0] - x, a[1] - y);
    const toward = (a: Pt, d: number) => {
      const len = edge(a) || 1;
      return [x + ((a[0] - x) * d) / len, y + ((a[1] - y) * d) / len] as const;
    };
    const open = !closed && (i === 0 || i === n - 1);
    const rin = open ? 0 : Math.min(r, edge(prev) / 2);
    const rout = open ? 0 : Math.min(r, edge(next) / 2);
    if (rin === 0 && rout === 0) {
      out.push(`${i === 0 ? "M" : "L"}${r1(x)} ${r1(y)}`);
      continue;
    }
    const [ax, ay] = toward(prev, rin);
    const [bx, by] = toward(next, rout);
    out.push(`${i === 0 ? "M" : "L"}${r1(ax)} ${r1(ay)} Q${r1(x)} ${r1(y)} ${r1(bx)} ${r1(by)}`);
  }
  return out.join(" ") + (closed ? " Z" : "");
}

/** The body outline: the top as given, then the underside with a wheel arch over each wheel. */
function bodyPath(p: BodyProfile): string {
  const arch = p.tyre + 5;
  const half = Math.sqrt(Math.max(arch * arch - (p.sill - p.tyre) ** 2, 1));
  const top = rounded(p.top, false);
  const [rear, front] = p.wheels;
  const y = -p.sill;
  const archAt = (cx: number) => `L${r1(cx + half)} ${y} A${arch} ${arch} 0 ${p.sill < p.tyre ? 1 : 0} 0 ${r1(cx - half)} ${y}`;
  return `${top} ${archAt(front)} ${archAt(rear)} Z`;
}

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    const v = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, "0");
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return (0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255)) / 255;
}

const INK = "#0b0f19";
const AMBER = "#f59e0b";

function wheel(cx: number, r: number): string {
  const cy = -r;
  const rim = r * 0.64;
  const spokes = [0, 72, 144, 216, 288]
    .map((a) => `<path d="M${r1(cx - rim * 0.09)} ${r1(cy)} L${r1(cx + rim * 0.09)} ${r1(cy)} L${r1(cx + rim * 0.16)} ${r1(cy - rim * 0.92)} L${r1(cx - rim * 0.16)} ${r1(cy - rim * 0.92)} Z" fill="#e5e7eb" transform="rotate(${a + 18} ${cx} ${cy})"/>`)
    .join("");
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1a1d24"/>
    <circle cx="${cx}" cy="${cy}" r="${r1(r * 0.92)}" fill="none" stroke="#2b303a" stroke-width="${r1(r * 0.06)}"/>
    <circle cx="${cx}" cy="${cy}" r="${r1(rim)}" fill="#9aa3af"/>
    <circle cx="${cx}" cy="${cy}" r="${r1(rim * 0.86)}" fill="#3b4250"/>
    ${spokes}
    <circle cx="${cx}" cy="${cy}" r="${r1(rim * 0.2)}" fill="#cbd5e1" stroke="#6b7280" stroke-width="1"/>`;
}

/**
 * The car itself in its own coordinates (cm, ground at y = 0, rear at x = 0, facing right).
 * `outline` is the stroke colour that separates the car from the backdrop.
 */
export function carBody(shape: CarArtShape, color: string, { outline, id = "car" }: { outline?: string; id?: string } = {}): string {
  const p = PROFILES[shape];
  const dark = shade(color, -0.38);
  const light = shade(color, luminance(color) > 0.7 ? 0.5 : 0.22);
  const stroke = outline ?? (luminance(color) > 0.5 ? shade(color, -0.55) : INK);
  const body = bodyPath(p);
  const glassTop = Math.min(...p.glass.map((g) => g[1]));
  const glassBottom = Math.max(...p.glass.map((g) => g[1]));
  const pillars = p.pillars
    .map(([x, w, lean = 0]) => {
      const h = glassBottom - glassTop + 8;
      const dx = (lean * h) / 40;
      return `<path d="M${r1(x - w / 2 - dx / 2)} ${r1(glassBottom + 4)} L${r1(x + w / 2 - dx / 2)} ${r1(glassBottom + 4)} L${r1(x + w / 2 + dx / 2)} ${r1(glassTop - 4)} L${r1(x - w / 2 + dx / 2)} ${r1(glassTop - 4)} Z" fill="${color}"/>`;
    })
    .join("");
  const doors = p.doors
    .map((x) => `<path d="M${x} ${r1(p.shoulder + 2)} L${x - 2} ${-p.sill - 4}" stroke="${dark}" stroke-width="1.6" fill="none"/>`)
    .join("");
  const handles = p.doors
    .slice(0, -1)
    .map((x, i) => {
      const next = p.doors[i + 1]!;
      return next - x > 40 ? `<rect x="${next - 34}" y="${r1(p.shoulder + 8)}" width="16" height="3.6" rx="1.8" fill="${dark}"/>` : "";
    })
    .join("");
  const [hx, hy, hw, hh] = p.headlamp;
  const [tx, ty, tw, th] = p.taillamp;
  const [mx, my] = p.mirror;
  const [rear, front] = p.wheels;
  // Roof height at x: straight lines between the outline's upper points.
  const roofAt = (x: number) => {
    const upper = p.top.filter((q) => q[1] < -p.height * 0.85);
    for (let i = 0; i + 1 < upper.length; i++) {
      const [x0, y0] = upper[i]!;
      const [x1, y1] = upper[i + 1]!;
      if (x >= x0 && x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
    return -p.height;
  };
  const rails = p.rails
    ? (() => {
        const [a, b] = p.rails;
        const legs = [a + 8, (a + b) / 2, b - 8].map((x) => `M${r1(x)} ${r1(roofAt(x) - 8)} L${r1(x)} ${r1(roofAt(x) + 1)}`).join(" ");
        return `<path d="M${a} ${r1(roofAt(a) - 8)} L${b} ${r1(roofAt(b) - 8)}" stroke="${INK}" stroke-width="5" stroke-linecap="round"/><path d="${legs}" stroke="${INK}" stroke-width="6"/>`;
      })()
    : "";
  const flare = (cx: number) => `<path d="M${cx - p.tyre - 12} ${-p.sill} A${p.tyre + 12} ${p.tyre + 12} 0 0 1 ${cx + p.tyre + 12} ${-p.sill}" fill="none" stroke="#23262d" stroke-width="12"/>`;
  const cladding = p.cladding
    ? `<rect x="-10" y="${-p.sill - 14}" width="${p.length + 20}" height="${p.sill + 14}" fill="#23262d"/>${flare(rear)}${flare(front)}`
    : "";
  const well = (cx: number) => `<circle cx="${cx}" cy="${-p.tyre}" r="${p.tyre + 4}" fill="#14161c"/>`;
  return `<g>
    <defs><clipPath id="${id}-body"><path d="${body}"/></clipPath><clipPath id="${id}-glass"><path d="${rounded(p.glass)}"/></clipPath><clipPath id="${id}-wells"><rect x="-10" y="${-p.height}" width="${p.length + 20}" height="${p.height - p.sill}"/></clipPath></defs>
    <g clip-path="url(#${id}-wells)">${well(rear)}${well(front)}</g>
    <path d="${body}" fill="${color}"/>
    <g clip-path="url(#${id}-body)">
      <rect x="-10" y="${r1(p.shoulder - 2)}" width="${p.length + 20}" height="7" fill="${light}" opacity="0.85"/>
      <rect x="-10" y="${-p.sill - 16}" width="${p.length + 20}" height="${p.sill + 16}" fill="${dark}" opacity="0.55"/>
      <rect x="-10" y="${-p.height - 10}" width="${p.length + 20}" height="${r1(p.height + 10 + glassTop)}" fill="${light}" opacity="0.35"/>
      ${doors}${handles}${cladding}
    </g>
    ${rails}
    <path d="${rounded(p.glass)}" fill="#273244"/>
    <g clip-path="url(#${id}-glass)">
      <path d="M${r1(p.length * 0.28)} ${glassTop - 10} L${r1(p.length * 0.36)} ${glassTop - 10} L${r1(p.length * 0.3)} ${glassBottom + 10} L${r1(p.length * 0.22)} ${glassBottom + 10} Z" fill="#ffffff" opacity="0.16"/>
      <path d="M${r1(p.length * 0.4)} ${glassTop - 10} L${r1(p.length * 0.43)} ${glassTop - 10} L${r1(p.length * 0.37)} ${glassBottom + 10} L${r1(p.length * 0.34)} ${glassBottom + 10} Z" fill="#ffffff" opacity="0.12"/>
      <rect x="-10" y="${glassTop - 10}" width="${p.length + 20}" height="${r1((glassBottom - glassTop) * 0.45 + 10)}" fill="#93a4bd" opacity="0.28"/>
    </g>
    <g clip-path="url(#${id}-glass)">${pillars}</g>
    <path d="${rounded(p.glass)}" fill="none" stroke="${dark}" stroke-width="2"/>
    <path d="M${mx} ${my} l0 -8 q0 -5 5 -5 l10 0 q3 0 3 3 l0 10 z" fill="${color}" stroke="${stroke}" stroke-width="1.4"/>
    <g clip-path="url(#${id}-body)">
      <rect x="${hx}" y="${hy}" width="${hw + 6}" height="${hh}" rx="${r1(hh / 2)}" fill="#fff7e0" stroke="${stroke}" stroke-width="1.4"/>
      <rect x="${tx - 6}" y="${ty}" width="${tw + 6}" height="${th}" rx="${r1(Math.min(tw, th) / 2)}" fill="#d9342b" stroke="${stroke}" stroke-width="1.4"/>
    </g>
    <path d="${body}" fill="none" stroke="${stroke}" stroke-width="2.4" stroke-linejoin="round"/>
    ${wheel(rear, p.tyre)}${wheel(front, p.tyre)}
  </g>`;
}

// ---------------------------------------------------------------------------------------------
// Backdrops (flat, illustrative)

interface Stage {
  svg: string;
  /** Ground line (px) and whether the car faces left. */
  ground: number;
  mirror: boolean;
  /** A stroke that keeps a dark car readable on a dark backdrop. */
  outline?: string;
}

function studio(w: number, h: number): Stage {
  const ground = h * 0.74;
  return {
    ground,
    mirror: false,
    svg: `<rect width="${w}" height="${h}" fill="#f3eee6"/>
      <circle cx="${w * 0.5}" cy="${ground - h * 0.1}" r="${h * 0.42}" fill="#ebe3d5"/>
      <rect y="${ground}" width="${w}" height="${h - ground}" fill="#e4dac8"/>
      <rect y="${ground}" width="${w}" height="${r1(h * 0.006)}" fill="#d6c9b2"/>`,
  };
}

function coast(w: number, h: number, dusk = false): Stage {
  const horizon = h * 0.52;
  const ground = h * 0.84;
  const bands = dusk ? ["#2a2446", "#4b3461", "#8a4a66", "#d0705a", "#f2a65a"] : ["#f6d2a8", "#f4bd8a", "#efa673", "#e99062", "#f4c27f"];
  const band = (i: number) => `<rect y="${r1((horizon * i) / bands.length)}" width="${w}" height="${r1(horizon / bands.length + 1)}" fill="${bands[i]}"/>`;
  // The Taurus range behind Konyaaltı: two flat ridges, the far one lighter.
  const ridge = (base: number, peaks: Array<[number, number]>, fill: string) =>
    `<path d="M0 ${r1(base)} ${peaks.map(([x, y]) => `L${r1(x * w)} ${r1(y * h)}`).join(" ")} L${w} ${r1(base)} Z" fill="${fill}"/>`;
  return {
    ground,
    mirror: true,
    outline: dusk ? "#e2e8f0" : undefined,
    svg: `${bands.map((_, i) => band(i)).join("")}
      <circle cx="${w * 0.78}" cy="${horizon}" r="${h * 0.09}" fill="${dusk ? "#fcd581" : "#fff1c9"}"/>
      ${ridge(horizon + 2, [[0, 0.36], [0.08, 0.3], [0.16, 0.37], [0.27, 0.27], [0.38, 0.36], [0.5, 0.31], [0.6, 0.4], [0.7, 0.44], [0.76, 0.52]], dusk ? "#5a4470" : "#c98a7e")}
      ${ridge(horizon + 2, [[0, 0.44], [0.1, 0.4], [0.2, 0.46], [0.3, 0.42], [0.42, 0.5], [0.5, 0.52]], dusk ? "#3d3158" : "#a86f6e")}
      <rect y="${horizon}" width="${w}" height="${r1(ground - horizon)}" fill="${dusk ? "#28466a" : "#3f7a93"}"/>
      <rect x="${w * 0.7}" y="${r1(horizon + h * 0.02)}" width="${w * 0.16}" height="${r1(h * 0.008)}" fill="#fde7b0" opacity="0.7"/>
      <rect x="${w * 0.73}" y="${r1(horizon + h * 0.05)}" width="${w * 0.1}" height="${r1(h * 0.008)}" fill="#fde7b0" opacity="0.5"/>
      <rect x="${w * 0.1}" y="${r1(horizon + h * 0.12)}" width="${w * 0.12}" height="${r1(h * 0.006)}" fill="#ffffff" opacity="0.25"/>
      <rect y="${r1(ground - h * 0.03)}" width="${w}" height="${r1(h * 0.03)}" fill="${dusk ? "#6b6478" : "#cfc3b0"}"/>
      <rect y="${ground}" width="${w}" height="${r1(h - ground)}" fill="${dusk ? "#23212d" : "#4a4650"}"/>
      ${Array.from({ length: 8 }, (_, i) => `<rect x="${r1((i + 0.2) * (w / 8))}" y="${r1(ground + (h - ground) * 0.55)}" width="${r1(w / 16)}" height="${r1(h * 0.008)}" fill="#f5f5f4" opacity="0.7"/>`).join("")}`,
  };
}

function airport(w: number, h: number, dusk = false): Stage {
  const ground = h * 0.8;
  const roofY = h * 0.36;
  const mullions = Array.from({ length: 22 }, (_, i) => `<rect x="${r1((i * w) / 21)}" y="${r1(roofY + h * 0.05)}" width="${r1(w * 0.004)}" height="${r1(ground - roofY - h * 0.08)}" fill="${dusk ? "#1d2538" : "#8fa2b4"}"/>`).join("");
  const sky = dusk ? ["#1b2140", "#3a2f5c", "#8a4d62", "#e0875c"] : ["#dfeaf2", "#e8f0f5", "#f1f5f8", "#f7f4ee"];
  return {
    ground,
    mirror: false,
    outline: dusk ? "#cbd5e1" : undefined,
    svg: `<rect width="${w}" height="${h}" fill="${sky[sky.length - 1]}"/>
      ${sky.map((c, i) => `<rect y="${r1((roofY * i) / sky.length)}" width="${w}" height="${r1(roofY / sky.length + 1)}" fill="${c}"/>`).join("")}
      <path d="M${w * 0.58} ${h * 0.15} l${w * 0.13} ${h * 0.012} l${w * 0.04} -${h * 0.045} l${w * 0.014} 0 l-${w * 0.02} ${h * 0.05} l${w * 0.05} ${h * 0.006} l${w * 0.012} -${h * 0.02} l${w * 0.008} 0 l-${w * 0.006} ${h * 0.03} l-${w * 0.02} ${h * 0.008} l-${w * 0.06} ${h * 0.002} l-${w * 0.03} ${h * 0.04} l-${w * 0.014} 0 l${w * 0.012} -${h * 0.042} l-${w * 0.12} -${h * 0.012} Z" fill="${dusk ? "#e2e8f0" : "#ffffff"}" stroke="${dusk ? "none" : "#9fb0c2"}" stroke-width="2"/>
      <rect x="${w * 0.86}" y="${h * 0.12}" width="${w * 0.02}" height="${roofY - h * 0.12}" fill="${dusk ? "#2a3147" : "#b3c1ce"}"/>
      <path d="M${w * 0.845} ${h * 0.12} L${w * 0.895} ${h * 0.12} L${w * 0.885} ${h * 0.07} L${w * 0.855} ${h * 0.07} Z" fill="${dusk ? "#f2b25c" : "#7f96ab"}"/>
      <path d="M0 ${r1(roofY + h * 0.04)} Q${w / 2} ${r1(roofY - h * 0.06)} ${w} ${r1(roofY + h * 0.04)} L${w} ${ground} L0 ${ground} Z" fill="${dusk ? "#f0a85a" : "#c9d6e1"}"/>
      <path d="M0 ${r1(roofY + h * 0.04)} Q${w / 2} ${r1(roofY - h * 0.06)} ${w} ${r1(roofY + h * 0.04)}" fill="none" stroke="${dusk ? "#222a3d" : "#6f859a"}" stroke-width="${r1(h * 0.02)}"/>
      ${mullions}
      <rect y="${r1(roofY + h * 0.2)}" width="${w}" height="${r1(h * 0.012)}" fill="${dusk ? "#1d2538" : "#8fa2b4"}"/>
      <rect y="${r1(roofY + h * 0.08)}" width="${w}" height="${r1(h * 0.05)}" fill="${dusk ? "#d98e4f" : "#b9c8d5"}" opacity="0.6"/>
      <rect y="${r1(ground - h * 0.035)}" width="${w}" height="${r1(h * 0.035)}" fill="${dusk ? "#2b3245" : "#aebdca"}"/>
      <rect y="${ground}" width="${w}" height="${r1(h - ground)}" fill="${dusk ? "#1c2130" : "#8c99a6"}"/>
      <rect y="${r1(ground + (h - ground) * 0.5)}" width="${w}" height="${r1(h * 0.01)}" fill="${AMBER}" opacity="0.85"/>`,
  };
}

function promenade(w: number, h: number): Stage {
  const ground = h * 0.8;
  let skyline = "";
  for (let i = 0; i < 16; i++) {
    const tw = w / 16;
    const th = h * (0.16 + ((i * 37) % 23) / 90);
    skyline += `<rect x="${r1(i * tw + 4)}" y="${r1(ground - h * 0.05 - th)}" width="${r1(tw - 10)}" height="${r1(th)}" fill="#26324d"/>`;
    for (let r = 0; r < 5; r++) {
      if ((i + r) % 3 === 0) skyline += `<rect x="${r1(i * tw + tw * 0.25)}" y="${r1(ground - h * 0.05 - th + h * 0.03 + r * h * 0.035)}" width="${r1(tw * 0.4)}" height="${r1(h * 0.01)}" fill="#f8c062" opacity="0.8"/>`;
    }
  }
  const lamp = (x: number) =>
    `<circle cx="${r1(x + w * 0.025)}" cy="${r1(h * 0.33)}" r="${r1(h * 0.06)}" fill="#ffe3a3" opacity="0.1"/>
     <circle cx="${r1(x + w * 0.025)}" cy="${r1(h * 0.33)}" r="${r1(h * 0.035)}" fill="#ffe3a3" opacity="0.14"/>
     <rect x="${r1(x)}" y="${r1(h * 0.32)}" width="${r1(w * 0.005)}" height="${r1(ground - h * 0.32)}" fill="#101626"/>
     <path d="M${r1(x)} ${r1(h * 0.32)} q${r1(w * 0.01)} -${r1(h * 0.02)} ${r1(w * 0.025)} 0" stroke="#101626" stroke-width="${r1(w * 0.004)}" fill="none"/>
     <circle cx="${r1(x + w * 0.025)}" cy="${r1(h * 0.33)}" r="${r1(h * 0.012)}" fill="#ffe3a3"/>`;
  return {
    ground,
    mirror: true,
    outline: "#cbd5e1",
    svg: `<rect width="${w}" height="${h}" fill="#17213a"/>
      <rect y="${r1(h * 0.3)}" width="${w}" height="${r1(h * 0.3)}" fill="#1c2844"/>
      <circle cx="${w * 0.2}" cy="${h * 0.16}" r="${h * 0.05}" fill="#f1ead8"/>
      <circle cx="${w * 0.215}" cy="${h * 0.15}" r="${h * 0.045}" fill="#17213a"/>
      ${skyline}
      ${lamp(w * 0.12)}${lamp(w * 0.86)}
      <rect y="${r1(ground - h * 0.05)}" width="${w}" height="${r1(h * 0.05)}" fill="#3a4663"/>
      <rect y="${ground}" width="${w}" height="${r1(h - ground)}" fill="#0f1524"/>
      ${Array.from({ length: 8 }, (_, i) => `<rect x="${r1((i + 0.2) * (w / 8))}" y="${r1(ground + (h - ground) * 0.55)}" width="${r1(w / 16)}" height="${r1(h * 0.008)}" fill="#f5f5f4" opacity="0.55"/>`).join("")}`,
  };
}

/** The gallery's backdrops, in order: studio, coast at dusk, airport, promenade at night. */
export const SCENES = ["studio", "coast", "airport", "promenade"] as const;
export type SceneName = (typeof SCENES)[number] | "coast-dusk" | "airport-dusk";

function stage(name: SceneName, w: number, h: number): Stage {
  switch (name) {
    case "studio":
      return studio(w, h);
    case "coast":
      return coast(w, h);
    case "coast-dusk":
      return coast(w, h, true);
    case "airport":
      return airport(w, h);
    case "airport-dusk":
      return airport(w, h, true);
    case "promenade":
      return promenade(w, h);
  }
}

/** How much of the picture's width a body of this length fills: longer vehicles look longer, within reason. */
export function lengthShare(length: number): number {
  return Math.min(0.88, 0.4 + 0.075 * (length / 100));
}

export function carSvg({
  shape,
  color,
  scene,
  width = 1600,
  height = 1000,
  placement,
}: {
  shape: CarArtShape;
  color: string;
  /** A gallery index (0–3) or a named backdrop. */
  scene: number | SceneName;
  width?: number;
  height?: number;
  /** Where the car's centre sits (share of the width) and how much of the width it fills; defaults centre it. */
  placement?: { x: number; share: number };
}): string {
  const p = PROFILES[shape];
  const name: SceneName = typeof scene === "number" ? SCENES[scene % SCENES.length]! : scene;
  const s = stage(name, width, height);
  const share = placement?.share ?? lengthShare(p.length);
  // Fill the share of the width, but never let a tall body take more than 62 % of the height.
  const scale = Math.min((width * share) / p.length, (height * 0.62) / p.height);
  const cx = width * (placement?.x ?? 0.5);
  const flip = s.mirror ? -1 : 1;
  const tx = cx - (flip * p.length * scale) / 2;
  // A soft ground shadow from stacked translucent ellipses (a blur filter would double the render time).
  const rx = (p.length * scale) / 2;
  const ry = Math.max(8, 12 * scale);
  const shadow = [1.12, 1.04, 0.96, 0.86]
    .map((k, i) => `<ellipse cx="${r1(cx)}" cy="${r1(s.ground + 2)}" rx="${r1(rx * k + 10)}" ry="${r1(ry * (0.7 + i * 0.15))}" fill="${INK}" opacity="0.1"/>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" data-shape="${shape}" data-length-cm="${p.length}" data-height-cm="${p.height}">
    ${s.svg}
    ${shadow}
    <g transform="translate(${r1(tx)} ${r1(s.ground)}) scale(${r1(flip * scale * 1000) / 1000} ${r1(scale * 1000) / 1000})">
      ${carBody(shape, color, { outline: luminance(color) < 0.3 ? s.outline : undefined })}
    </g>
  </svg>`;
}
