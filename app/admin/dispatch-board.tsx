/**
 * The dispatch board's three views of one day, all rendered on the server from the same lanes
 * (app/booking/dispatch.ts) and chosen by CSS, so none needs JavaScript:
 * - the timeline (md and up): a lane per car on a 00–24 axis, blocks positioned by the layout maths;
 * - the stacked cards (phones): each car a card listing its legs in time order;
 * - the run sheet (print, A4): per car a table of its legs with addresses, phones and notes.
 */
import type { CSSProperties } from "react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { shortPlaceName } from "~/booking/addresses";
import { toBusinessParts } from "~/booking/datetime";
import { boardPlaceName, type BoardLeg, type Lane, type MaintenanceBlock } from "~/booking/dispatch";
import { BookingStatusBadge } from "./ui/list";
import { StatusBadge } from "./ui/page";

const HOURS = Array.from({ length: 25 }, (_, h) => h);
const clock = (instant: string) => toBusinessParts(instant).time;
const pct = (n: number) => `${n}%`;

/** Block colours by status (classes in app.css); text stays dark on light tints (and light on dark ones) for contrast. */
const BLOCK_TONES: Record<string, { block: string; bar: string; tail: string }> = {
  pending: { block: "dispatch-tone-pending", bar: "bg-amber-500", tail: "bg-amber-200 admin-dark:bg-amber-800" },
  confirmed: { block: "dispatch-tone-confirmed", bar: "bg-sky-600", tail: "bg-sky-200 admin-dark:bg-sky-800" },
  completed: { block: "dispatch-tone-completed", bar: "bg-slate-400", tail: "bg-slate-200 admin-dark:bg-slate-700" },
};
const toneOf = (status: string) => BLOCK_TONES[status] ?? BLOCK_TONES.completed!;

const HATCH: CSSProperties = {
  backgroundImage: "repeating-linear-gradient(135deg, rgb(245 158 11 / 0.28) 0 6px, transparent 6px 12px)",
};
const HOUR_GRID: CSSProperties = {
  backgroundImage: "linear-gradient(to right, rgb(148 163 184 / 0.35) 1px, transparent 1px)",
  backgroundSize: `${100 / 24}% 100%`,
};

const TRACK_REM = 5.25;

function useLaneName() {
  const { t } = useTranslation("admin");
  return (lane: Lane) => (lane.kind === "car" ? lane.car.name : t("dispatch.unassigned"));
}

const laneKey = (lane: Lane) => (lane.kind === "car" ? lane.car.id : "unassigned");
const legKey = (leg: BoardLeg) => `${leg.bookingId}:${leg.leg}`;

/** "Bakım: 09:00 – 18:00" in the day's terms (an open end reads as the day's edge). */
function useMaintenanceText() {
  const { t } = useTranslation("admin");
  return (block: MaintenanceBlock, date: string) => {
    if (block.from === null && block.to === null) return t("dispatch.maintenanceOpen");
    const from = block.from && toBusinessParts(block.from).date === date ? clock(block.from) : "00:00";
    const to = block.to && toBusinessParts(block.to).date === date ? clock(block.to) : "24:00";
    return t("dispatch.maintenanceSpan", { from, to });
  };
}

/** The words under a leg's time: conflicts and maintenance, for every view. */
function LegWarnings({ leg }: { leg: BoardLeg }) {
  const { t } = useTranslation("admin");
  if (leg.conflicts.length === 0 && !leg.inMaintenance) return null;
  return (
    <span className="block truncate font-semibold text-red-700 admin-dark:text-red-300">
      {leg.conflicts.length > 0 ? t("dispatch.conflictWith", { references: leg.conflicts.map((c) => c.reference).join(", ") }) : null}
      {leg.conflicts.length > 0 && leg.inMaintenance ? " · " : null}
      {leg.inMaintenance ? t("dispatch.inMaintenance") : null}
    </span>
  );
}

function legFacts(leg: BoardLeg, t: (key: string, options?: Record<string, unknown>) => string) {
  return [
    leg.hours != null ? t("dispatch.hourly", { hours: leg.hours }) : null,
    t("units.passengers", { count: leg.passengers }),
    leg.flightNumber ? t("dispatch.flight", { flight: leg.flightNumber }) : null,
    ...(leg.signs ?? []).map((text) => t("dispatch.sign", { text })),
    // the leg's driver (issue 15)
    leg.driver ? t("assign.boardDriver", { name: leg.driver.name }) : t("assign.noDriver"),
  ]
    .filter(Boolean)
    .join(" · ");
}

function TimelineBlock({ leg, laneName }: { leg: BoardLeg; laneName: string }) {
  const { t } = useTranslation("admin");
  const tone = toneOf(leg.status);
  const p = leg.position;
  const flagged = leg.conflicts.length > 0 || leg.inMaintenance;
  const route = `${boardPlaceName(leg.from)} → ${boardPlaceName(leg.to)}`;
  return (
    <Link
      to={`/admin/bookings/${leg.bookingId}`}
      data-testid="dispatch-block"
      data-booking={leg.bookingId}
      data-leg={leg.leg}
      data-conflict={flagged ? "true" : undefined}
      title={[`${clock(leg.start)}–${clock(leg.end)}`, route, leg.fullName, leg.reference, legFacts(leg, t)].join(" · ")}
      className={`dispatch-block ${tone.block}${flagged ? " dispatch-flagged" : ""}`}
      style={{ left: pct(p.left), width: pct(p.width), top: `${leg.track * TRACK_REM + 0.25}rem`, height: `${TRACK_REM - 0.5}rem` }}
    >
      <span className="sr-only">{laneName}: </span>
      <span className="block truncate">
        {p.startsBefore ? <span aria-hidden="true">◀ </span> : null}
        <strong>{clock(leg.start)}</strong> · {route}
        {p.endsAfter ? <span aria-hidden="true"> ▶</span> : null}
      </span>
      <span className="block truncate font-medium">{leg.fullName}</span>
      <span className="block truncate">{legFacts(leg, t)}</span>
      <LegWarnings leg={leg} />
      <span className="sr-only">
        {" "}
        {t(`status.${leg.status}`)} · {leg.reference}
      </span>
      {p.startsBefore ? <span className="sr-only">{t("dispatch.fromPreviousDay")}</span> : null}
      {p.endsAfter ? <span className="sr-only">{t("dispatch.toNextDay")}</span> : null}
      <span aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1.5">
        <span className={`absolute inset-y-0 ${tone.bar}`} style={{ left: pct(p.barLeft), width: pct(p.barWidth) }} />
        <span className={`absolute inset-y-0 ${tone.tail}`} style={{ left: pct(p.barLeft + p.barWidth), width: pct(p.tailWidth) }} />
      </span>
    </Link>
  );
}

/** The board for md and up: the axis on top, a lane per car. Scrolls sideways inside itself when narrow. */
export function Timeline({ lanes, date }: { lanes: Lane[]; date: string }) {
  const { t } = useTranslation("admin");
  const laneName = useLaneName();
  const maintenanceText = useMaintenanceText();
  return (
    <section aria-label={t("dispatch.lanesLabel")} className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block print:hidden admin-dark:border-slate-800 admin-dark:bg-slate-900">
      <div className="grid min-w-[62rem] grid-cols-[9rem_minmax(0,1fr)]" data-testid="dispatch-timeline">
        <div className="sticky left-0 z-30 border-b border-slate-200 bg-white admin-dark:border-slate-800 admin-dark:bg-slate-900" />
        <div className="relative h-7 border-b border-slate-200 admin-dark:border-slate-800" aria-label={t("dispatch.axis")} role="img">
          {HOURS.map((h) => (
            <span
              key={h}
              aria-hidden="true"
              className={`absolute top-1.5 text-[11px] text-slate-600 tabular-nums admin-dark:text-slate-400 ${h === 0 ? "" : h === 24 ? "-translate-x-full pr-1" : "-translate-x-1/2"}`}
              style={{ left: pct((h / 24) * 100) }}
            >
              {String(h).padStart(2, "0")}
            </span>
          ))}
        </div>
        {lanes.map((lane) => (
          <div key={laneKey(lane)} className="contents">
            <div className="sticky left-0 z-30 flex flex-col justify-center gap-1 border-b border-slate-200 bg-white px-3 py-2 text-sm admin-dark:border-slate-800 admin-dark:bg-slate-900">
              <span className="font-semibold break-words">{laneName(lane)}</span>
              {lane.kind === "car" && lane.car.status === "maintenance" ? <StatusBadge label={t("carStatus.maintenance")} tone="warning" /> : null}
            </div>
            <div
              data-testid="dispatch-lane"
              data-lane={laneKey(lane)}
              className={`relative border-b border-slate-200 admin-dark:border-slate-800 ${lane.kind === "unassigned" ? "bg-slate-50 admin-dark:bg-slate-950" : ""}`}
              style={{ ...HOUR_GRID, height: `${lane.tracks * TRACK_REM}rem` }}
            >
              {lane.maintenance ? (
                <div
                  data-testid="dispatch-maintenance"
                  className="absolute inset-y-0 z-0 border-x border-amber-500 px-1.5 pt-0.5 text-[11px] font-semibold text-amber-900 admin-dark:text-amber-200"
                  style={{ ...HATCH, left: pct(lane.maintenance.left), width: pct(lane.maintenance.width) }}
                >
                  <span className="rounded bg-white/90 px-1 admin-dark:bg-slate-900/90">{maintenanceText(lane.maintenance, date)}</span>
                </div>
              ) : null}
              {lane.legs.map((leg) => (
                <TimelineBlock key={legKey(leg)} leg={leg} laneName={laneName(lane)} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

/** What the colours and marks of the board mean (status, conflict, maintenance, buffer). */
export function BoardLegend() {
  const { t } = useTranslation("admin");
  const swatch = "inline-block size-3.5 shrink-0 rounded-sm border";
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700 print:hidden admin-dark:text-slate-300" data-testid="dispatch-legend">
      {(["pending", "confirmed", "completed"] as const).map((status) => (
        <li key={status} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`${swatch} ${toneOf(status).block}`} />
          {t(`status.${status}`)}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`${swatch} border-slate-300 ring-2 ring-red-600`} />
        {t("dispatch.conflict")}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`${swatch} border-amber-500`} style={HATCH} />
        {t("dispatch.maintenance")}
      </li>
    </ul>
  );
}

/** Phones: every lane a card, its legs in time order. */
export function LaneCards({ lanes, date }: { lanes: Lane[]; date: string }) {
  const { t } = useTranslation("admin");
  const laneName = useLaneName();
  const maintenanceText = useMaintenanceText();
  return (
    <div className="space-y-4 md:hidden print:hidden" data-testid="dispatch-cards">
      {lanes.map((lane) => (
        <section
          key={laneKey(lane)}
          aria-labelledby={`lane-${laneKey(lane)}`}
          className="rounded-xl border border-slate-200 bg-white shadow-sm admin-dark:border-slate-800 admin-dark:bg-slate-900"
        >
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 admin-dark:border-slate-800">
            <h2 id={`lane-${laneKey(lane)}`} className="min-w-0 font-semibold break-words">
              {laneName(lane)}
            </h2>
            {lane.kind === "car" && lane.car.status === "maintenance" ? <StatusBadge label={t("carStatus.maintenance")} tone="warning" /> : null}
          </div>
          {lane.maintenance ? (
            <p className="border-b border-amber-300 px-4 py-2 text-sm font-medium text-amber-900 admin-dark:border-amber-800 admin-dark:text-amber-200" style={HATCH}>
              {maintenanceText(lane.maintenance, date)}
            </p>
          ) : null}
          {lane.legs.length === 0 ? (
            <p className="px-4 py-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("dispatch.emptyLane")}</p>
          ) : (
            <ul className="divide-y divide-slate-200 admin-dark:divide-slate-800">
              {lane.legs.map((leg) => (
                <li key={legKey(leg)}>
                  <Link
                    to={`/admin/bookings/${leg.bookingId}`}
                    data-testid="dispatch-card-leg"
                    className={`dispatch-card-leg${leg.conflicts.length > 0 || leg.inMaintenance ? " border-l-4 border-red-600" : ""}`}
                  >
                    <span className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-semibold tabular-nums">
                        {leg.position.startsBefore ? "◀ " : ""}
                        {clock(leg.start)}–{clock(leg.end)}
                        {leg.position.endsAfter ? " ▶" : ""}
                        <span className="dispatch-muted ml-2 font-normal">
                          {leg.leg === "return" ? t("dispatch.returnLeg") : t("dispatch.outbound")} · {leg.reference}
                        </span>
                      </span>
                      <BookingStatusBadge status={leg.status} />
                    </span>
                    <span className="mt-1 block break-words">
                      {shortPlaceName(leg.from)} → {shortPlaceName(leg.to)}
                    </span>
                    <span className="block break-words font-medium">{leg.fullName}</span>
                    <span className="dispatch-muted block">{legFacts(leg, t)}</span>
                    {lane.kind === "unassigned" && leg.carName ? (
                      <span className="dispatch-muted block">{t("dispatch.bookedCar", { car: leg.carName })}</span>
                    ) : null}
                    <LegWarnings leg={leg} />
                    {leg.position.startsBefore ? <span className="sr-only">{t("dispatch.fromPreviousDay")}</span> : null}
                    {leg.position.endsAfter ? <span className="sr-only">{t("dispatch.toNextDay")}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

const place = (label: string, address: string | null) => (address ? `${shortPlaceName(label)} — ${address}` : label);

/** Print only: the day's run sheet, per car a table of its legs in time order. */
export function RunSheet({ lanes, date, dateLabel }: { lanes: Lane[]; date: string; dateLabel: string }) {
  const { t } = useTranslation("admin");
  const laneName = useLaneName();
  const maintenanceText = useMaintenanceText();
  const busy = lanes.filter((lane) => lane.legs.length > 0);
  const idle = lanes.filter((lane) => lane.legs.length === 0).map(laneName);
  return (
    <div className="hidden text-[10pt] text-black print:block" data-testid="dispatch-run-sheet">
      <h2 className="mb-3 text-lg font-bold">{t("dispatch.printTitle", { date: dateLabel })}</h2>
      {busy.length === 0 ? <p>{t("dispatch.noLegs")}</p> : null}
      {busy.map((lane) => (
        <section key={laneKey(lane)} className="mb-4 break-inside-avoid-page">
          <h3 className="mb-1 text-base font-bold">
            {laneName(lane)}
            {lane.maintenance ? <span className="ml-3 text-sm font-semibold">{maintenanceText(lane.maintenance, date)}</span> : null}
          </h3>
          <table className="dispatch-sheet w-full table-fixed border-collapse text-left">
            <thead>
              <tr>
                <th scope="col" className="w-[5rem]">{t("dispatch.colTime")}</th>
                <th scope="col" className="w-[32%]">{t("dispatch.colRoute")}</th>
                <th scope="col" className="w-[20%]">{t("dispatch.colCustomer")}</th>
                <th scope="col" className="w-[5.5rem]">{t("dispatch.colPax")}</th>
                <th scope="col" className="w-[5rem]">{t("dispatch.colFlight")}</th>
                <th scope="col">{t("dispatch.colNotes")}</th>
              </tr>
            </thead>
            <tbody>
              {lane.legs.map((leg) => (
                <tr key={legKey(leg)} className="break-inside-avoid">
                  <td className="tabular-nums">
                    <strong>{clock(leg.start)}</strong>–{clock(leg.end)}
                    {leg.position.startsBefore ? <div>{t("dispatch.fromPreviousDay")}</div> : null}
                    {leg.position.endsAfter ? <div>{t("dispatch.toNextDay")}</div> : null}
                  </td>
                  <td>
                    <div>{place(leg.from, leg.fromAddress)}</div>
                    <div>→ {place(leg.to, leg.toAddress)}</div>
                    <div className="text-[9pt]">
                      {leg.leg === "return" ? t("dispatch.returnLeg") : t("dispatch.outbound")} · {leg.reference} · {t(`status.${leg.status}`)}
                    </div>
                  </td>
                  <td>
                    <div className="font-semibold">{leg.fullName}</div>
                    <div className="tabular-nums">{leg.phone}</div>
                    <div>{leg.driver ? t("assign.boardDriver", { name: leg.driver.name }) : t("assign.noDriver")}</div>
                  </td>
                  <td>
                    <div>{t("units.passengers", { count: leg.passengers })}</div>
                    {leg.luggage !== null ? <div>{t("units.bags", { count: leg.luggage })}</div> : null}
                  </td>
                  <td>{leg.flightNumber ?? ""}</td>
                  <td className="break-words whitespace-pre-line">
                    {leg.hours != null ? <div className="font-semibold">{t("dispatch.hourly", { hours: leg.hours })}</div> : null}
                    {(leg.signs ?? []).map((text) => (
                      <div key={text} className="font-bold">
                        {t("dispatch.sign", { text })}
                      </div>
                    ))}
                    {leg.notes}
                    {leg.conflicts.length > 0 || leg.inMaintenance ? (
                      <div className="font-bold">
                        {leg.conflicts.length > 0 ? t("dispatch.conflictWith", { references: leg.conflicts.map((c) => c.reference).join(", ") }) : null}
                        {leg.inMaintenance ? ` ${t("dispatch.inMaintenance")}` : null}
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {idle.length > 0 ? <p className="mt-2">{t("dispatch.idleCars", { cars: idle.join(", ") })}</p> : null}
    </div>
  );
}
