/**
 * The dispatch board's views of one day, rendered on the server from the same lanes
 * (app/booking/dispatch.ts), so none needs JavaScript:
 * - the board (`Board`): one markup for every width. Each car is a section with its legs as a
 *   list; on screens from md up, CSS (app/app.css, `.dispatch-*`) lays it out as a timeline (a
 *   lane per car on a 00–24 axis, each leg a block placed by the layout maths through CSS
 *   variables), on phones and on paper as stacked cards, a leg per row in time order. (It was two
 *   markups chosen by CSS, a timeline and cards: a busy day rendered every leg twice.)
 * - the run sheet (`RunSheet`, its own page /admin/dispatch/print, for A4): per car a table of its
 *   legs with addresses, phones and notes.
 */
import { luggageItemsText } from "~/booking/rules/luggage-text";
import type { CSSProperties } from "react";
import { useTranslation } from "~/i18n/react";
import { shortPlaceName } from "~/booking/rules/addresses";
import { toBusinessParts } from "~/booking/rules/datetime";
import { boardPlaceName, dayLegKey, type BoardLeg, type FreeGap, type Lane, type MaintenanceBlock } from "~/booking/rules/dispatch";
import { unitText } from "./leg-assignment";
import { FlightStateLine, type FlightState } from "~/flights/flight-state";
import { useDelegatedLinks } from "./delegated-links";
import { StatusBadge } from "./ui/page";

const HOURS = Array.from({ length: 25 }, (_, h) => h);
const clock = (instant: string) => toBusinessParts(instant).time;
const pct = (n: number) => `${n}%`;

/** Block colours by status (classes in app.css); text stays dark on light tints (and light on dark ones) for contrast. */
const BLOCK_TONES: Record<string, string> = {
  pending: "dispatch-tone-pending",
  confirmed: "dispatch-tone-confirmed",
  completed: "dispatch-tone-completed",
};
const toneOf = (status: string) => BLOCK_TONES[status] ?? BLOCK_TONES.completed!;

/** The CSS variables a leg's block is placed by (app.css `.dispatch-leg`): left, width, track, and its bar and tail. */
const blockVars = (leg: BoardLeg) => {
  const p = leg.position;
  return {
    "--l": pct(p.left),
    "--w": pct(p.width),
    "--t": leg.track,
    "--bl": pct(p.barLeft),
    "--bw": pct(p.barWidth),
    "--tw": pct(p.tailWidth),
  } as CSSProperties;
};

function useLaneName() {
  const { t } = useTranslation("admin");
  return (lane: Lane) => (lane.kind === "car" ? lane.car.name : t("dispatch.unassigned"));
}

/** "3 sa 20 dk" of a number of minutes. */
export function durationText(t: Translate, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t("dispatch.minutes", { count: m });
  return m === 0 ? t("dispatch.hours", { count: h }) : t("dispatch.hoursMinutes", { hours: h, minutes: m });
}

/** A car's free time in words, for screen readers and the block's neighbours ("Boş: 00:00–06:00 (6 sa), …"). */
function gapsText(t: Translate, gaps: readonly FreeGap[]): string {
  const end = (g: FreeGap) => (g.left + g.width >= 99.999 ? "24:00" : clock(g.end));
  return t("dispatch.freeGaps", { gaps: gaps.map((g) => `${clock(g.start)}–${end(g)} (${durationText(t, g.minutes)})`).join(", ") });
}

/** The narrowest gap the timeline writes its length in (shorter ones are only seen). */
const GAP_LABEL_MINUTES = 90;

const laneKey = (lane: Lane) => (lane.kind === "car" ? lane.car.id : "unassigned");
const legKey = (leg: BoardLeg) => dayLegKey(leg);

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

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The words under a leg's time: conflicts and maintenance; null when neither. */
function legWarnings(leg: BoardLeg, t: Translate): string | null {
  if (leg.conflicts.length === 0 && !leg.inMaintenance) return null;
  return [
    leg.conflicts.length > 0 ? t("dispatch.conflictWith", { references: leg.conflicts.map((c) => c.reference).join(", ") }) : null,
    leg.inMaintenance ? t("dispatch.inMaintenance") : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

function legFacts(leg: BoardLeg, t: Translate) {
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

/**
 * One leg: a block on the timeline, a row of its car's card on a phone. The end time and the
 * leg, reference and status line show on the card; on the timeline they are in the block's title
 * and read out (the block's colour is its status).
 */
function BoardBlock({ leg, laneName, unassigned, flight }: { leg: BoardLeg; laneName: string; unassigned: boolean; flight?: FlightState }) {
  const { t } = useTranslation("admin");
  const p = leg.position;
  const flagged = leg.conflicts.length > 0 || leg.inMaintenance;
  const route = `${boardPlaceName(leg.from)} → ${boardPlaceName(leg.to)}`;
  const tone = leg.dimmed ? "dispatch-dimmed" : toneOf(leg.status);
  const facts = legFacts(leg, t);
  const warnings = legWarnings(leg, t);
  const start = clock(leg.start);
  const end = clock(leg.end);
  return (
    <li>
      <a
        href={`/admin/bookings/${leg.bookingId}`}
        data-testid="dispatch-block"
        data-booking={leg.bookingId}
        data-leg={leg.leg}
        data-unit={leg.unit ?? 1}
        data-conflict={flagged ? "true" : undefined}
        data-dimmed={leg.dimmed ? "true" : undefined}
        title={`${start}–${end} · ${route} · ${leg.fullName} · ${leg.reference} · ${facts}`}
        className={`dispatch-leg ${tone}${flagged ? " dispatch-flagged" : ""}`}
        style={blockVars(leg)}
      >
        <span className="sr-only">{`${laneName}: `}</span>
        <span className="dispatch-leg-time">
          {p.startsBefore ? <span aria-hidden="true">◀ </span> : null}
          <strong>{start}</strong>
          <span className="dispatch-leg-end">{`–${end}`}</span>
          {` · ${route}`}
          {p.endsAfter ? <span aria-hidden="true"> ▶</span> : null}
        </span>
        <span className="dispatch-leg-name">{leg.fullName}</span>
        <span>{facts}</span>
        {/* the outbound leg's tracked flight (issue 31) */}
        {flight && leg.leg === "outbound" ? <FlightStateLine state={flight} ns="admin" compact /> : null}
        {unassigned && leg.carName ? <span className="dispatch-leg-card">{t("dispatch.bookedCar", { car: leg.carName })}</span> : null}
        {warnings ? <span className="dispatch-leg-warning">{warnings}</span> : null}
        <span className="dispatch-leg-meta">{[leg.leg === "return" ? t("dispatch.returnLeg") : t("dispatch.outbound"), unitText(t, leg), leg.reference, t(`status.${leg.status}`)].filter(Boolean).join(" · ")}</span>
        {p.startsBefore ? <span className="sr-only">{t("dispatch.fromPreviousDay")}</span> : null}
        {p.endsAfter ? <span className="sr-only">{t("dispatch.toNextDay")}</span> : null}
        <span aria-hidden="true" className="dispatch-leg-bar" />
      </a>
    </li>
  );
}

/**
 * The day's board: the hour axis (timeline only), then a section per lane with its name, its
 * maintenance window and its legs. On the timeline it scrolls sideways inside itself when narrow.
 * Its links are plain, navigated by one handler (./delegated-links).
 */
export function Board({ lanes, date, flights = {}, compact = false }: { lanes: Lane[]; date: string; flights?: Record<string, FlightState>; compact?: boolean }) {
  const { t } = useTranslation("admin");
  const laneName = useLaneName();
  const maintenanceText = useMaintenanceText();
  const navigateByLink = useDelegatedLinks();
  return (
    <section aria-label={t("dispatch.lanesLabel")} className={`dispatch-board${compact ? " dispatch-compact" : ""}`} data-testid="dispatch-board" data-view={compact ? "compact" : "full"} onClick={navigateByLink}>
      <div className="dispatch-board-inner">
        <div className="dispatch-axis" aria-label={t("dispatch.axis")} role="img" data-testid="dispatch-axis">
          {HOURS.map((h) => (
            <span key={h} aria-hidden="true" style={{ left: pct(Math.round((h / 24) * 100_000) / 1000) }}>
              {String(h).padStart(2, "0")}
            </span>
          ))}
        </div>
        {lanes.map((lane) => {
          const key = laneKey(lane);
          const name = laneName(lane);
          return (
            <section key={key} aria-labelledby={`lane-${key}`} className="dispatch-lane-row">
              <div className="dispatch-lane-head">
                <h2 id={`lane-${key}`} title={lane.kind === "car" && lane.car.plate_number ? `${name} · ${lane.car.plate_number}` : name}>
                  {name}
                </h2>
                {lane.kind === "car" && lane.car.plate_number ? <span className="dispatch-plate">{lane.car.plate_number}</span> : null}
                {lane.kind === "car" && lane.car.status === "maintenance" ? <StatusBadge label={t("carStatus.maintenance")} tone="warning" /> : null}
                {lane.kind === "car" && lane.gaps.length > 0 ? <span className="sr-only">{gapsText(t, lane.gaps)}</span> : null}
              </div>
              <div
                data-testid="dispatch-lane"
                data-lane={key}
                className={`dispatch-lane${lane.kind === "unassigned" ? " dispatch-lane-unassigned" : ""}`}
                style={{ "--tracks": lane.tracks } as CSSProperties}
              >
                {lane.maintenance ? (
                  <p data-testid="dispatch-maintenance" className="dispatch-maintenance" style={{ "--l": pct(lane.maintenance.left), "--w": pct(lane.maintenance.width) } as CSSProperties}>
                    <span>{maintenanceText(lane.maintenance, date)}</span>
                  </p>
                ) : null}
                {lane.gaps
                  .filter((gap) => gap.minutes >= GAP_LABEL_MINUTES)
                  .map((gap) => (
                    <span key={gap.start} aria-hidden="true" className="dispatch-gap" data-testid="dispatch-gap" style={{ "--l": pct(gap.left), "--w": pct(gap.width) } as CSSProperties}>
                      {t("dispatch.free", { duration: durationText(t, gap.minutes) })}
                    </span>
                  ))}
                {lane.legs.length === 0 ? (
                  <p className="dispatch-empty">{t("dispatch.emptyLane")}</p>
                ) : (
                  <ul>
                    {lane.legs.map((leg) => (
                      <BoardBlock key={legKey(leg)} leg={leg} laneName={name} unassigned={lane.kind === "unassigned"} flight={flights[leg.bookingId]} />
                    ))}
                  </ul>
                )}
              </div>
            </section>
          );
        })}
      </div>
    </section>
  );
}

/** What the colours and marks of the board mean (status, conflict, maintenance, buffer). */
export function BoardLegend() {
  const { t } = useTranslation("admin");
  const swatch = "inline-block size-3.5 shrink-0 rounded-sm border";
  return (
    <ul className="hidden flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700 md:flex print:hidden admin-dark:text-slate-300" data-testid="dispatch-legend">
      {(["pending", "confirmed", "completed"] as const).map((status) => (
        <li key={status} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`${swatch} ${toneOf(status)}`} />
          {t(`status.${status}`)}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`${swatch} border-slate-300 ring-2 ring-red-600`} />
        {t("dispatch.conflict")}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`${swatch} dispatch-hatch border-amber-500`} />
        {t("dispatch.maintenance")}
      </li>
    </ul>
  );
}

const place = (label: string, address: string | null) => (address ? `${shortPlaceName(label)} — ${address}` : label);

/** The day's run sheet, per car a table of its legs in time order: black on white, on screen as on paper. */
export function RunSheet({ lanes, date, dateLabel }: { lanes: Lane[]; date: string; dateLabel: string }) {
  const { t } = useTranslation("admin");
  const laneName = useLaneName();
  const maintenanceText = useMaintenanceText();
  const busy = lanes.filter((lane) => lane.legs.length > 0);
  const idle = lanes.filter((lane) => lane.legs.length === 0).map(laneName);
  return (
    <div className="overflow-x-auto rounded-xl bg-white p-4 text-[10pt] text-black shadow-sm sm:p-6 print:overflow-visible print:rounded-none print:p-0 print:shadow-none" data-testid="dispatch-run-sheet">
      <h1 className="mb-3 text-lg font-bold">{t("dispatch.printTitle", { date: dateLabel })}</h1>
      {busy.length === 0 ? <p>{t("dispatch.noLegs")}</p> : null}
      {busy.map((lane, i) => (
        // a page per car on paper (issue 34): each driver takes their own sheet
        <section key={laneKey(lane)} className={`mb-4 break-inside-avoid-page${i > 0 ? " print:break-before-page" : ""}`} data-testid="run-sheet-car">
          <h2 className="mb-1 text-base font-bold">
            {laneName(lane)}
            {lane.kind === "car" && lane.car.plate_number ? <span className="ml-2 rounded border border-black px-1.5 font-mono text-sm" data-testid="run-sheet-plate">{lane.car.plate_number}</span> : null}
            {lane.maintenance ? <span className="ml-3 text-sm font-semibold">{maintenanceText(lane.maintenance, date)}</span> : null}
          </h2>
          {i > 0 ? <p className="hidden text-sm print:block">{t("dispatch.printTitle", { date: dateLabel })}</p> : null}
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
                      {[leg.leg === "return" ? t("dispatch.returnLeg") : t("dispatch.outbound"), unitText(t, leg), leg.reference, t(`status.${leg.status}`)].filter(Boolean).join(" · ")}
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
                    {leg.luggageItems ? <div data-luggage-items>{luggageItemsText(t, leg.luggageItems, "units.luggageItems")}</div> : null}
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
