/**
 * The dispatch board's filters and view (issue 34): which legs ("Şoförü olmayanlar", "Aracı
 * olmayanlar"), which cars (a category) and the compact view, as a GET form that works without
 * JavaScript; the day, the filter and the view travel together in every link of the board.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { filterQuery, type BoardFilter } from "~/booking/rules/board-filter";
import { buttonClass, Checkbox, SelectField } from "./ui";

/** The board's own address for a day, with its filter and view (`extra`: more parameters, "&assign=…"). */
export function boardHref(date: string, filter: BoardFilter, compact: boolean, extra = ""): string {
  return `/admin/dispatch?date=${date}${filterQuery(filter)}${compact ? "&view=compact" : ""}${extra}`;
}

/** The filter and view as a query string for the day links ("&show=noDriver&view=compact"). */
export const boardQuery = (filter: BoardFilter, compact: boolean) => `${filterQuery(filter)}${compact ? "&view=compact" : ""}`;

export function BoardFilters({ date, filter, compact, categories, shown, total }: { date: string; filter: BoardFilter; compact: boolean; categories: readonly string[]; shown: number; total: number }) {
  const { t } = useTranslation("admin");
  const filtered = filter.show !== null || filter.category !== null;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm print:hidden admin-dark:border-slate-800 admin-dark:bg-slate-900" aria-label={t("dispatch.filters.label")} data-testid="dispatch-filters">
      <input type="hidden" name="date" value={date} />
      <SelectField
        id="dispatch-show"
        name="show"
        label={t("dispatch.filters.show")}
        defaultValue={filter.show ?? ""}
        className="min-w-[12rem]"
        options={[
          { value: "", label: t("dispatch.filters.all") },
          { value: "noDriver", label: t("dispatch.filters.noDriver") },
          { value: "noCar", label: t("dispatch.filters.noCar") },
        ]}
      />
      <SelectField
        id="dispatch-category"
        name="category"
        label={t("dispatch.filters.category")}
        defaultValue={filter.category ?? ""}
        className="min-w-[10rem]"
        options={[{ value: "", label: t("dispatch.filters.allCategories") }, ...categories.map((c) => ({ value: c, label: c }))]}
      />
      <Checkbox id="dispatch-compact" name="view" value="compact" label={t("dispatch.filters.compact")} defaultChecked={compact} className="pb-2" />
      <button type="submit" className={buttonClass("primary", "sm")}>
        {t("dispatch.filters.apply")}
      </button>
      {filtered ? (
        <p className="basis-full text-sm text-slate-700 admin-dark:text-slate-300" data-testid="dispatch-filter-note">
          {t("dispatch.filters.shown", { shown, total })}{" "}
          <Link to={boardHref(date, { show: null, category: null }, compact)} className="font-medium text-sky-700 underline underline-offset-2 admin-dark:text-sky-300">
            {t("dispatch.filters.clear")}
          </Link>
        </p>
      ) : null}
    </Form>
  );
}
