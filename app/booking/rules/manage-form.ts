/**
 * The private page's three forms as posted (issue 16): the details, the date and time (previewed,
 * then confirmed with the price shown), and the cancellation. Read leniently from FormData, checked
 * here (quantities, lengths, date and time shapes) with `booking:manage.errors.*` codes; what was
 * typed always comes back as text so the page can show it again. Pure.
 */
import { problem, addProblem, type FieldProblems } from "~/i18n/problem";
import { MAX_EXTRA_TEXT } from "~/booking/rules/extras";
import { MAX_LUGGAGE, MAX_PASSENGERS } from "./capacity";
import { isDateText, isTimeText } from "./datetime";
import { MAX_CHANGED_NOTES } from "./contact-limits";
import type { GuestDetails, GuestTimes } from "~/booking/guest-changes.server";

export const MANAGE_INTENTS = ["details", "preview", "changeTimes", "cancel"] as const;
export type ManageIntent = (typeof MANAGE_INTENTS)[number];

export const isManageIntent = (v: unknown): v is ManageIntent => typeof v === "string" && (MANAGE_INTENTS as readonly string[]).includes(v);

const code = (key: string) => `booking:manage.errors.${key}` as const;

const textOf = (form: FormData, name: string): string => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

const wholeIn = (text: string, min: number, max: number): number | null => {
  const t = text.trim();
  if (!/^\d{1,3}$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
};

export type Parsed<T> = { ok: true; value: T; values: Record<string, string> } | { ok: false; fields: FieldProblems; values: Record<string, string> };

export function readDetailsForm(form: FormData): Parsed<GuestDetails> {
  const values = Object.fromEntries(["flightNumber", "signText", "passengers", "luggage", "notes"].map((n) => [n, textOf(form, n)]));
  const fields: FieldProblems = {};
  const passengers = wholeIn(values.passengers!, 1, MAX_PASSENGERS);
  if (passengers === null) addProblem(fields, "passengers", problem(code("passengers"), { max: MAX_PASSENGERS }));
  // Left empty: the luggage stays as it is (a booking may have none on record).
  const blankLuggage = values.luggage!.trim() === "";
  const luggage = blankLuggage ? null : wholeIn(values.luggage!, 0, MAX_LUGGAGE);
  if (!blankLuggage && luggage === null) addProblem(fields, "luggage", problem(code("luggage"), { max: MAX_LUGGAGE }));
  if (values.flightNumber!.trim().length > 20) addProblem(fields, "flightNumber", problem(code("flightTooLong")));
  if (values.signText!.trim().length > MAX_EXTRA_TEXT) addProblem(fields, "signText", problem(code("signTooLong"), { max: MAX_EXTRA_TEXT }));
  if (values.notes!.trim().length > MAX_CHANGED_NOTES) addProblem(fields, "notes", problem(code("notesTooLong")));
  if (Object.keys(fields).length > 0 || passengers === null) return { ok: false, fields, values };
  return { ok: true, values, value: { flightNumber: values.flightNumber!, signText: values.signText!, passengers, luggage, notes: values.notes! } };
}

/** The new date and time; a round trip's return too. `expectedTotal` (kuruş): the price the guest confirms. */
export function readTimesForm(form: FormData, roundTrip: boolean): Parsed<GuestTimes & { expectedTotal: number | null }> {
  const values = Object.fromEntries(["date", "time", "returnDate", "returnTime", "expectedTotal"].map((n) => [n, textOf(form, n).trim()]));
  const fields: FieldProblems = {};
  if (!isDateText(values.date!) || !isTimeText(values.time!)) addProblem(fields, "date", problem(code("dateTime")));
  if (roundTrip && (!isDateText(values.returnDate!) || !isTimeText(values.returnTime!))) addProblem(fields, "returnDate", problem(code("dateTime")));
  const expected = /^\d{1,12}$/.test(values.expectedTotal!) ? Number(values.expectedTotal) : null;
  if (Object.keys(fields).length > 0) return { ok: false, fields, values };
  return {
    ok: true,
    values,
    value: { date: values.date!, time: values.time!, ...(roundTrip ? { returnDate: values.returnDate!, returnTime: values.returnTime! } : {}), expectedTotal: expected },
  };
}
