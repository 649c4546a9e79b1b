/**
 * The dispatch board's assignments (issue 15): the day's legs in time order, each with its driver
 * (or "Şoför yok") and, for a role that may write, a "Şoför ata" link that opens the same form as
 * the booking page under that leg (`?assign=<reference>:<leg>`; one form on the page, not one per
 * leg: a busy day has well over a hundred legs). It posts to the board's own action and comes back
 * to the same day, the form still open when the change was refused; it works without JavaScript.
 */
import { useTranslation } from "~/i18n/react";
import { shortPlaceName } from "~/booking/rules/addresses";
import { toBusinessParts } from "~/booking/rules/datetime";
import { dayLegKey, type BoardLeg, type Lane } from "~/booking/rules/dispatch";
import type { AssignChoice, LegAssignmentView } from "~/admin/leg-assignments";
import { useDelegatedLinks } from "./delegated-links";
import { LegAssignmentForm, legWordOf, type AssignableCar, type AssignableDriver } from "./leg-assignment";
import { Alert } from "./ui";
import { LegSuggestionsPanel, type SuggestionsView } from "./dispatch-suggestions";

const clock = (instant: string) => toBusinessParts(instant).time;

/** A leg of the day's list: a board leg and whether it is on no car of the board. */
export type DayListLeg = BoardLeg & { noCar: boolean };

/** Every leg shown on the day once, by pickup time. */
export function dayLegs(lanes: readonly Lane[]): DayListLeg[] {
  const seen = new Map<string, DayListLeg>();
  for (const lane of lanes) for (const leg of lane.legs) seen.set(dayLegKey(leg), { ...leg, noCar: lane.kind === "unassigned" });
  return [...seen.values()].sort((a, b) => a.start.localeCompare(b.start) || a.reference.localeCompare(b.reference) || (a.unit ?? 1) - (b.unit ?? 1));
}

/** What the shared form needs of a board leg: its driver and car. */
const viewOf = (leg: BoardLeg): LegAssignmentView => ({
  leg: leg.leg,
  unit: leg.unit ?? 1,
  units: leg.units ?? 1,
  driver: leg.driver ? { id: leg.driver.id, name: leg.driver.name, phone: "", whatsapp: null } : null,
  car: leg.carId ? { id: leg.carId, name: leg.carName, plateNumber: leg.plate, colour: null } : null,
  jobStatus: leg.driver?.jobStatus ?? null,
  jobStatusAt: null,
  jobUrl: null,
});

/** A further car's unit as a suffix ("-2"), empty for the booking's own car. */
const unitSuffix = (leg: Pick<BoardLeg, "unit">, sep: string) => (leg.unit && leg.unit > 1 ? `${sep}${leg.unit}` : "");

/** A leg in `?assign=` and in its row's anchor: "<reference>:<leg>" ("VT-2255LD:return"), a party's further car with ":<unit>". */
export const assignKey = (leg: Pick<BoardLeg, "reference" | "leg" | "unit">) => `${leg.reference}:${leg.leg}${unitSuffix(leg, ":")}`;

export interface AssignMessage {
  ok: boolean;
  bookingId: string | null;
  leg: string | null;
  unit?: number;
  message: string;
  tone: "success" | "error";
  chosen?: AssignChoice;
}

export function DispatchAssignments({
  legs,
  drivers,
  cars,
  editable,
  day,
  assigning,
  result,
  suggestions,
  filtered = false,
}: {
  legs: readonly DayListLeg[];
  drivers: readonly AssignableDriver[];
  cars: readonly AssignableCar[];
  editable: boolean;
  /** the board's day with its filter and view (`boardHref`): the forms post to it and "Kapat" goes back to it */
  day: string;
  /** the leg whose form is open (`assignKey`), from `?assign=`; null: none */
  assigning: string | null;
  result?: AssignMessage;
  /** the open leg's suggested drivers and cars (issue 34) */
  suggestions?: SuggestionsView | null;
  /** the board's filter is on: the list says so when it leaves nothing */
  filtered?: boolean;
}) {
  const { t } = useTranslation("admin");
  // the rows' links are plain, navigated by one handler (./delegated-links), keeping the scroll
  const navigateByLink = useDelegatedLinks();
  // the filter leaves legs out; the one just assigned stays, with its message
  const shown = legs.filter((leg) => !leg.dimmed || (result && result.bookingId === leg.bookingId && result.leg === leg.leg && (result.unit ?? 1) === (leg.unit ?? 1)));
  if (legs.length === 0) return null;
  return (
    <section aria-labelledby="dispatch-assign-title" className="space-y-3 print:hidden" data-testid="dispatch-assignments">
      <div>
        <h2 id="dispatch-assign-title" className="text-lg font-semibold">
          {t("assign.boardTitle")}
        </h2>
        <p className="text-sm text-slate-600 admin-dark:text-slate-400">{t("assign.boardDescription")}</p>
      </div>
      {shown.length === 0 && filtered ? <p className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm admin-dark:border-slate-800 admin-dark:bg-slate-900" data-testid="dispatch-filter-empty">{t("dispatch.filters.none")}</p> : null}
      <ul className="dispatch-assign-list" onClick={navigateByLink}>
        {shown.map((leg) => {
          const key = assignKey(leg);
          const anchor = `assign-${leg.reference}-${leg.leg}${unitSuffix(leg, "-")}`;
          const open = editable && (leg.status === "pending" || leg.status === "confirmed");
          const mine = result && result.bookingId === leg.bookingId && result.leg === leg.leg && (result.unit ?? 1) === (leg.unit ?? 1) ? result : undefined;
          const formShown = open && (assigning === key || (mine !== undefined && !mine.ok));
          const legWord = legWordOf(t, leg);
          const which = <span className="sr-only">{` ${leg.reference} ${legWord}`}</span>;
          return (
            <li key={key} id={anchor} data-testid="dispatch-assign-leg" data-booking={leg.bookingId} data-leg={leg.leg} data-unit={leg.unit ?? 1}>
              <div>
                <span>
                  <strong>{clock(leg.start)}</strong>
                  {`–${clock(leg.end)} · `}
                  <a href={`/admin/bookings/${leg.bookingId}`} className="dispatch-assign-ref" data-testid="dispatch-leg-booking">
                    {leg.reference}
                  </a>
                  {` (${legWord}) · ${shortPlaceName(leg.from)} → ${shortPlaceName(leg.to)} · ${leg.fullName}`}
                  <span className="dispatch-assign-facts" data-testid="dispatch-leg-car">
                    {[
                      leg.noCar ? t("dispatch.noCarOn", { car: leg.carName }) : leg.plate ? `${leg.carName} · ${leg.plate}` : leg.carName,
                      t("units.passengers", { count: leg.passengers }),
                      t(`status.${leg.status}`),
                      leg.conflicts.length > 0 ? t("dispatch.conflictWith", { references: leg.conflicts.map((c) => c.reference).join(", ") }) : null,
                      leg.inMaintenance ? t("dispatch.inMaintenance") : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </span>
                <span className={leg.driver ? undefined : "dispatch-no-driver"} data-testid="dispatch-leg-driver">
                  {leg.driver ? t("assign.boardDriver", { name: leg.driver.name }) : t("assign.noDriver")}
                  {/* the driver's step from the job link, once under way (issue 31: it changes live) */}
                  {leg.driver?.jobStatus && leg.driver.jobStatus !== "assigned" ? (
                    <span data-testid="dispatch-leg-step">{` · ${t(`assign.jobStatus.${leg.driver.jobStatus}`)}`}</span>
                  ) : null}
                </span>
              </div>
              {mine ? <Alert tone={mine.tone}>{mine.message}</Alert> : null}
              {open && !formShown ? (
                <a href={`${day}&assign=${key}#${anchor}`} data-keep-scroll>
                  {t("assign.assign")}
                  {which}
                </a>
              ) : null}
              {formShown ? (
                <>
                  {suggestions && suggestions.bookingId === leg.bookingId && suggestions.leg === leg.leg && suggestions.unit === (leg.unit ?? 1) ? (
                    <LegSuggestionsPanel view={suggestions} action={`${day}#${anchor}`} legLabel={`${leg.reference} ${legWord}`} />
                  ) : null}
                  <LegAssignmentForm
                    view={viewOf(leg)}
                    reference={leg.reference}
                    drivers={drivers}
                    cars={cars}
                    bookingId={leg.bookingId}
                    idPrefix={`board-${leg.bookingId}-${leg.leg}${unitSuffix(leg, "-")}`}
                    action={`${day}#${anchor}`}
                    chosen={mine && !mine.ok ? mine.chosen : undefined}
                  />
                  <a href={`${day}#${anchor}`} data-keep-scroll>
                    {t("ui.close")}
                    {which}
                  </a>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
