/**
 * Horizontal bars drawn on the server as inline SVG (issue 34's reports): no script, no chart
 * library. Lengths are percentages of the chart's width, so the labels keep their size from a
 * 390 px phone to a 1440 px screen. The figures are in the table beside every chart (the
 * accessible reading); the SVG is an image named by its caption.
 */
import { useId } from "react";

export interface Bar {
  key: string;
  label: string;
  /** the bar's length (same unit for every bar and series) */
  value: number;
  /** the figure written at the bar's end */
  text: string;
  /** a second, thinner bar under it (e.g. paid under booked) */
  second?: { value: number; text: string };
}

const ROW = 44;
const ROW_WITH_SECOND = 56;

export function BarChart({ title, bars, legend }: { title: string; bars: Bar[]; legend?: { first: string; second?: string } }) {
  const id = useId();
  if (bars.length === 0) return null;
  const max = Math.max(1, ...bars.flatMap((b) => [b.value, b.second?.value ?? 0]));
  const withSecond = bars.some((b) => b.second);
  const row = withSecond ? ROW_WITH_SECOND : ROW;
  const pct = (v: number) => `${Math.max(0, Math.min(100, (v / max) * 100)).toFixed(2)}%`;
  return (
    <figure className="min-w-0">
      <svg role="img" aria-labelledby={`${id}-title`} width="100%" height={bars.length * row} className="block overflow-visible text-slate-700 admin-dark:text-slate-200">
        <title id={`${id}-title`}>{title}</title>
        {bars.map((b, i) => {
          const y = i * row;
          return (
            <g key={b.key}>
              <text x="0" y={y + 14} fontSize="13" fill="currentColor">
                {b.label.length > 34 ? `${b.label.slice(0, 33)}…` : b.label}
              </text>
              <text x="100%" y={y + 14} fontSize="13" fill="currentColor" textAnchor="end" fontWeight="600">
                {b.text}
              </text>
              <rect x="0" y={y + 20} width="100%" height="12" rx="3" className="fill-slate-100 admin-dark:fill-slate-800" />
              <rect x="0" y={y + 20} width={pct(b.value)} height="12" rx="3" className="fill-brand" />
              {b.second ? <rect x="0" y={y + 35} width={pct(b.second.value)} height="6" rx="2" className="fill-emerald-600 admin-dark:fill-emerald-400" /> : null}
            </g>
          );
        })}
      </svg>
      {legend ? (
        <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 admin-dark:text-slate-400">
          <span className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-2.5 w-4 rounded-sm bg-brand" />
            {legend.first}
          </span>
          {legend.second ? (
            <span className="inline-flex items-center gap-1">
              <span aria-hidden="true" className="inline-block h-1.5 w-4 rounded-sm bg-emerald-600 admin-dark:bg-emerald-400" />
              {legend.second}
            </span>
          ) : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
