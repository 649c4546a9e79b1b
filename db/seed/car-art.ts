/**
 * Draws a car photo stand-in as SVG: a side-view silhouette of the car's shape and colour in one of
 * four scenes (studio, Riviera coast at sunset, city at night, airport at dusk). Rendered to an
 * image by sharp at seed time, so the demo fleet needs nothing from the internet.
 */
export type CarArtShape = "sedan" | "suv" | "van" | "minibus" | "hatchback" | "sports";

interface Profile {
  body: string;
  windows: string;
  wheels: [number, number];
  wheelR: number;
}

// Outlines in a 1000 × 260 box; y = 220 is the ground line under the wheels.
const PROFILES: Record<CarArtShape, Profile> = {
  sedan: {
    body: "M40 205 L42 168 Q52 146 130 140 L300 128 Q365 76 440 68 L630 66 Q712 72 782 124 L928 136 Q968 146 968 182 L964 205 Z",
    windows: "M335 128 Q388 86 446 80 L532 78 L532 128 Z M548 78 L624 78 Q690 84 742 126 L548 128 Z",
    wheels: [208, 800],
    wheelR: 50,
  },
  suv: {
    body: "M40 208 L40 150 Q48 122 140 116 L290 108 Q330 48 380 40 L800 38 Q850 42 880 104 L940 114 Q972 124 972 170 L968 208 Z",
    windows: "M318 108 Q352 58 392 52 L560 50 L560 108 Z M576 50 L700 50 L700 108 L576 108 Z M716 50 L792 50 Q830 54 852 104 L716 108 Z",
    wheels: [200, 812],
    wheelR: 58,
  },
  van: {
    body: "M36 210 L36 140 Q44 108 120 100 L210 92 Q270 34 330 28 L930 26 Q968 28 970 70 L972 210 Z",
    windows: "M240 92 Q290 46 338 42 L440 42 L440 96 Z M456 42 L620 42 L620 96 L456 96 Z M636 42 L800 42 L800 96 L636 96 Z M816 42 L944 42 L944 96 L816 96 Z",
    wheels: [190, 820],
    wheelR: 54,
  },
  minibus: {
    body: "M30 212 L30 138 Q36 104 100 96 L170 88 Q220 18 280 10 L950 8 Q978 10 980 50 L982 212 Z",
    windows: "M196 88 Q240 34 288 28 L380 28 L380 86 Z M396 28 L520 28 L520 86 L396 86 Z M536 28 L660 28 L660 86 L536 86 Z M676 28 L800 28 L800 86 L676 86 Z M816 28 L950 28 L950 86 L816 86 Z",
    wheels: [180, 840],
    wheelR: 56,
  },
  hatchback: {
    body: "M80 205 L82 164 Q92 142 170 136 L330 124 Q400 70 470 64 L700 62 Q770 66 820 120 L880 132 Q910 142 908 180 L904 205 Z",
    windows: "M362 124 Q416 82 474 76 L580 74 L580 124 Z M596 74 L694 74 Q752 80 790 122 L596 124 Z",
    wheels: [238, 760],
    wheelR: 50,
  },
  sports: {
    body: "M30 208 L34 174 Q50 156 150 150 L360 136 Q450 94 520 90 L690 92 Q780 100 850 140 L946 150 Q976 160 974 190 L970 208 Z",
    windows: "M400 136 Q460 104 522 100 L600 100 L600 136 Z M616 100 L688 102 Q750 110 800 138 L616 138 Z",
    wheels: [205, 815],
    wheelR: 48,
  },
};

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    const v = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, "0");
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

function scene(index: number, w: number, h: number): string {
  const ground = h * 0.78;
  switch (index % 4) {
    case 0: // studio
      return `
        <defs><radialGradient id="bg" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="#3a3f4b"/><stop offset="1" stop-color="#07090d"/></radialGradient></defs>
        <rect width="${w}" height="${h}" fill="url(#bg)"/>
        <ellipse cx="${w / 2}" cy="${ground + 8}" rx="${w * 0.46}" ry="${h * 0.06}" fill="#ffffff" opacity="0.06"/>`;
    case 1: { // Riviera coast at sunset
      return `
        <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="0.55" stop-color="#c2410c"/><stop offset="1" stop-color="#fbbf24"/></linearGradient>
        <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0c4a6e"/><stop offset="1" stop-color="#082f49"/></linearGradient></defs>
        <rect width="${w}" height="${h}" fill="url(#sky)"/>
        <circle cx="${w * 0.72}" cy="${h * 0.5}" r="${h * 0.09}" fill="#fde68a" opacity="0.9"/>
        <path d="M0 ${h * 0.56} L${w * 0.12} ${h * 0.38} L${w * 0.22} ${h * 0.47} L${w * 0.34} ${h * 0.3} L${w * 0.48} ${h * 0.5} L${w * 0.6} ${h * 0.44} L${w * 0.7} ${h * 0.56} Z" fill="#1f1235" opacity="0.85"/>
        <rect y="${h * 0.56}" width="${w}" height="${h * 0.16}" fill="url(#sea)"/>
        <rect x="${w * 0.6}" y="${h * 0.58}" width="${w * 0.24}" height="3" fill="#fde68a" opacity="0.5"/>
        <rect y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="#1c1917"/>
        <rect y="${ground + 30}" width="${w}" height="4" fill="#f5f5f4" opacity="0.25"/>`;
    }
    case 2: { // city at night
      let towers = "";
      for (let i = 0; i < 14; i++) {
        const tw = w / 14;
        const th = h * (0.18 + ((i * 37) % 23) / 60);
        towers += `<rect x="${i * tw}" y="${ground - th - 10}" width="${tw - 6}" height="${th}" fill="#111827"/>`;
        for (let r = 0; r < 6; r++) {
          if ((i + r) % 3 === 0) towers += `<rect x="${i * tw + 10}" y="${ground - th + r * 22}" width="${tw * 0.5}" height="6" fill="#fbbf24" opacity="0.55"/>`;
        }
      }
      return `
        <defs><linearGradient id="night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#020617"/><stop offset="1" stop-color="#1e293b"/></linearGradient></defs>
        <rect width="${w}" height="${h}" fill="url(#night)"/>${towers}
        <rect y="${ground - 10}" width="${w}" height="${h - ground + 10}" fill="#0f172a"/>
        <ellipse cx="${w / 2}" cy="${ground + 10}" rx="${w * 0.42}" ry="${h * 0.04}" fill="#fbbf24" opacity="0.08"/>`;
    }
    default: { // airport at dusk
      let mullions = "";
      for (let x = 0; x < w; x += w / 24) mullions += `<rect x="${x}" y="${h * 0.3}" width="2" height="${h * 0.36}" fill="#0f172a" opacity="0.6"/>`;
      return `
        <defs><linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#475569"/></linearGradient>
        <linearGradient id="glass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#334155"/><stop offset="1" stop-color="#f59e0b" stop-opacity="0.55"/></linearGradient></defs>
        <rect width="${w}" height="${h}" fill="url(#dusk)"/>
        <path d="M${w * 0.62} ${h * 0.14} l${w * 0.1} ${h * 0.02} l${w * 0.05} -${h * 0.03} l${w * 0.012} ${h * 0.005} l-${w * 0.035} ${h * 0.04} l${w * 0.06} ${h * 0.012} l-${w * 0.01} ${h * 0.008} l-${w * 0.19} -${h * 0.02} Z" fill="#e2e8f0" opacity="0.7"/>
        <path d="M0 ${h * 0.3} Q${w / 2} ${h * 0.2} ${w} ${h * 0.3} L${w} ${h * 0.66} L0 ${h * 0.66} Z" fill="url(#glass)"/>${mullions}
        <rect y="${h * 0.66}" width="${w}" height="${h * 0.34}" fill="#1e293b"/>
        <rect y="${ground + 28}" width="${w}" height="5" fill="#fbbf24" opacity="0.35"/>`;
    }
  }
}

export function carSvg({ shape, color, scene: index, width = 1600, height = 1000 }: {
  shape: CarArtShape;
  color: string;
  scene: number;
  width?: number;
  height?: number;
}): string {
  const p = PROFILES[shape];
  const scale = (width * 0.82) / 1000;
  const ox = (width - 1000 * scale) / 2;
  const oy = height * 0.78 - 220 * scale;
  const light = shade(color, 0.35);
  const dark = shade(color, -0.45);
  const wheel = (cx: number) => `
    <circle cx="${cx}" cy="205" r="${p.wheelR}" fill="#0a0a0a"/>
    <circle cx="${cx}" cy="205" r="${p.wheelR * 0.62}" fill="#9ca3af"/>
    <circle cx="${cx}" cy="205" r="${p.wheelR * 0.5}" fill="#4b5563"/>
    ${[0, 72, 144, 216, 288].map((a) => `<rect x="${cx - 3}" y="${205 - p.wheelR * 0.58}" width="6" height="${p.wheelR * 0.58}" fill="#d1d5db" transform="rotate(${a} ${cx} 205)"/>`).join("")}
    <circle cx="${cx}" cy="205" r="${p.wheelR * 0.12}" fill="#e5e7eb"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    ${scene(index, width, height)}
    <g transform="translate(${ox} ${oy}) scale(${scale})">
      <defs>
        <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.45" stop-color="${color}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
        <linearGradient id="glassCar" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#cbd5e1" stop-opacity="0.9"/><stop offset="1" stop-color="#0f172a" stop-opacity="0.95"/></linearGradient>
      </defs>
      <ellipse cx="500" cy="226" rx="470" ry="14" fill="#000" opacity="0.55"/>
      <path d="${p.body}" fill="url(#paint)" stroke="${dark}" stroke-width="2"/>
      <path d="${p.windows}" fill="url(#glassCar)"/>
      <path d="M60 176 L950 176" stroke="${light}" stroke-width="3" opacity="0.5"/>
      <rect x="34" y="150" width="24" height="10" rx="4" fill="#fef3c7"/>
      <rect x="948" y="156" width="18" height="10" rx="3" fill="#dc2626"/>
      ${wheel(p.wheels[0])}${wheel(p.wheels[1])}
    </g>
  </svg>`;
}
