import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import type { I18nHandle } from "~/i18n/resources";
import type { Route } from "./+types/home";
import { pageMeta, rootMetaData } from "~/components/seo";
import { BusinessJsonLd } from "~/components/site/business-json-ld";
import { CarCard } from "~/components/site/car-card";
import { CarsEmpty, CarsError } from "~/components/site/cars-state";
import { Hero, HERO_WIDTHS } from "~/components/site/hero";
import { HERO_FIRST_INLINE } from "~/components/site/hero-inline.server";
import { Icon, type IconName } from "~/components/site/icons";
import { telHref } from "~/components/site/links";
import { onDemand } from "~/components/site/on-demand";
import { SectionHeading } from "~/components/site/section-heading";
import { listCars } from "~/fleet/cars.server";
import { cardPricesFor } from "~/fleet/card-prices.server";
import type { CardPrices } from "~/fleet/card-prices";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { useRootData } from "~/root";
import { getApp } from "~/server/context";

/**
 * The catalogues this page needs besides `common` (loaded before hydration; app/i18n/resources.ts).
 * The booking form's `booking` comes with the form, when the visitor turns to it.
 */
export const handle: I18nHandle = { i18n: ["home"] };

/** The booking form hydrates when the visitor turns to it (app/components/site/on-demand.tsx). */
const BookingForm = onDemand(() => import("~/routes/site/booking/search-form").then((m) => m.BookingSearchForm), ["booking"]);

export const FEATURED_CARS = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log } = getApp(context);
  const { t } = getInstance(context);
  await BookingForm.ready();
  let featured: Awaited<ReturnType<typeof listCars>>["cars"] = [];
  let prices: Record<string, CardPrices> = {};
  let carsFailed = false;
  try {
    featured = (await listCars(db.kysely, { status: "active" }, { limit: FEATURED_CARS, offset: 0 })).cars;
    prices = await cardPricesFor(db.kysely, featured, getLanguage(context));
  } catch (error) {
    log.error({ err: error }, "featured cars could not be loaded");
    carsFailed = true;
  }
  return {
    title: t("home:meta.title"),
    description: t("home:meta.description"),
    featured,
    prices,
    carsFailed,
    heroInline: HERO_FIRST_INLINE,
  };
}

/** The first hero picture is the page's largest paint: larger screens fetch it with the document. */
export const links: Route.LinksFunction = () => [
  {
    rel: "preload",
    media: "(min-width: 768px)",
    as: "image",
    type: "image/avif",
    imageSrcSet: HERO_WIDTHS.map((w) => `/images/hero/hero-1-${w}.avif ${w}w`).join(", "),
    imageSizes: "100vw",
    fetchPriority: "high",
  },
];

export function meta({ data, matches, location }: Route.MetaArgs) {
  if (!data) return [];
  return pageMeta({ ...rootMetaData(matches, location), title: data.title, description: data.description, path: "/" });
}

const SERVICES: Array<{ key: string; icon: IconName }> = [
  { key: "airport", icon: "plane" },
  { key: "vip", icon: "crown" },
  { key: "chauffeur", icon: "user" },
  { key: "corporate", icon: "briefcase" },
];
const REASONS: Array<{ key: string; icon: IconName }> = [
  { key: "punctual", icon: "clockFast" },
  { key: "fixedPrice", icon: "shield" },
  { key: "chauffeurs", icon: "user" },
  { key: "fleet", icon: "sparkle" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("home");
  const root = useRootData();
  const { featured, prices, carsFailed, heroInline } = loaderData;
  const alts = [t("hero.alt1"), t("hero.alt2"), t("hero.alt3"), t("hero.alt4")];

  return (
    <main id="main">
      {root && <BusinessJsonLd root={root} />}
      <Hero alts={alts} inlineFirst={heroInline}>
        <div className="container-page pt-20 pb-32 sm:pt-28 sm:pb-40 lg:pt-32">
          <p className="text-xs font-semibold tracking-[0.3em] text-brand uppercase sm:text-sm">{t("hero.eyebrow")}</p>
          <h1 className="mt-4 max-w-3xl font-display text-4xl leading-tight font-semibold sm:text-6xl">{t("hero.title")}</h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-200">{t("hero.subtitle")}</p>
          <div className="mt-10 flex flex-wrap gap-4">
            <a href="#booking" className="btn-primary">
              {t("hero.cta")}
            </a>
            <Link to="/fleet" className="btn-secondary border-white/40 text-white hover:border-white dark:border-white/40">
              {t("hero.fleet")}
            </Link>
          </div>
        </div>
      </Hero>

      <section id="booking" aria-labelledby="booking-title" className="container-page relative z-10 -mt-12 pb-20">
        <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-2xl sm:p-10 dark:border-slate-800 dark:bg-slate-900">
          <BookingForm.Part />
        </div>
      </section>

      <section aria-labelledby="featured-title" className="container-page pb-24">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <SectionHeading id="featured-title" eyebrow={t("featured.eyebrow")} title={t("featured.title")} lead={t("featured.lead")} />
          <Link to="/fleet" className="btn-secondary">
            {t("featured.all")}
          </Link>
        </div>
        <div className="mt-10">
          {carsFailed ? (
            <CarsError />
          ) : featured.length === 0 ? (
            <CarsEmpty title={t("featured.emptyTitle")} hint={t("featured.emptyHint")} />
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {featured.map((car) => (
                <li key={car.id} className="flex">
                  <CarCard car={car} prices={prices[car.id]!} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section aria-labelledby="services-title" className="bg-slate-50 py-24 dark:bg-slate-900/50">
        <div className="container-page">
          <SectionHeading id="services-title" eyebrow={t("services.eyebrow")} title={t("services.title")} lead={t("services.lead")} />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {SERVICES.map((s) => (
              <li key={s.key} className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
                <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-soft text-brand-strong dark:text-brand">
                  <Icon name={s.icon} className="h-6 w-6" />
                </span>
                <h3 className="mt-5 text-lg font-semibold">{t(`services.items.${s.key}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{t(`services.items.${s.key}.text`)}</p>
                <Link
                  to={`/services#${s.key}`}
                  className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-strong hover:underline dark:text-brand"
                >
                  {t("services.more")}
                  <span className="sr-only">: {t(`services.items.${s.key}.title`)}</span>
                  <Icon name="right" className="h-4 w-4" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="why-title" className="container-page py-24">
        <SectionHeading id="why-title" eyebrow={t("why.eyebrow")} title={t("why.title")} align="center" />
        <ul className="mt-14 grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map((r) => (
            <li key={r.key} className="text-center">
              <span className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-ink text-brand">
                <Icon name={r.icon} className="h-6 w-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{t(`why.items.${r.key}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{t(`why.items.${r.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cta-title" className="container-page py-24">
        <div className="relative overflow-hidden rounded-3xl bg-brand px-8 py-14 text-ink sm:px-14">
          <div className="max-w-2xl">
            <h2 id="cta-title" className="font-display text-3xl font-semibold sm:text-4xl">
              {t("cta.title")}
            </h2>
            <p className="mt-4 text-lg">{t("cta.text")}</p>
          </div>
          <div className="mt-8 flex flex-wrap gap-4">
            <Link to="/contact" className="inline-flex items-center gap-2 rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-slate-800">
              {t("cta.contact")}
            </Link>
            {root?.site.contactPhone && (
              <a
                href={telHref(root.site.contactPhone)}
                className="inline-flex items-center gap-2 rounded-full border-2 border-ink px-6 py-3 text-sm font-semibold hover:bg-ink hover:text-white"
              >
                <Icon name="phone" className="h-4 w-4" />
                {t("cta.call", { phone: root.site.contactPhone })}
              </a>
            )}
          </div>
        </div>
      </section>
    </main>
  );
}
