/**
 * The fleet (spec §2): text search on the name and category buttons, combined and kept in the URL
 * (`?q=&category=`), so they work without JavaScript and survive a reload. With JavaScript the list
 * refilters while typing (debounced, replacing the history entry).
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { I18nHandle } from "~/i18n/resources";
import type { Route } from "./+types/fleet";
import { pageMeta, rootMetaData } from "~/components/seo";
import { CarCard } from "~/components/site/car-card";
import { CarsEmpty, CarsError } from "~/components/site/cars-state";
import { Icon } from "~/components/site/icons";
import { PageHero } from "~/components/site/section-heading";
import type { Car } from "~/fleet/car";
import { useCategoryLabel } from "~/fleet/category";
import { listCars, listCategories } from "~/fleet/cars.server";
import { cardPricesFor } from "~/fleet/card-prices.server";
import type { CardPrices } from "~/fleet/card-prices";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { getApp } from "~/server/context";

/** The catalogues this page needs besides `common` (loaded before hydration; app/i18n/resources.ts). */
export const handle: I18nHandle = { i18n: ["fleet"] };

const TYPE_DELAY_MS = 300;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = getApp(context);
  const { t } = getInstance(context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const categoryParam = (url.searchParams.get("category") ?? "").trim();
  let cars: Car[] = [];
  let prices: Record<string, CardPrices> = {};
  let categories: string[] = [];
  let failed = false;
  try {
    categories = await listCategories(db.kysely, { status: "active" });
    const category = categories.includes(categoryParam) ? categoryParam : "";
    cars = (await listCars(db.kysely, { status: "active", q: q || undefined, category: category || undefined })).cars;
    prices = await cardPricesFor(db.kysely, cars, getLanguage(context));
  } catch (error) {
    log.error({ err: error }, "fleet could not be loaded");
    failed = true;
  }
  return {
    title: t("fleet:meta.title"),
    description: t("fleet:meta.description"),
    q,
    category: categories.includes(categoryParam) ? categoryParam : "",
    categories,
    cars,
    prices,
    failed,
  };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  if (!data) return [];
  return pageMeta({ ...rootMetaData(matches, location), title: data.title, description: data.description, path: "/fleet" });
}

function filterHref(q: string, category: string) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category) params.set("category", category);
  const search = params.toString();
  return search ? `/fleet?${search}` : "/fleet";
}

export default function Fleet({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("fleet");
  const { q, category, categories, cars, prices, failed } = loaderData;
  const categoryLabel = useCategoryLabel();
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<number | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const searching = navigation.state === "loading" && navigation.location.pathname === "/fleet";

  // Keep the box in step with the URL (back/forward, a category link) unless the user is typing in it.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = q;
  }, [q]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <main id="main">
      <PageHero eyebrow={t("hero.eyebrow")} title={t("hero.title")} lead={t("hero.lead")} />
      <div className="container-page py-12 sm:py-16">
        <Form
          method="get"
          role="search"
          aria-label={t("search.label")}
          className="flex flex-col gap-3 sm:flex-row"
          onChange={(e) => {
            const form = e.currentTarget;
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), TYPE_DELAY_MS);
          }}
        >
          <label htmlFor="fleet-q" className="sr-only">
            {t("search.label")}
          </label>
          <div className="relative flex-1">
            <Icon name="search" className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-500" />
            <input
              ref={input}
              id="fleet-q"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={100}
              placeholder={t("search.placeholder")}
              className="w-full rounded-full border border-slate-300 bg-white py-3 pr-4 pl-12 text-base dark:border-slate-700 dark:bg-slate-900"
            />
          </div>
          {category && <input type="hidden" name="category" value={category} />}
          <button type="submit" className="btn-primary">
            {t("search.submit")}
          </button>
        </Form>

        <nav aria-label={t("filter.label")} className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {["", ...categories].map((c) => {
              const active = c === category;
              return (
                <li key={c || "all"}>
                  <Link
                    to={filterHref(q, c)}
                    replace
                    preventScrollReset
                    aria-current={active ? "true" : undefined}
                    className={`inline-flex rounded-full border px-4 py-2 text-sm font-semibold transition ${
                      active
                        ? "border-ink bg-ink text-white dark:border-brand dark:bg-brand dark:text-ink"
                        : "border-slate-300 text-slate-700 hover:border-slate-900 dark:border-slate-700 dark:text-slate-200 dark:hover:border-slate-300"
                    }`}
                  >
                    {c ? categoryLabel(c) : t("filter.all")}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="mt-10" aria-busy={searching}>
          {searching && (
            <p role="status" className="mb-4 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
              <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand" />
              {t("loading")}
            </p>
          )}
          {failed ? (
            <CarsError />
          ) : cars.length === 0 ? (
            <CarsEmpty title={t("empty.title")} hint={t("empty.hint")}>
              <Link to="/fleet" className="btn-secondary mt-6">
                {t("empty.reset")}
              </Link>
            </CarsEmpty>
          ) : (
            <>
              <h2 className="mb-6 text-sm font-normal text-slate-600 dark:text-slate-300">{t("count", { count: cars.length })}</h2>
              <ul className={`grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${searching ? "opacity-60" : ""}`}>
                {cars.map((car, i) => (
                  <li key={car.id} className="flex">
                    <CarCard car={car} prices={prices[car.id]!} eager={i < 3} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
