/**
 * A leg's suggested drivers and cars on the board (issue 34): the best pair assigned in one tap,
 * then the free drivers and cars best first, each with its own one-tap button, and the ones left
 * out with the reason (busy with a named trip, off duty, an expired document, too small). Each
 * button is a form posting the board's assignment (`intent=assign`), so it goes through the
 * booking core's `assignLeg` exactly as the full form does, with or without JavaScript.
 */
import { Form, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/react";
import { toBusinessParts } from "~/booking/rules/datetime";
import type { LegSuggestions } from "~/booking/index.server";
import { buttonClass } from "./ui";
import { durationText } from "./dispatch-board";

type Translate = (key: string, options?: Record<string, unknown>) => string;
const clock = (instant: string) => toBusinessParts(instant).time;

/** How many of each the board lists (the rest are in the full form's selects). */
const SHOWN = 5;

export interface SuggestionsView extends Omit<LegSuggestions, "carsLeftOut" | "driversLeftOut"> {
  /** the leg's driver and car now (posted with a choice of the other, so it is kept) */
  currentDriverId: string | null;
  currentCarId: string | null;
  /** the reasons already in words (admin language), by candidate */
  carsLeftOut: Array<{ id: string; name: string; plate: string | null; why: string }>;
  driversLeftOut: Array<{ id: string; name: string; why: string }>;
}

function AssignButton({ view, action, driverId, carId, label, primary, testId }: { view: SuggestionsView; action: string; driverId: string | null; carId: string | null; label: string; primary?: boolean; testId: string }) {
  const navigation = useNavigation();
  return (
    <Form method="post" action={action} className="shrink-0">
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="bookingId" value={view.bookingId} />
      <input type="hidden" name="leg" value={view.leg} />
      {view.unit > 1 ? <input type="hidden" name="unit" value={view.unit} /> : null}
      <input type="hidden" name="driverId" value={driverId ?? ""} />
      {carId ? <input type="hidden" name="carId" value={carId} /> : null}
      <button type="submit" className={buttonClass(primary ? "primary" : "secondary", "sm")} disabled={navigation.state === "submitting"} data-testid={testId}>
        {label}
      </button>
    </Form>
  );
}

function idleText(t: Translate, minutes: number | null) {
  return minutes === null ? t("dispatch.suggest.firstOfDay") : t("dispatch.suggest.idleBefore", { duration: durationText(t, minutes) });
}

export function LegSuggestionsPanel({ view, action, legLabel }: { view: SuggestionsView; action: string; legLabel: string }) {
  const { t } = useTranslation("admin");
  const bestDriver = view.drivers[0];
  const bestCar = view.cars[0];
  const carName = (c: { name: string; plate: string | null }) => (c.plate ? `${c.name} · ${c.plate}` : c.name);
  const leftOut = view.driversLeftOut.length + view.carsLeftOut.length;
  return (
    <section aria-label={t("dispatch.suggest.label", { leg: legLabel })} className="space-y-3 rounded-lg border border-sky-200 bg-sky-50 p-3 admin-dark:border-sky-900 admin-dark:bg-sky-950" data-testid="dispatch-suggestions">
      <h3 className="text-sm font-semibold">{t("dispatch.suggest.title", { from: clock(view.span.start), to: clock(view.span.end) })}</h3>
      {bestDriver && bestCar ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm" data-testid="dispatch-suggested-pair">
            {t("dispatch.suggest.best", { driver: bestDriver.name, car: carName(bestCar) })}
          </p>
          <AssignButton view={view} action={action} driverId={bestDriver.id} carId={bestCar.id} label={t("dispatch.suggest.assignBest")} primary testId="dispatch-assign-best" />
        </div>
      ) : (
        <p className="text-sm font-medium text-amber-900 admin-dark:text-amber-200">{!bestDriver ? t("dispatch.suggest.noDriver") : t("dispatch.suggest.noCar")}</p>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-slate-700 uppercase admin-dark:text-slate-300">{t("dispatch.suggest.drivers")}</h4>
          <ol className="mt-1 space-y-1" data-testid="dispatch-suggested-drivers">
            {view.drivers.slice(0, SHOWN).map((d) => (
              <li key={d.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0">
                  <span className="font-medium">{d.name}</span>
                  <span className="block text-xs text-slate-700 admin-dark:text-slate-300">
                    {[d.current ? t("dispatch.suggest.current") : null, t("dispatch.suggest.legsToday", { count: d.legsToday }), idleText(t, d.idleBefore)].filter(Boolean).join(" · ")}
                  </span>
                </span>
                {d.current ? null : <AssignButton view={view} action={action} driverId={d.id} carId={view.currentCarId} label={t("dispatch.suggest.pick")} testId="dispatch-pick-driver" />}
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-slate-700 uppercase admin-dark:text-slate-300">{t("dispatch.suggest.cars")}</h4>
          <ol className="mt-1 space-y-1" data-testid="dispatch-suggested-cars">
            {view.cars.slice(0, SHOWN).map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0">
                  <span className="font-medium">{carName(c)}</span>
                  <span className="block text-xs text-slate-700 admin-dark:text-slate-300">
                    {[c.current ? t("dispatch.suggest.current") : null, c.category, t("dispatch.suggest.seats", { count: c.seats }), idleText(t, c.idleBefore)].filter(Boolean).join(" · ")}
                  </span>
                </span>
                {c.current ? null : <AssignButton view={view} action={action} driverId={view.currentDriverId} carId={c.id} label={t("dispatch.suggest.pick")} testId="dispatch-pick-car" />}
              </li>
            ))}
          </ol>
        </div>
      </div>
      {leftOut > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">{t("dispatch.suggest.leftOut", { count: leftOut })}</summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="dispatch-left-out">
            {view.driversLeftOut.map((d) => (
              <li key={`d-${d.id}`}>{`${d.name}: ${d.why}`}</li>
            ))}
            {view.carsLeftOut.map((c) => (
              <li key={`c-${c.id}`}>{`${carName(c)}: ${c.why}`}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
