/**
 * The office's shifts page of a driver (/admin/drivers/{id}/shifts): the page's data, and its
 * four plain form posts (the weekly hours, taking them off, adding and removing a leave), each
 * saved through ./shifts.server; on a refusal the form comes back with what was typed and the
 * problems in the admin language.
 */
import type { Kysely } from "kysely";
import type { AdminLanguage } from "~/admin/i18n.server";
import type { AuditActor } from "~/audit/audit.server";
import { businessToday } from "~/booking/rules/datetime";
import { problem } from "~/i18n/problem";
import { translate, translateFields } from "~/i18n/translate.server";
import type { Database } from "~/server/db/schema";
import { getDriver } from "./drivers.server";
import { dayField, onDuty, SHIFTS, WEEKDAYS, weekInputFromForm, type Schedule, type WeekHours } from "./shifts";
import { addLeave, clearWeekHours, getSchedule, removeLeave, saveWeekHours } from "./shifts.server";

/** What a form shows: the inputs as typed by name, the problems by name, a line above it. */
export interface ShiftsFormState {
  form: "hours" | "leave";
  values: Record<string, string>;
  fields: Record<string, string[]>;
  message?: string;
}

export interface ShiftsPage {
  driver: { id: string; name: string };
  schedule: Schedule;
  today: string;
  todayDuty: ReturnType<typeof onDuty>;
}

export const SHIFTS_FLASHES = ["hours", "cleared", "leave", "removed"] as const;
export type ShiftsFlash = (typeof SHIFTS_FLASHES)[number];

/** The page's data; undefined for an unknown driver. */
export async function loadShiftsPage(
  db: Kysely<Database>,
  driverId: string,
  now = new Date(),
): Promise<ShiftsPage | undefined> {
  const driver = await getDriver(db, driverId);
  if (!driver) return undefined;
  const schedule = await getSchedule(db, driverId);
  const today = businessToday(now);
  return { driver: { id: driver.id, name: driver.name }, schedule, today, todayDuty: onDuty(schedule, today) };
}

/** What the grid offers a driver with no hours yet (not in force until saved): 08:00–18:00, Sunday off. */
const SUGGESTED: WeekHours = {
  1: { from: "08:00", to: "18:00" },
  2: { from: "08:00", to: "18:00" },
  3: { from: "08:00", to: "18:00" },
  4: { from: "08:00", to: "18:00" },
  5: { from: "08:00", to: "18:00" },
  6: { from: "08:00", to: "18:00" },
  7: "off",
};

/** The weekly grid's values as the form shows them: the stored hours, or SUGGESTED to start from. */
export function hoursValues(schedule: Schedule): Record<string, string> {
  const values: Record<string, string> = {};
  const week = schedule.week ?? SUGGESTED;
  for (const d of WEEKDAYS) {
    const hours = week[d];
    if (hours === "off") values[dayField(d, "off")] = "on";
    values[dayField(d, "from")] = hours === "off" ? "" : hours.from;
    values[dayField(d, "to")] = hours === "off" ? "" : hours.to;
  }
  return values;
}

export type ShiftsFormOutcome = { saved: ShiftsFlash } | { state: ShiftsFormState | null; status: number };

const str = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

/** Handles one post of the page. */
export async function handleShiftsForm(
  db: Kysely<Database>,
  request: Request,
  { id, lng, actor }: { id: string; lng: AdminLanguage; actor: AuditActor },
): Promise<ShiftsFormOutcome> {
  const say = (code: Parameters<typeof problem>[0]) => translate(lng, problem(code));
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { state: { form: "hours", values: {}, fields: {}, message: say(SHIFTS.saveFailed) }, status: 400 };
  }
  const intent = str(form.get("intent"));
  if (intent === "hours") {
    const input = weekInputFromForm(form);
    const values = Object.fromEntries(
      WEEKDAYS.flatMap((d) =>
        (["off", "from", "to"] as const).map((p) => [dayField(d, p), str(form.get(dayField(d, p)))]),
      ),
    );
    const result = await saveWeekHours(db, id, input, actor);
    if (result.ok) return { saved: "hours" };
    if (result.reason === "not_found") return { state: null, status: 404 };
    return {
      state: { form: "hours", values, fields: translateFields(lng, result.fields), message: say(SHIFTS.saveFailed) },
      status: 400,
    };
  }
  if (intent === "clear") {
    const result = await clearWeekHours(db, id, actor);
    return result.ok ? { saved: "cleared" } : { state: null, status: 404 };
  }
  if (intent === "add-leave") {
    const values = Object.fromEntries(["kind", "from", "to", "note"].map((k) => [k, str(form.get(k))]));
    const result = await addLeave(db, id, values, actor);
    if (result.ok) return { saved: "leave" };
    if (result.reason === "not_found") return { state: null, status: 404 };
    return {
      state: { form: "leave", values, fields: translateFields(lng, result.fields), message: say(SHIFTS.saveFailed) },
      status: 400,
    };
  }
  if (intent === "remove-leave") {
    const result = await removeLeave(db, id, str(form.get("leave")), actor);
    if (result.ok) return { saved: "removed" };
    return { state: { form: "leave", values: {}, fields: {}, message: say(SHIFTS.notFound) }, status: 404 };
  }
  return { state: { form: "hours", values: {}, fields: {}, message: say(SHIFTS.saveFailed) }, status: 400 };
}
