import { useTranslation } from "react-i18next";
import type { Route } from "./+types/home";
import { BookingSearchForm } from "~/booking/search-form";
import { getInstance } from "~/i18n/i18next.server";

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  return { title: t("home.metaTitle"), description: t("home.metaDescription") };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: "description", content: data?.description }];
}

export default function Home() {
  const { t } = useTranslation();
  return (
    <main id="main">
      <section className="relative isolate overflow-hidden bg-ink text-white">
        <div className="container-page py-24 sm:py-32">
          <p className="text-sm font-semibold tracking-[0.3em] text-brand uppercase">{t("home.eyebrow")}</p>
          <h1 className="mt-4 max-w-3xl font-display text-4xl leading-tight font-semibold sm:text-6xl">{t("home.title")}</h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-300">{t("home.subtitle")}</p>
        </div>
      </section>
      <section id="booking" aria-labelledby="booking-title" className="container-page -mt-10 pb-16">
        <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-xl sm:p-10 dark:border-slate-800 dark:bg-slate-900">
          <BookingSearchForm />
        </div>
      </section>
    </main>
  );
}
