/**
 * Our own route preview when no Google map is shown: a simple sketch of the legs with markers A
 * and B (outbound orange, return blue, as spec §2 colours them), drawn from the coordinates or
 * from the provider's polyline. Pure SVG: rendered on the server, no JavaScript needed.
 */
import polyline from "@mapbox/polyline";
import { useTranslation } from "~/i18n/react";

export interface SketchLeg {
  from: { lat: number; lng: number; label: string };
  to: { lat: number; lng: number; label: string };
  polyline: string | null;
  kind: "outbound" | "return";
}

const COLORS = { outbound: "#f97316", return: "#2563eb" } as const;
const W = 320;
const H = 180;
const PAD = 28;

function pathOf(leg: SketchLeg): Array<[number, number]> {
  if (leg.polyline) {
    try {
      const points = polyline.decode(leg.polyline, 5);
      if (points.length >= 2) return points;
    } catch {
      // a malformed polyline falls back to the straight line
    }
  }
  return [
    [leg.from.lat, leg.from.lng],
    [leg.to.lat, leg.to.lng],
  ];
}

export function RouteSketch({ legs, className = "" }: { legs: SketchLeg[]; className?: string }) {
  const { t } = useTranslation("booking");
  const paths = legs.map(pathOf);
  const all = paths.flat();
  if (all.length < 2) return null;
  const lats = all.map((p) => p[0]);
  const lngs = all.map((p) => p[1]);
  const midLat = ((Math.min(...lats) + Math.max(...lats)) / 2) * (Math.PI / 180);
  // Equirectangular projection, good enough for a sketch at regional scale.
  const xs = lngs.map((v) => v * Math.cos(midLat));
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...lats);
  const maxY = Math.max(...lats);
  const scale = Math.min((W - 2 * PAD) / Math.max(maxX - minX, 0.01), (H - 2 * PAD) / Math.max(maxY - minY, 0.01));
  const offX = (W - (maxX - minX) * scale) / 2;
  const offY = (H - (maxY - minY) * scale) / 2;
  const project = ([lat, lng]: [number, number]) =>
    [offX + (lng * Math.cos(midLat) - minX) * scale, H - (offY + (lat - minY) * scale)] as const;

  const description = legs
    .map((l) => t(l.kind === "outbound" ? "route.sketchOutbound" : "route.sketchReturn", { from: l.from.label, to: l.to.label }))
    .join(" ");
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={description}
      className={`h-[250px] w-full rounded-2xl bg-slate-100 dark:bg-slate-800 ${className}`}
      preserveAspectRatio="xMidYMid meet"
    >
      <defs>
        <pattern id="sketch-grid" width="20" height="20" patternUnits="userSpaceOnUse">
          <path d="M 20 0 L 0 0 0 20" fill="none" stroke="currentColor" strokeOpacity="0.08" />
        </pattern>
      </defs>
      <rect width={W} height={H} fill="url(#sketch-grid)" className="text-slate-900 dark:text-white" />
      {paths.map((points, i) => {
        const leg = legs[i]!;
        const projected = points.map(project);
        const d = projected.map(([x, y], j) => `${j === 0 ? "M" : "L"}${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
        const [ax, ay] = projected[0]!;
        const [bx, by] = projected[projected.length - 1]!;
        const offset = leg.kind === "return" ? 4 : 0;
        return (
          <g key={i}>
            <path d={d} fill="none" stroke={COLORS[leg.kind]} strokeWidth="3" strokeLinecap="round" strokeDasharray={leg.polyline ? undefined : "6 5"} transform={`translate(${offset},${offset})`} />
            {[
              ["A", ax, ay],
              ["B", bx, by],
            ].map(([letter, x, y]) => (
              <g key={letter as string} transform={`translate(${(x as number) + offset},${(y as number) + offset})`}>
                <circle r="10" fill={COLORS[leg.kind]} stroke="white" strokeWidth="2" />
                <text textAnchor="middle" dy="4" fontSize="11" fontWeight="700" fill="white">
                  {letter}
                </text>
              </g>
            ))}
          </g>
        );
      })}
    </svg>
  );
}
