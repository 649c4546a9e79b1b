import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import type { I18nHandle } from "~/i18n/resources";
import type { Route } from "./+types/about";
import { pageMeta, rootMetaData } from "~/components/seo";
import { Counter } from "~/components/site/counter";
import { Icon } from "~/components/site/icons";
import { PageHero, SectionHeading } from "~/components/site/section-heading";
import { LOCALE_TAGS } from "~/i18n/config";
import { countBookings } from "~/booking/index.server";
import { countCars, listCategories } from "~/fleet/cars.server";
import { getInstance } from "~/i18n/i18next.server";
import { useRootData } from "~/root";
import { getApp } from "~/server/context";

/** The catalogues this page needs besides `common` (loaded before hydration; app/i18n/resources.ts). */
export const handle: I18nHandle = { i18n: ["about"] };

/**
 * The numbers come from the data, never from copy: the cars in service, their classes and the
 * transfers completed (shown once there are some). Nothing is claimed that the office has not set.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const { t } = getInstance(context);
  const [cars, classes, trips] = await Promise.all([
    countCars(db.kysely, { status: "active" }),
    listCategories(db.kysely, { status: "active" }).then((c) => c.length),
    countBookings(db.kysely, { status: "completed" }),
  ]);
  const stats = [
    { key: "cars", value: cars },
    { key: "classes", value: classes },
    { key: "trips", value: trips },
  ].filter((s) => s.value > 0);
  return { title: t("about:meta.title"), description: t("about:meta.description"), stats };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  if (!data) return [];
  return pageMeta({ ...rootMetaData(matches, location), title: data.title, description: data.description, path: "/about" });
}

const VALUES = ["safety", "comfort", "discretion"] as const;

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("about");
  const locale = LOCALE_TAGS[useRootData()?.locale ?? "en"];
  return (
    <main id="main">
      <PageHero eyebrow={t("hero.eyebrow")} title={t("hero.title")} lead={t("hero.lead")} />

      <section aria-labelledby="story-title" className="container-page grid gap-14 py-20 lg:grid-cols-2 lg:items-center">
        <div>
          <SectionHeading id="story-title" eyebrow={t("story.eyebrow")} title={t("story.title")} />
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-600 dark:text-slate-300">
            <p>{t("story.p1")}</p>
            <p>{t("story.p2")}</p>
          </div>
        </div>
        <div className="relative">
          <picture>
            <source type="image/avif" srcSet="/images/hero/hero-2-960.avif 960w, /images/hero/hero-2-1280.avif 1280w" sizes="(min-width: 1024px) 600px, 100vw" />
            <img
              src="/images/hero/hero-2-960.webp"
              srcSet="/images/hero/hero-2-960.webp 960w, /images/hero/hero-2-1280.webp 1280w"
              sizes="(min-width: 1024px) 600px, 100vw"
              width={960}
              height={540}
              loading="lazy"
              decoding="async"
              alt={t("story.imageAlt")}
              className="h-auto w-full rounded-3xl object-cover shadow-2xl"
            />
          </picture>
          <p className="absolute -bottom-6 left-6 rounded-2xl bg-brand px-6 py-4 text-ink shadow-xl">
            <span className="block font-display text-3xl font-semibold">{t("badge.value")}</span>
            <span className="text-sm font-semibold">{t("badge.label")}</span>
          </p>
        </div>
      </section>

      <section aria-labelledby="mission-title" className="container-page grid gap-6 pb-20 md:grid-cols-2">
        <h2 id="mission-title" className="sr-only">
          {t("missionVision")}
        </h2>
        {(["mission", "vision"] as const).map((key) => (
          <article key={key} className="rounded-2xl border border-slate-200 p-8 dark:border-slate-800">
            <h3 className="font-display text-2xl font-semibold">{t(`${key}.title`)}</h3>
            <p className="mt-3 leading-relaxed text-slate-600 dark:text-slate-300">{t(`${key}.text`)}</p>
          </article>
        ))}
      </section>

      {loaderData.stats.length > 0 && (
        <section aria-labelledby="stats-title" className="bg-ink py-20 text-white">
          <div className="container-page">
            <h2 id="stats-title" className="text-center font-display text-3xl font-semibold">
              {t("stats.title")}
            </h2>
            <div className="mx-auto mt-12 grid max-w-4xl grid-cols-2 justify-center gap-10 sm:grid-cols-3">
              {loaderData.stats.map((s) => (
                <Counter key={s.key} value={s.value} locale={locale} label={t(`stats.${s.key}`)} />
              ))}
            </div>
          </div>
        </section>
      )}

      <section aria-labelledby="values-title" className="container-page py-20">
        <SectionHeading id="values-title" eyebrow={t("values.eyebrow")} title={t("values.title")} align="center" />
        <div className="mt-12 grid gap-6 lg:grid-cols-3">
          {VALUES.map((key) => (
            <article key={key} className="rounded-2xl bg-slate-50 p-8 dark:bg-slate-900">
              <h3 className="font-display text-2xl font-semibold">{t(`values.items.${key}.title`)}</h3>
              <ul className="mt-5 space-y-3">
                {[1, 2, 3].map((n) => (
                  <li key={n} className="flex gap-3 text-slate-700 dark:text-slate-300">
                    <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-strong dark:text-brand" />
                    {t(`values.items.${key}.p${n}`)}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
        <div className="mt-14 flex flex-wrap justify-center gap-4">
          <Link to="/fleet" className="btn-primary">
            {t("cta.fleet")}
          </Link>
          <Link to="/contact" className="btn-secondary">
            {t("cta.contact")}
          </Link>
        </div>
      </section>
    </main>
  );
}
