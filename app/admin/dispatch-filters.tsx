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

export type RosterEntry = { id: string; name: string; duty: { from: string; to: string } | "off" | "leave" | "always" };

/** Who is on duty that day (issue 34): drivers with their hours, then those off or on leave. */
export function DutyRoster({ roster, date }: { roster: readonly RosterEntry[]; date: string }) {
  const { t } = useTranslation("admin");
  if (roster.length === 0) return null;
  const working = roster.filter((d) => d.duty !== "off" && d.duty !== "leave");
  const away = roster.filter((d) => d.duty === "off" || d.duty === "leave");
  const hours = (d: RosterEntry) => (typeof d.duty === "object" ? `${d.name} ${d.duty.from}–${d.duty.to}` : `${d.name} (${t("dispatch.roster.always")})`);
  return (
    <section aria-labelledby="dispatch-roster-title" className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm print:hidden admin-dark:border-slate-800 admin-dark:bg-slate-900" data-testid="dispatch-roster" data-date={date}>
      <h2 id="dispatch-roster-title" className="font-semibold">
        {t("dispatch.roster.title")}
      </h2>
      <p data-testid="dispatch-roster-on">{working.length > 0 ? `${t("dispatch.roster.on", { count: working.length })}: ${working.map(hours).join(" · ")}` : t("dispatch.roster.nobody")}</p>
      {away.length > 0 ? (
        <p className="text-slate-700 admin-dark:text-slate-300" data-testid="dispatch-roster-away">
          {`${t("dispatch.roster.away", { count: away.length })}: ${away.map((d) => `${d.name} (${t(d.duty === "leave" ? "dispatch.roster.leave" : "dispatch.roster.off")})`).join(" · ")}`}
        </p>
      ) : null}
    </section>
  );
}
