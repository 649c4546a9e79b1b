/**
 * A statistic that counts up once when it scrolls into view (About, spec §2). The server's HTML
 * already shows the final value, so it reads correctly without JavaScript and to screen readers
 * (which get the final value only).
 */
import { useEffect, useRef } from "react";
import { numberFormat } from "~/utils/intl";

export function Counter({ value, suffix = "", locale, label }: { value: number; suffix?: string; locale: string; label: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const format = (n: number) => `${numberFormat(locale).format(n)}${suffix}`;

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const fmt = new Intl.NumberFormat(locale);
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        const start = performance.now();
        const duration = 1600;
        const step = (now: number) => {
          const p = Math.min(1, (now - start) / duration);
          const eased = 1 - Math.pow(1 - p, 3);
          el.textContent = `${fmt.format(Math.round(value * eased))}${suffix}`;
          if (p < 1) frame = requestAnimationFrame(step);
        };
        frame = requestAnimationFrame(step);
      },
      { threshold: 0.4 },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value, suffix, locale]);

  return (
    <div className="text-center">
      <p className="font-display text-4xl font-semibold text-brand sm:text-5xl">
        <span ref={ref} aria-hidden className="tabular-nums" data-counter={value}>
          {format(value)}
        </span>
        <span className="sr-only">{format(value)}</span>
      </p>
      <p className="mt-2 text-sm tracking-wide text-slate-300">{label}</p>
    </div>
  );
}
