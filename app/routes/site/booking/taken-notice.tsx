/**
 * The chosen car was taken between the results and the booking (issue 32): said once at the top of
 * the page (no generic error), with the cheapest free car of the same class or higher and a form
 * that books it in one click, with everything the visitor typed (it works without JavaScript).
 */
import { Form } from "react-router";
import { useTranslation } from "~/i18n/react";
import { useMoney } from "~/pricing/use-money";
import { useCategoryLabel } from "~/fleet/category";
import type { Kurus } from "~/utils/money";
import type { CarCard } from "./results.server";

export interface TakenOffer {
  /** `booking:errors.carBusy` or `booking:errors.carInMaintenance` */
  problem: string;
  car: { name: string; total: Kurus } | null;
  alternative: CarCard | null;
  fields: Array<[string, string]>;
}

export function TakenNotice({ taken, query, submitting }: { taken: TakenOffer; query: string; submitting: boolean }) {
  const { t } = useTranslation("booking");
  const money = useMoney();
  const categoryLabel = useCategoryLabel();
  const alt = taken.alternative;
  const busy = taken.problem === "booking:errors.carBusy";
  const was = taken.car?.total ?? null;
  return (
    <section role="alert" aria-labelledby="taken-title" data-testid="car-taken" className="mb-8 rounded-3xl border border-amber-300 bg-amber-50 p-6 text-amber-950 sm:p-8 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
      <h2 id="taken-title" className="font-display text-xl font-semibold">
        {taken.car ? t(busy ? "taken.title" : "taken.titleMaintenance", { car: taken.car.name }) : t(taken.problem)}
      </h2>
      <p className="mt-1 text-sm">{t("taken.kept")}</p>
      {alt ? (
        <div className="mt-5 flex flex-col gap-4 rounded-2xl bg-white p-4 text-slate-900 sm:flex-row sm:items-center dark:bg-slate-900 dark:text-slate-50" data-alternative={alt.id}>
          <img src={alt.image} alt="" width={160} height={90} className="aspect-[16/9] w-full rounded-xl bg-slate-100 object-cover sm:w-40" />
          <div className="flex-1">
            <p className="text-xs font-semibold tracking-widest text-slate-500 uppercase dark:text-slate-400">{categoryLabel(alt.category)}</p>
            <p className="text-lg font-semibold">{alt.name}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("bookingResults.capacity", { seats: alt.seats, luggage: alt.luggage })}</p>
            <p className="mt-1 font-semibold" data-testid="alternative-price">
              {was === null || was === alt.price.total
                ? t("taken.samePrice", { price: money.shown(alt.price.total) })
                : t(alt.price.total > was ? "taken.higherPrice" : "taken.lowerPrice", { price: money.shown(alt.price.total), was: money.shown(was) })}
            </p>
          </div>
          <Form method="post" action={`?${query}&car=${encodeURIComponent(alt.id)}`} className="sm:w-56">
            {taken.fields.map(([name, value], i) => (
              <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="btn-primary w-full" disabled={submitting} aria-busy={submitting || undefined}>
              {submitting ? t("contact.processing") : t("taken.book", { car: alt.name })}
            </button>
          </Form>
        </div>
      ) : (
        <p className="mt-4 text-sm">{t("taken.none")}</p>
      )}
      <p className="mt-4 text-sm">
        <a href="#cars-title" className="font-semibold underline">{t("taken.others")}</a>
      </p>
    </section>
  );
}
