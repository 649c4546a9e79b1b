/**
 * A tracked flight's state in one line (issue 31), the same on the dispatch board, the office's
 * booking page and the guest's private page: the number, the status (with the delay), the landing
 * and the planned pickup in Antalya's time. The texts are `flights.state.*` of the catalogue the
 * page speaks (admin or booking). Rendered only for a tracked flight (state.server.ts).
 */
import { useTranslation } from "~/i18n/react";
import { isLanguage, LOCALE_TAGS } from "~/i18n/config";
import type { FlightStatus } from "~/server/db/flights-schema";
import { dateTimeFormat } from "~/utils/intl";

/** pending: not read yet; not_found: no such flight on that date */
export type FlightStateStatus = FlightStatus | "pending" | "not_found";

export interface FlightState {
  flight: string;
  status: FlightStateStatus;
  scheduledAt: string | null;
  estimatedAt: string | null;
  actualAt: string | null;
  /** minutes late (negative: early), null when unknown */
  delayMinutes: number | null;
  bookedPickupAt: string;
  plannedPickupAt: string | null;
  checkedAt: string | null;
}

const TONES: Record<FlightStateStatus, string> = {
  pending: "bg-slate-100 text-slate-700",
  scheduled: "bg-slate-100 text-slate-700",
  en_route: "bg-sky-100 text-sky-800",
  landed: "bg-green-100 text-green-800",
  delayed: "bg-amber-100 text-amber-900",
  cancelled: "bg-red-100 text-red-800",
  diverted: "bg-red-100 text-red-800",
  unknown: "bg-slate-100 text-slate-700",
  not_found: "bg-red-100 text-red-800",
};

/** `compact`: the status and the planned pickup only, in a span (the board's blocks are links). */
export function FlightStateLine({ state, ns, compact = false }: { state: FlightState; ns: "admin" | "booking"; compact?: boolean }) {
  const { t, i18n } = useTranslation(ns);
  const lng = isLanguage(i18n.language) ? i18n.language : "en";
  const time = dateTimeFormat(LOCALE_TAGS[lng], { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Istanbul" });
  const late = state.delayMinutes !== null && state.delayMinutes >= 15 && state.status !== "cancelled" && state.status !== "diverted";
  const status = late && (state.status === "scheduled" || state.status === "en_route") ? "delayed" : state.status;
  const landing = state.actualAt ?? state.estimatedAt ?? state.scheduledAt;
  const Line = compact ? "span" : "p";
  return (
    <Line className={compact ? "block" : "flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"} data-testid="flight-state" data-status={status}>
      {compact ? null : <span className="font-medium">{t("flights.state.flight", { flight: state.flight })}</span>}
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[status]}`}>
        {t(`flights.state.status.${status}`)}
        {late ? ` · ${t("flights.state.late", { minutes: state.delayMinutes })}` : ""}
      </span>
      {landing && !compact ? <span>{t(state.actualAt ? "flights.state.landed" : "flights.state.landing", { time: time.format(new Date(landing)) })}</span> : null}
      {state.plannedPickupAt ? <span className="font-medium">{`${compact ? " · " : ""}${t("flights.state.pickup", { time: time.format(new Date(state.plannedPickupAt)) })}`}</span> : null}
    </Line>
  );
}
