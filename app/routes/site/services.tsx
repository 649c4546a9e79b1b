import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import type { I18nHandle } from "~/i18n/resources";
import type { Route } from "./+types/services";
import { pageMeta, rootMetaData } from "~/components/seo";
import { Icon, type IconName } from "~/components/site/icons";
import { PageHero, SectionHeading } from "~/components/site/section-heading";
import { getInstance } from "~/i18n/i18next.server";

/** The catalogues this page needs besides `common` (loaded before hydration; app/i18n/resources.ts). */
export const handle: I18nHandle = { i18n: ["services"] };

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  return { title: t("services:meta.title"), description: t("services:meta.description") };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  if (!data) return [];
  return pageMeta({ ...rootMetaData(matches, location), title: data.title, description: data.description, path: "/services" });
}

/** The nine tiles of spec §2, in its order; the keys are also the anchors the footer links to. */
const SERVICES: Array<{ key: string; icon: IconName }> = [
  { key: "luxury", icon: "car" },
  { key: "chauffeur", icon: "user" },
  { key: "doorstep", icon: "home" },
  { key: "airport", icon: "plane" },
  { key: "wedding", icon: "ring" },
  { key: "corporate", icon: "briefcase" },
  { key: "longTerm", icon: "key" },
  { key: "insurance", icon: "shield" },
  { key: "vip", icon: "crown" },
];
const STEPS = ["choose", "book", "confirm", "enjoy"] as const;

export default function Services() {
  const { t } = useTranslation("services");
  return (
    <main id="main">
      <PageHero eyebrow={t("hero.eyebrow")} title={t("hero.title")} lead={t("hero.lead")} />
      <section aria-labelledby="services-list-title" className="container-page py-20">
        <h2 id="services-list-title" className="sr-only">
          {t("list.title")}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((s) => (
            <li
              key={s.key}
              id={s.key}
              className="rounded-2xl border border-slate-200 bg-white p-7 transition hover:-translate-y-0.5 hover:shadow-xl dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-soft text-brand-strong dark:text-brand">
                <Icon name={s.icon} className="h-6 w-6" />
              </span>
              <h3 className="mt-5 text-xl font-semibold">{t(`items.${s.key}.title`)}</h3>
              <p className="mt-3 leading-relaxed text-slate-600 dark:text-slate-300">{t(`items.${s.key}.text`)}</p>
              {/* Chauffeur by the hour is booked in the search: the form opens with "By the hour" chosen. */}
              {s.key === "chauffeur" && (
                <Link to={{ pathname: "/", search: "?tripType=hourly", hash: "booking" }} className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-strong hover:underline dark:text-brand">
                  {t("items.chauffeur.book")}
                  <Icon name="right" className="h-4 w-4" />
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="process-title" className="bg-slate-50 py-20 dark:bg-slate-900/50">
        <div className="container-page">
          <SectionHeading id="process-title" eyebrow={t("process.eyebrow")} title={t("process.title")} align="center" />
          <ol className="mt-14 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, i) => (
              <li key={step} className="relative rounded-2xl bg-white p-7 shadow-sm dark:bg-slate-900">
                <span aria-hidden className="font-display text-5xl font-semibold text-brand-strong dark:text-brand">
                  {String(i + 1).padStart(2, "0")}
                </span>
                <h3 className="mt-3 text-lg font-semibold">
                  <span className="sr-only">{t("process.step", { number: i + 1 })}: </span>
                  {t(`process.steps.${step}.title`)}
                </h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{t(`process.steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="services-cta-title" className="container-page py-20">
        <div className="rounded-3xl bg-ink px-8 py-14 text-center text-white sm:px-14">
          <h2 id="services-cta-title" className="font-display text-3xl font-semibold sm:text-4xl">
            {t("cta.title")}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">{t("cta.text")}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link to="/fleet" className="btn-primary">
              {t("cta.fleet")}
            </Link>
            <Link to="/contact" className="btn-secondary border-white/40 text-white hover:border-white dark:border-white/40">
              {t("cta.contact")}
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
