/**
 * The home banner: four pictures changing every 6 s with dot controls. Rotation pauses while the
 * pointer or focus is inside and never starts under `prefers-reduced-motion`. The first picture
 * is the page's largest paint (eager, high priority); the others are added after hydration and
 * load lazily, so without JavaScript the banner is simply the first picture.
 */
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "./use-hydrated";

export const HERO_INTERVAL_MS = 6000;
export const HERO_WIDTHS = [640, 960, 1280, 1920];
const SIZES = "100vw";

function srcSet(n: number, format: "avif" | "webp") {
  return HERO_WIDTHS.map((w) => `/images/hero/hero-${n}-${w}.${format} ${w}w`).join(", ");
}

function reducedMotion() {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Phones (up to this width) use the inlined first picture. */
export const HERO_INLINE_MEDIA = "(max-width: 767px)";

export function Hero({ alts, inlineFirst, children }: { alts: string[]; inlineFirst?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = alts.length;

  useEffect(() => {
    if (paused || reducedMotion()) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), HERO_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, count]);

  return (
    <section
      aria-roledescription={t("hero.carousel")}
      aria-label={t("hero.label")}
      className="relative isolate overflow-hidden bg-ink text-white"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
      data-hero-index={index}
    >
      <div className="absolute inset-0 -z-20">
        {alts.map((alt, i) =>
          i === 0 || hydrated ? (
            <picture
              key={alt}
              className={`absolute inset-0 transition-opacity duration-1000 ${i === index ? "opacity-100" : "opacity-0"}`}
              aria-hidden={i === index ? undefined : true}
            >
              {i === 0 && inlineFirst && <source media={HERO_INLINE_MEDIA} type="image/avif" srcSet={`${inlineFirst} 960w`} sizes={SIZES} />}
              <source type="image/avif" srcSet={srcSet(i + 1, "avif")} sizes={SIZES} />
              <source type="image/webp" srcSet={srcSet(i + 1, "webp")} sizes={SIZES} />
              <img
                src={`/images/hero/hero-${i + 1}-1280.webp`}
                alt={alt}
                width={1920}
                height={1080}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : "low"}
                decoding={i === 0 ? "sync" : "async"}
                className="h-full w-full object-cover"
              />
            </picture>
          ) : null,
        )}
      </div>
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-r from-ink via-ink/80 to-ink/20" />
      <div aria-hidden className="absolute inset-x-0 bottom-0 -z-10 h-32 bg-gradient-to-t from-ink/80 to-transparent" />
      {children}
      {hydrated && (
        <div className="absolute inset-x-0 bottom-14 flex justify-center gap-1 sm:bottom-16" role="group" aria-label={t("hero.slides")}>
          {alts.map((alt, i) => (
            <button
              key={alt}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={t("hero.goTo", { number: i + 1, total: count })}
              aria-current={i === index ? "true" : undefined}
              className="grid h-8 w-8 place-items-center"
            >
              <span className={`block h-2 rounded-full transition-all ${i === index ? "w-8 bg-brand" : "w-2 bg-white/60"}`} />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
