/**
 * The dispatch board's assignments (issue 15): the day's legs in time order, each with its driver
 * (or "Şoför yok") and, for a role that may write, a <details> "Şoför ata" opening the same form
 * as the booking page. It posts to the board's own action and comes back to the same day; it works
 * without JavaScript.
 */
import { useTranslation } from "~/i18n/react";
import { shortPlaceName } from "~/booking/addresses";
import { toBusinessParts } from "~/booking/datetime";
import type { BoardLeg, Lane } from "~/booking/dispatch";
import type { LegAssignmentView } from "~/booking/leg-assignments";
import { LegAssignmentForm, type AssignableCar, type AssignableDriver } from "./leg-assignment";
import { Alert } from "./ui";

const clock = (instant: string) => toBusinessParts(instant).time;

/** Every leg shown on the day once, by pickup time. */
export function dayLegs(lanes: readonly Lane[]): BoardLeg[] {
  const seen = new Map<string, BoardLeg>();
  for (const lane of lanes) for (const leg of lane.legs) seen.set(`${leg.bookingId}:${leg.leg}`, leg);
  return [...seen.values()].sort((a, b) => a.start.localeCompare(b.start) || a.reference.localeCompare(b.reference));
}

/** What the shared form needs of a board leg: its driver and car. */
const viewOf = (leg: BoardLeg): LegAssignmentView => ({
  leg: leg.leg,
  driver: leg.driver ? { id: leg.driver.id, name: leg.driver.name, phone: "", whatsapp: null } : null,
  car: leg.carId ? { id: leg.carId, name: leg.carName, plateNumber: null, colour: null } : null,
  jobStatus: leg.driver?.jobStatus ?? null,
  jobStatusAt: null,
  jobUrl: null,
});

export interface AssignMessage {
  ok: boolean;
  bookingId: string | null;
  leg: string | null;
  message: string;
  tone: "success" | "error";
}

export function DispatchAssignments({
  legs,
  drivers,
  cars,
  editable,
  result,
}: {
  legs: readonly BoardLeg[];
  drivers: readonly AssignableDriver[];
  cars: readonly AssignableCar[];
  editable: boolean;
  result?: AssignMessage;
}) {
  const { t } = useTranslation("admin");
  if (legs.length === 0) return null;
  return (
    <section aria-labelledby="dispatch-assign-title" className="space-y-3 print:hidden" data-testid="dispatch-assignments">
      <div>
        <h2 id="dispatch-assign-title" className="text-lg font-semibold">
          {t("assign.boardTitle")}
        </h2>
        <p className="text-sm text-slate-600 admin-dark:text-slate-400">{t("assign.boardDescription")}</p>
      </div>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm admin-dark:divide-slate-800 admin-dark:border-slate-800 admin-dark:bg-slate-900">
        {legs.map((leg) => {
          const open = editable && (leg.status === "pending" || leg.status === "confirmed");
          const mine = result && result.bookingId === leg.bookingId && result.leg === leg.leg ? result : undefined;
          const legWord = t(leg.leg === "return" ? "assign.legReturn" : "assign.legOutbound");
          return (
            <li key={`${leg.bookingId}:${leg.leg}`} className="space-y-2 px-4 py-3" data-testid="dispatch-assign-leg" data-booking={leg.bookingId} data-leg={leg.leg}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
                <span className="min-w-0 break-words">
                  <strong className="tabular-nums">{clock(leg.start)}</strong> · {leg.reference} ({legWord}) · {shortPlaceName(leg.from)} → {shortPlaceName(leg.to)} ·{" "}
                  {leg.fullName}
                </span>
                <span className={leg.driver ? "font-medium" : "font-medium text-amber-800 admin-dark:text-amber-200"} data-testid="dispatch-leg-driver">
                  {leg.driver ? t("assign.boardDriver", { name: leg.driver.name }) : t("assign.noDriver")}
                </span>
              </div>
              {mine ? <Alert tone={mine.tone}>{mine.message}</Alert> : null}
              {open ? (
                <details open={mine !== undefined && !mine.ok}>
                  <summary className="cursor-pointer text-sm font-medium text-sky-700 admin-dark:text-sky-300">
                    {t("assign.assign")}
                    <span className="sr-only">
                      {" "}
                      {leg.reference} {legWord}
                    </span>
                  </summary>
                  <div className="pt-3">
                    <LegAssignmentForm
                      view={viewOf(leg)}
                      reference={leg.reference}
                      drivers={drivers}
                      cars={cars}
                      bookingId={leg.bookingId}
                      idPrefix={`board-${leg.bookingId}-${leg.leg}`}
                    />
                  </div>
                </details>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
