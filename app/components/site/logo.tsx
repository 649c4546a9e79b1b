/**
 * The company's mark: a monogram (the site name's initial in the display serif, inside a ring, on a
 * disc in the brand colour) and a wordmark (the first word set large, the rest in spaced capitals).
 * Both follow the settings: the name is the office's site name, the colour its primary colour.
 * public/favicon.svg is the same monogram drawn for the default name.
 */
import { Link } from "react-router";

export function Monogram({ name, className = "h-9 w-9" }: { name: string; className?: string }) {
  const initial = Array.from(name.trim())[0]?.toLocaleUpperCase() ?? "";
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" className={`shrink-0 ${className}`}>
      <circle cx="20" cy="20" r="20" className="fill-brand" />
      <circle cx="20" cy="20" r="16.6" fill="none" stroke="#0b0f19" strokeOpacity="0.4" strokeWidth="0.9" />
      <text x="20" y="26.6" textAnchor="middle" fontSize="19" fontWeight="700" fill="#0b0f19" className="font-display">
        {initial}
      </text>
      <path d="M12.5 30.6h15" stroke="#0b0f19" strokeOpacity="0.55" strokeWidth="0.9" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ name }: { name: string }) {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return (
    <Link to="/" className="flex items-center gap-2.5">
      <Monogram name={name} />
      <span className="flex flex-col leading-none">
        <span className="font-display text-lg font-semibold tracking-wide">{first}</span>{" "}
        {rest.length > 0 && <span className="mt-1 text-[0.62rem] font-semibold tracking-[0.3em] text-brand uppercase">{rest.join(" ")}</span>}
      </span>
    </Link>
  );
}
