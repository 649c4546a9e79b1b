/** The error panel and the empty state of a car list (spec §8). */
import { useTranslation } from "~/i18n/react";
import { Icon } from "./icons";

export function CarsError() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-2xl border border-rose-200 bg-rose-50 p-6 text-rose-900 dark:border-rose-900 dark:bg-rose-950/50 dark:text-rose-100">
      <p className="font-semibold">{t("car.loadError")}</p>
      <p className="mt-1 text-sm">{t("car.loadErrorHint")}</p>
    </div>
  );
}

export function CarsEmpty({ title, hint, children }: { title: string; hint: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
      <Icon name="car" className="h-10 w-10 text-slate-400" />
      <p className="mt-4 font-display text-xl font-semibold">{title}</p>
      <p className="mt-2 max-w-md text-slate-600 dark:text-slate-300">{hint}</p>
      {children}
    </div>
  );
}
