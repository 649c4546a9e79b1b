/**
 * A day page's navigation (the dispatch board, drivers' cash): the previous day, today, the next
 * day as links, and a date picker that works without JavaScript (a GET form to the same page).
 */
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { buttonClass, CONTROL } from "~/admin/ui";
import { shiftDate } from "~/booking/rules/dispatch";

const NAV =
  "inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50 admin-dark:border-slate-700 admin-dark:bg-slate-900 admin-dark:hover:bg-slate-800";

/**
 * `path`: the page ("/admin/dispatch"); `id`: the date field's id and the links' test ids' prefix;
 * `query`: more of the page's parameters the day links and the date form keep ("&show=noDriver").
 */
export function DayNav({ path, date, today, id, query = "" }: { path: string; date: string; today: string; id: string; query?: string }) {
  const { t } = useTranslation("admin");
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
      <nav aria-label={t("dispatch.dayNav")} className="flex flex-wrap items-center gap-2">
        <Link to={`${path}?date=${shiftDate(date, -1)}${query}`} className={NAV} rel="prev" data-testid={`${id}-prev`}>
          <span aria-hidden="true">←&nbsp;</span>
          {t("dispatch.previous")}
        </Link>
        <Link to={`${path}?date=${today}${query}`} className={NAV} aria-current={date === today ? "date" : undefined}>
          {t("dispatch.today")}
        </Link>
        <Link to={`${path}?date=${shiftDate(date, 1)}${query}`} className={NAV} rel="next" data-testid={`${id}-next`}>
          {t("dispatch.next")}
          <span aria-hidden="true">&nbsp;→</span>
        </Link>
      </nav>
      <Form method="get" className="flex items-end gap-2">
        {[...new URLSearchParams(query)].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div>
          <label htmlFor={`${id}-date`} className="mb-1 block text-sm font-medium text-slate-700 admin-dark:text-slate-300">
            {t("dispatch.dateLabel")}
          </label>
          <input key={date} id={`${id}-date`} type="date" name="date" defaultValue={date} required className={CONTROL} />
        </div>
        <button type="submit" className={buttonClass("primary")}>
          {t("dispatch.show")}
        </button>
      </Form>
    </div>
  );
}
