/**
 * The board's suggestions for its open leg (issue 34), from the booking core's `suggestForLeg`,
 * with the reasons a driver or car is left out in the admin language (the same words as an
 * assignment's refusal).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import { suggestForLeg, type LeftOut } from "~/booking/index.server";
import type { BoardLeg } from "~/booking/rules/dispatch";
import { adminText, type AdminLanguage } from "./i18n.server";
import { describeCarConflict, describeDriverConflict, describeDutyIssue } from "./leg-assignments.server";
import type { SuggestionsView } from "./dispatch-suggestions";
import { onDuty } from "~/drivers/shifts";
import { schedulesOf } from "~/drivers/shifts.server";

function whyText(lng: AdminLanguage, why: LeftOut, describe: typeof describeCarConflict): string {
  if (why.reason === "too_small") return adminText(lng, "dispatch.suggest.tooSmall");
  if (why.reason === "duty") return why.issues.map((i) => describeDutyIssue(lng, i)).join(" ");
  const named = why.conflicts.map((c) => describe(lng, c)).join("; ");
  return why.reason === "busy" ? adminText(lng, "dispatch.suggest.busy", { conflicts: named }) : named;
}

export async function suggestionsView(db: Kysely<Database>, leg: BoardLeg, lng: AdminLanguage): Promise<SuggestionsView | null> {
  const found = await suggestForLeg(db, leg.bookingId, leg.leg, leg.unit ?? 1);
  if (!found) return null;
  return {
    ...found,
    currentDriverId: leg.driver?.id ?? null,
    currentCarId: leg.carId,
    carsLeftOut: found.carsLeftOut.map((c) => ({ id: c.id, name: c.name, plate: c.plate, why: whyText(lng, c.why, describeCarConflict) })),
    driversLeftOut: found.driversLeftOut.map((d) => ({ id: d.id, name: d.name, why: whyText(lng, d.why, describeDriverConflict) })),
  };
}

/** Who is on duty on a day (issue 34): each active driver's hours, or off, on leave, or with no hours entered. */
export async function dutyRoster(db: Kysely<Database>, date: string): Promise<Array<{ id: string; name: string; duty: ReturnType<typeof onDuty> }>> {
  const drivers = await db.selectFrom("drivers").select(["id", "name"]).where("active", "=", 1).orderBy("name").execute();
  const schedules = await schedulesOf(db, drivers.map((d) => d.id));
  return drivers.map((d) => ({ id: d.id, name: d.name, duty: onDuty(schedules.get(d.id)!, date) }));
}
