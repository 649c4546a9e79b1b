/**
 * Our own drawing of the office's surroundings (Antalya, the coast and the airport), so the
 * contact page needs no map service, no key and no internet. A link opens the address in the
 * visitor's map app.
 */
import { useTranslation } from "~/i18n/react";

export function OfficeMap({ address }: { address: string }) {
  const { t } = useTranslation("contact");
  const mapsLink = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <svg viewBox="0 0 800 450" role="img" aria-labelledby="office-map-title office-map-desc" className="block h-auto w-full">
        <title id="office-map-title">{t("map.title")}</title>
        <desc id="office-map-desc">{t("map.description")}</desc>
        <rect width="800" height="450" fill="#e8e4d8" className="dark:fill-slate-800" />
        {/* the Mediterranean */}
        <path d="M0 300 C90 290 150 330 230 318 C300 308 330 262 400 262 C470 262 520 300 600 312 C680 324 740 300 800 292 L800 450 L0 450 Z" fill="#9cc9e3" className="dark:fill-sky-950" />
        <text x="400" y="410" textAnchor="middle" fontSize="18" fontStyle="italic" fill="#1e4f6e" className="dark:fill-sky-300">
          {t("map.sea")}
        </text>
        {/* city areas */}
        <path d="M180 250 C230 215 320 200 380 215 C420 225 430 250 400 262 C330 262 300 300 230 310 C200 300 170 280 180 250 Z" fill="#d6d0c0" className="dark:fill-slate-700" />
        {/* main roads */}
        <path d="M60 220 C160 225 260 200 380 190 C480 182 560 170 700 130" stroke="#f8fafc" strokeWidth="10" fill="none" className="dark:stroke-slate-600" />
        <path d="M60 220 C160 225 260 200 380 190 C480 182 560 170 700 130" stroke="#f59e0b" strokeWidth="4" fill="none" />
        <path d="M380 190 C420 150 470 110 560 60" stroke="#f8fafc" strokeWidth="7" fill="none" className="dark:stroke-slate-600" />
        <path d="M470 180 C500 200 540 230 560 280" stroke="#f8fafc" strokeWidth="6" fill="none" className="dark:stroke-slate-600" />
        <text x="140" y="245" fontSize="14" fontWeight="700" fill="#92400e" className="dark:fill-amber-300">D400</text>
        {/* the airport: two runways and the terminals */}
        <g transform="rotate(-28 600 120)">
          <rect x="470" y="140" width="200" height="12" rx="3" fill="#64748b" />
          <rect x="470" y="168" width="200" height="12" rx="3" fill="#64748b" />
        </g>
        <rect x="515" y="190" width="46" height="18" rx="3" fill="#475569" />
        <text x="590" y="228" fontSize="15" fontWeight="600" fill="#0f172a" className="dark:fill-slate-100">
          {t("map.airport")}
        </text>
        {/* places */}
        <g fontSize="14" fill="#334155" className="dark:fill-slate-300">
          <text x="255" y="250">Muratpaşa</text>
          <text x="95" y="262">Konyaaltı</text>
          <text x="430" y="246">Lara</text>
          <text x="660" y="280">Kundu</text>
          <text x="715" y="175">Belek →</text>
          <text x="20" y="200">← Kemer</text>
        </g>
        {/* the office */}
        <g transform="translate(538 200)">
          <ellipse rx="14" ry="5" fill="#000" opacity="0.2" />
          <path d="M0 0 C-8 -12 -16 -20 -16 -30 A16 16 0 1 1 16 -30 C16 -20 8 -12 0 0 Z" fill="#b45309" stroke="#fff" strokeWidth="2" />
          <circle cx="0" cy="-30" r="6" fill="#fff" />
        </g>
      </svg>
      <figcaption className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-4 text-sm dark:border-slate-800">
        <span>{address}</span>
        <a href={mapsLink} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-strong underline-offset-4 hover:underline dark:text-brand">
          {t("map.open")}
          <span className="sr-only"> {t("map.newWindow")}</span>
        </a>
      </figcaption>
    </figure>
  );
}
