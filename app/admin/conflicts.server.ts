/**
 * A car's conflicts as the office reads them (the reference, customer and times of the colliding
 * booking, or "Bakım" for a maintenance window) and as the API lists them: the edges of
 * `updateBooking` and `changeBookingStatus` refusals; and an edit's changes as the history shows them.
 */
import { numberFormat } from "~/utils/intl";
import { adminText, type AdminLanguage } from "~/admin/i18n.server";
import { formatAdminDate } from "~/admin/format";
import { problem, type Problem } from "~/i18n/problem";
import { apiError, problemError, type ApiConflict } from "~/server/api";
import { LOCALE_TAGS } from "~/i18n/config";
import { placeNameIn } from "~/places/gazetteer.server";
import { formatTry } from "~/utils/money";
import type { Conflict } from "~/booking/rules/availability";
import { formatChangeValue, type ChangeFormat, type EventChanges } from "~/booking/rules/booking-changes";
import { formatExtrasChange } from "~/booking/rules/booking-products";
import { storedLuggageItems } from "~/booking/rules/capacity";
import { luggageItemsText } from "~/booking/rules/luggage-text";

export function describeConflict(lng: AdminLanguage, c: Conflict): string {
  const say = (key: string, values: Record<string, string> = {}) => adminText(lng, `bookingChanges.conflict.${key}`, values);
  switch (c.kind) {
    case "booking":
      return say("booking", { reference: c.reference, name: c.fullName, from: formatAdminDate(c.start, undefined, lng), to: formatAdminDate(c.end, undefined, lng).slice(11) });
    case "maintenance":
      return say("maintenance", { from: c.from ? formatAdminDate(c.from, undefined, lng) : "…", to: c.to ? formatAdminDate(c.to, undefined, lng) : say("untilFurtherNotice") });
    default:
      return say(c.kind);
  }
}

/** "Araç bu saatlerde dolu: VT-… (…). …" with the conflicts named, in the admin language. */
export const conflictProblem = (lng: AdminLanguage, conflicts: readonly Conflict[]): Problem =>
  problem("admin:bookingChanges.messages.carTaken", { conflicts: conflicts.map((c) => describeConflict(lng, c)).join("; ") });

export function apiConflicts(conflicts: readonly Conflict[]): ApiConflict[] {
  return conflicts.map((c) => {
    if (c.kind === "booking") return { kind: c.kind, reference: c.reference, full_name: c.fullName, leg: c.leg, start: c.start, end: c.end };
    if (c.kind === "maintenance") return { kind: c.kind, from: c.from, to: c.to };
    return { kind: c.kind };
  });
}

/** 409 `car_unavailable`, the conflicts named in the Turkish message and listed in `error.conflicts`. */
export const carUnavailableResponse = (conflicts: readonly Conflict[]) =>
  apiError(409, { ...problemError("car_unavailable", conflictProblem("tr", conflicts)), conflicts: apiConflicts(conflicts) });

/** One history event's changes as the admin reads them: translated field names, values formatted in the admin language. */
export function presentChanges(lng: AdminLanguage, changes: EventChanges | null): { lines: Array<{ label: string; from: string; to: string }>; override: string | null } {
  if (!changes) return { lines: [], override: null };
  const say = (key: string) => adminText(lng, `bookingChanges.${key}`);
  const plural = new Intl.PluralRules(LOCALE_TAGS[lng]);
  const format: ChangeFormat = {
    instant: (iso) => formatAdminDate(iso, undefined, lng),
    money: (amount) => formatTry(amount),
    km: (value) => `${numberFormat(LOCALE_TAGS[lng], { maximumFractionDigits: 1 }).format(value)} km`,
    number: (value) => String(value),
    place: (name) => placeNameIn(name, lng),
    tripType: (value) => say(value === "roundTrip" ? "tripTypes.roundTrip" : "tripTypes.oneWay"),
    hours: (value) => adminText(lng, "bookingProducts.hoursValue", { count: value }),
    extras: (value) => formatExtrasChange(value, lng),
    luggageItems: (value) => luggageItemsText((key, o) => adminText(lng, `${key}_${plural.select(o.count)}`, o), storedLuggageItems(value), "units.luggageItems") || "—",
    empty: "—",
  };
  return {
    lines: changes.fields.map(({ field, from, to }) => ({ label: say(`fields.${field}`), from: formatChangeValue(field, from, format), to: formatChangeValue(field, to, format) })),
    override: changes.override,
  };
}
