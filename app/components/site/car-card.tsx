/**
 * A car in the fleet grid and on home (spec §2 "Car card", defaults of §8): picture, name,
 * category, year, fuel, seats, luggage, the "from" price (its cheapest fixed route with the route
 * named, else its minimum fare as such; computed on the server: app/fleet/card-prices.ts) with its rate per km and, when the car is
 * hired by the hour, its hourly rate, all in the visitor's currency (`useMoney`), and "Book now", which opens the home page's search with the car chosen
 * (`/?car=<id>#booking`; the results page preselects it). The picture opens the gallery (a plain
 * link to the full picture without JavaScript).
 */
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { PLACEHOLDER_IMAGE, type Car } from "~/fleet/car";
import type { CardPrices } from "~/fleet/card-prices";
import { useCategoryLabel } from "~/fleet/category";
import { useMoney } from "~/pricing/use-money";
import { Icon } from "./icons";

/** The gallery's dialog comes with the first picture a visitor points at or opens, not with the page. */
const loadGallery = () => import("./gallery");
const Gallery = lazy(() => loadGallery().then((m) => ({ default: m.Gallery })));

const CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw";

/** Shows the placeholder instead of a picture that fails. */
function fallback(img: HTMLImageElement) {
  if (img.dataset.fallback) return;
  img.dataset.fallback = "1";
  img.removeAttribute("srcset");
  img.src = PLACEHOLDER_IMAGE;
}

/** A picture that failed before hydration fired its error event before React listened. */
function checkLoaded(img: HTMLImageElement | null) {
  if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) fallback(img);
}

export function CarCard({ car, prices, eager = false }: { car: Car; prices: CardPrices; eager?: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [galleryAt, setGalleryAt] = useState<number | null>(null);
  const first = car.gallery[0];
  const name = car.name?.trim() || t("car.unnamed");
  const category = useCategoryLabel()(car.category);
  const dash = "-";
  const width = first?.width ?? 1600;
  const height = first?.height ?? 1000;
  const cardWidth = Math.min(640, width);
  const srcSet = first ? `${first.card ?? first.url} ${cardWidth}w, ${first.url} ${width}w` : undefined;

  const picture = (
    <img
      ref={checkLoaded}
      src={first ? (first.card ?? first.url) : PLACEHOLDER_IMAGE}
      srcSet={srcSet}
      sizes={srcSet ? CARD_SIZES : undefined}
      width={cardWidth}
      height={Math.round((cardWidth * height) / width)}
      alt={first ? "" : t("car.noPhoto", { name })}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      onError={(e) => fallback(e.currentTarget)}
      className="aspect-[16/10] h-auto w-full object-cover transition duration-500 group-hover/img:scale-105"
    />
  );

  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-xl dark:border-slate-800 dark:bg-slate-900">
      {first ? (
        <a
          href={first.url}
          className="group/img relative block overflow-hidden bg-slate-100 dark:bg-slate-800"
          onPointerEnter={() => void loadGallery()}
          onFocus={() => void loadGallery()}
          onClick={(e) => {
            e.preventDefault();
            setGalleryAt(0);
          }}
        >
          <span className="sr-only">{t("car.openGallery", { name })}</span>
          {picture}
          {car.gallery.length > 1 && (
            <span className="absolute right-3 bottom-3 rounded-full bg-black/70 px-2.5 py-1 text-xs font-medium text-white">
              {t("car.photos", { count: car.gallery.length })}
            </span>
          )}
        </a>
      ) : (
        <div className="relative overflow-hidden bg-slate-100 dark:bg-slate-800">{picture}</div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold tracking-[0.2em] text-brand-strong uppercase dark:text-brand">{category}</p>
        <h3 className="mt-1 font-display text-xl font-semibold">{name}</h3>
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          <div className="rounded-lg bg-slate-50 p-2 dark:bg-slate-800/60">
            <dt className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
              <Icon name="calendar" className="h-3.5 w-3.5" />
              {t("car.year")}
            </dt>
            <dd className="mt-0.5 font-semibold">{car.year ?? dash}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-2 dark:bg-slate-800/60">
            <dt className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
              <Icon name="fuel" className="h-3.5 w-3.5" />
              {t("car.fuel")}
            </dt>
            <dd className="mt-0.5 font-semibold">
              {car.fuel_type ? t(`car.fuels.${car.fuel_type}`, { defaultValue: car.fuel_type }) : dash}
            </dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-2 dark:bg-slate-800/60">
            <dt className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
              <Icon name="seat" className="h-3.5 w-3.5" />
              {t("car.seats")}
            </dt>
            <dd className="mt-0.5 font-semibold">{car.seats || dash}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-2 dark:bg-slate-800/60">
            <dt className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
              <Icon name="briefcase" className="h-3.5 w-3.5" />
              {t("car.luggage")}
            </dt>
            <dd className="mt-0.5 font-semibold">{car.luggage}</dd>
          </div>
        </dl>
        <div className="mt-5 flex items-center justify-between gap-3 border-t border-slate-100 pt-4 dark:border-slate-800">
          <p className="min-w-0">
            {prices.route ? (
              <>
                <span data-from-price className="block font-display text-lg font-semibold">{t("car.fromPrice", { price: money.shown(prices.route.amount) })}</span>
                <span data-from-route className="block text-xs text-slate-600 dark:text-slate-300">{t("car.fromRoute", { from: prices.route.from, to: prices.route.to })}</span>
              </>
            ) : (
              <span data-from-price data-minimum className="block font-display text-lg font-semibold">{t("car.minimumFare", { price: money.shown(prices.minimum) })}</span>
            )}
            <span data-per-km className="block text-xs text-slate-600 dark:text-slate-300">
              {t("car.perKm", { price: money.shown(prices.perKm) })}
            </span>
            {prices.perHour !== null && (
              <span data-per-hour className="block text-xs text-slate-600 dark:text-slate-300">
                {t("car.perHour", { price: money.shown(prices.perHour) })}
              </span>
            )}
          </p>
          <Link
            to={{ pathname: "/", search: `?car=${encodeURIComponent(car.id)}`, hash: "booking" }}
            className="btn-primary shrink-0 px-5 py-2.5"
            aria-label={t("car.bookNamed", { name })}
          >
            {t("car.book")}
          </Link>
        </div>
      </div>
      {galleryAt !== null && first && (
        <Suspense fallback={null}>
          <Gallery images={car.gallery} title={name} startAt={galleryAt} onClose={() => setGalleryAt(null)} />
        </Suspense>
      )}
    </article>
  );
}
