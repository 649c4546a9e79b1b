import { useTranslation } from "~/i18n/react";
import { data, Link } from "react-router";
import type { Route } from "./+types/dispatch";
import { Board, BoardLegend } from "~/admin/dispatch-board";
import { AdminPage, Alert, buttonClass } from "~/admin/ui";
import { businessToday } from "~/booking/rules/datetime";
import { boardDay, conflictCount, parseBoardDate, type Lane } from "~/booking/rules/dispatch";
import { loadDispatchDay } from "~/booking/index.server";
import { longBusinessDate as longDate } from "~/booking/rules/format";
import { getApp } from "~/server/context";
import { DispatchAssignments, assignKey, dayLegs } from "~/admin/dispatch-assign";
import { DayNav } from "~/admin/day-nav";
import { useCan } from "~/admin/can";
import { adminLanguage } from "~/admin/i18n.server";
import { assignableCars, assignableDrivers, runAssignForm } from "~/admin/leg-assignments.server";
import { flightStatesOf } from "~/flights/state.server";
import { applyBoardFilter, parseBoardFilter } from "~/booking/rules/board-filter";
import { BoardFilters, boardHref, boardQuery, DutyRoster } from "~/admin/dispatch-filters";
import { dutyRoster, suggestionsView } from "~/admin/dispatch-suggestions.server";

/**
 * /admin/dispatch?date=YYYY-MM-DD: the day's legs per car; a bad date says so and shows today.
 * `&show=noDriver|noCar`, `&category=…` filter it and `&view=compact` packs it (issue 34);
 * `&assign=<reference>:<leg>` opens that leg's assignment form with its suggested drivers and cars.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = getApp(context);
  const params = new URL(request.url).searchParams;
  const asked = params.get("date");
  const { date, invalid } = parseBoardDate(asked);
  const compact = params.get("view") === "compact";
  const base = { date, today: businessToday(), invalidDate: invalid ? (asked ?? "").slice(0, 40) : null, assigning: params.get("assign")?.slice(0, 100) ?? null, compact };
  try {
    // the drivers and cars the legs' assignment forms offer (issue 15)
    const [board, drivers, cars, roster] = await Promise.all([loadDispatchDay(db.kysely, boardDay(date)!), assignableDrivers(db.kysely), assignableCars(db.kysely), dutyRoster(db.kysely, date)]);
    const categories = [...new Set(board.lanes.flatMap((lane) => (lane.kind === "car" ? [lane.car.category] : [])))].sort((a, b) => a.localeCompare(b, "tr"));
    const filter = parseBoardFilter(params, categories);
    const lanes = applyBoardFilter(board.lanes, filter, new Map(Object.entries(board.categoryOfCar)));
    // the tracked flights of the day's bookings (issue 31; none without a flight provider)
    const outbound = lanes.flatMap((lane) => lane.legs.filter((leg) => leg.leg === "outbound"));
    const flights = await flightStatesOf(db.kysely, outbound.map((leg) => ({ id: leg.bookingId, pickup_date: leg.start, pickup_location: leg.from, flight_number: leg.flightNumber })));
    // the open leg's suggestions (issue 34)
    const open = base.assigning ? dayLegs(lanes).find((leg) => assignKey(leg) === base.assigning && (leg.status === "pending" || leg.status === "confirmed")) : undefined;
    const suggestions = open ? await suggestionsView(db.kysely, open, await adminLanguage(db.kysely)) : null;
    return { ...base, lanes, buffer: board.buffer, categories, filter, total: board.lanes.reduce((n, lane) => n + lane.legs.length, 0), drivers, cars, flights, suggestions, roster, failed: false };
  } catch (error) {
    log.error({ err: error }, "dispatch board failed");
    return { ...base, lanes: [] as Lane[], buffer: 0, categories: [], filter: parseBoardFilter(params, []), total: 0, drivers: [], cars: [], flights: {}, suggestions: null, roster: [], failed: true };
  }
}

/** A leg's driver and car from the board (`intent=assign`, with the booking's id); the page comes back on the same day. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "assign") throw data(null, { status: 400 });
  const lng = await adminLanguage(getApp(context).db.kysely);
  return runAssignForm(context, form, lng, null);
}

export default function Dispatch({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const can = useCan();
  const { date, today, invalidDate, assigning, lanes, buffer, failed, drivers, cars: carsToAssign, flights, compact, filter, categories, total, suggestions, roster } = loaderData;
  const dateLabel = longDate(date, i18n.language);
  const legs = lanes.reduce((n, lane) => n + lane.legs.length, 0);
  const listed = dayLegs(lanes);
  const matching = listed.filter((leg) => !leg.dimmed).length;
  const here = boardHref(date, filter, compact);
  const cars = lanes.filter((lane) => lane.kind === "car").length;
  return (
    <AdminPage
      title={<span className="print:hidden">{t("dispatch.title")}</span>}
      description={<span className="print:hidden">{t("dispatch.description")}</span>}
      actions={
        <>
          {/* with JavaScript the board follows changes by itself (app/admin/live.tsx); without, this shows them */}
          <Link to={here} className={`${buttonClass("secondary")} print:hidden`} data-testid="dispatch-reload">
            {t("dispatch.reload")}
          </Link>
          {/* the run sheet has a page of its own: the board does not carry a busy day's sheet in every answer */}
          <Link to={`/admin/dispatch/print?date=${date}`} className={`${buttonClass("secondary")} print:hidden`}>
            {t("dispatch.print")}
          </Link>
        </>
      }
    >
      <title>{`${t("dispatch.title")} · ${date} · ${t("shell.brand")}`}</title>
      {invalidDate !== null ? <Alert tone="error">{t("dispatch.invalidDate", { value: invalidDate })}</Alert> : null}
      {failed ? <Alert tone="error">{t("dispatch.loadFailed")}</Alert> : null}

      <DayNav path="/admin/dispatch" date={date} today={today} id="dispatch" query={boardQuery(filter, compact)} />
      <BoardFilters date={date} filter={filter} compact={compact} categories={categories} shown={matching} total={total} />

      <div>
        <h2 className="text-lg font-semibold" data-testid="dispatch-day">
          {dateLabel}
        </h2>
        <p className="text-sm text-slate-600 print:hidden admin-dark:text-slate-400">
          {t("dispatch.summary", { legs, cars, conflicts: conflictCount(lanes) })} · {t("dispatch.bufferNote", { minutes: buffer })}
        </p>
      </div>
      <DutyRoster roster={roster} date={date} />
      <BoardLegend />

      {lanes.length === 0 && !failed ? <Alert tone="info">{t("dispatch.noCars")}</Alert> : null}
      {lanes.length > 0 ? (
        <>
          <Board lanes={lanes} date={date} flights={flights} compact={compact} />
          <DispatchAssignments
            legs={listed}
            drivers={drivers}
            cars={carsToAssign}
            editable={can("bookings.write")}
            day={here}
            assigning={assigning}
            result={actionData}
            suggestions={suggestions}
            filtered={filter.show !== null || filter.category !== null}
          />
        </>
      ) : null}
    </AdminPage>
  );
}
