import { useTranslation } from "~/i18n/react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/dispatch.print";
import { RunSheet } from "~/admin/dispatch-board";
import { useHydrated } from "~/components/site/use-hydrated";
import { Alert, buttonClass, SelectField } from "~/admin/ui";
import { boardDay, parseBoardDate, type Lane } from "~/booking/rules/dispatch";
import { loadDispatchDay } from "~/booking/index.server";
import { longBusinessDate as longDate } from "~/booking/rules/format";
import { getApp } from "~/server/context";

/**
 * /admin/dispatch/print?date=YYYY-MM-DD: the board's day as a run sheet to print (per car a table
 * with its plate, addresses, phones and notes, a page per car on paper; `&car=<id>`: that car's
 * sheet alone, to hand to its driver). Its own page, so the board does not carry a busy day's sheet
 * in every answer; a bad date says so and shows today, as on the board; an unknown car, all cars.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = getApp(context);
  const params = new URL(request.url).searchParams;
  const asked = params.get("date");
  const { date, invalid } = parseBoardDate(asked);
  const base = { date, invalidDate: invalid ? (asked ?? "").slice(0, 40) : null };
  try {
    const { lanes } = await loadDispatchDay(db.kysely, boardDay(date)!);
    const cars = lanes.flatMap((lane) => (lane.kind === "car" && lane.legs.length > 0 ? [{ id: lane.car.id, name: lane.car.plate_number ? `${lane.car.name} · ${lane.car.plate_number}` : lane.car.name }] : []));
    const car = cars.find((c) => c.id === params.get("car"))?.id ?? null;
    return { ...base, lanes: car ? lanes.filter((lane) => lane.kind === "car" && lane.car.id === car) : lanes, cars, car, failed: false };
  } catch (error) {
    log.error({ err: error }, "dispatch run sheet failed");
    return { ...base, lanes: [] as Lane[], cars: [], car: null, failed: true };
  }
}

/** window.print() needs JavaScript; without it the browser's own print gives the same sheet. */
function PrintButton() {
  const { t } = useTranslation("admin");
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" onClick={() => window.print()} className={buttonClass("primary")}>
      {t("dispatch.print")}
    </button>
  );
}

export default function DispatchPrint({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { date, invalidDate, lanes, failed, cars, car } = loaderData;
  return (
    <div className="mx-auto w-full max-w-7xl space-y-4">
      <title>{`${t("dispatch.printTitle", { date })} · ${t("shell.brand")}`}</title>
      <style>{"@page { size: A4 portrait; margin: 12mm; }"}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/admin/dispatch?date=${date}`} className={buttonClass("secondary")}>
          <span aria-hidden="true">←&nbsp;</span>
          {t("dispatch.backToBoard")}
        </Link>
        {cars.length > 0 ? (
          <Form method="get" className="flex flex-wrap items-end gap-2" data-testid="run-sheet-car-form">
            <input type="hidden" name="date" value={date} />
            <SelectField id="run-sheet-car" name="car" label={t("dispatch.sheetCar")} defaultValue={car ?? ""} options={[{ value: "", label: t("dispatch.sheetAllCars") }, ...cars.map((c) => ({ value: c.id, label: c.name }))]} />
            <button type="submit" className={buttonClass("secondary")}>
              {t("dispatch.show")}
            </button>
          </Form>
        ) : null}
        <PrintButton />
      </div>
      {invalidDate !== null ? <Alert tone="error">{t("dispatch.invalidDate", { value: invalidDate })}</Alert> : null}
      {failed ? <Alert tone="error">{t("dispatch.loadFailed")}</Alert> : null}
      <RunSheet lanes={lanes} date={date} dateLabel={longDate(date, i18n.language)} />
    </div>
  );
}
