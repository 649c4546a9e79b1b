/**
 * A driver's step in the booking's history, in the admin language (issue 15): "Gidiş: Vardım · 14:32"
 * with a map link when the phone's location came with it.
 */
import { adminText, type AdminLanguage } from "~/admin/i18n.server";
import type { EventChanges } from "~/booking/rules/booking-changes";
import { businessTime } from "./job.server";

export interface JobStepLine {
  text: string;
  /** a map of where the phone was (null: no location sent) */
  mapHref: string | null;
  mapLabel: string;
}

export function presentJobStep(lng: AdminLanguage, changes: EventChanges | null, at: string): JobStepLine | null {
  const job = changes?.job;
  if (!job) return null;
  const say = (key: string, values: Record<string, string | number> = {}) =>
    adminText(lng, `bookings.jobEvent.${key}`, values);
  // a party's further car (issue 32) is named: "Gidiş · 2. araç"
  const leg = job.unit ? `${say(`legs.${job.leg}`)} · ${adminText(lng, "assign.unitShort", { unit: job.unit })}` : say(`legs.${job.leg}`);
  const title = say("title", { leg, status: say(`status.${job.status}`) });
  const located = job.lat !== undefined && job.lng !== undefined;
  const accuracy = located && job.accuracy !== undefined ? ` (${say("accuracy", { metres: job.accuracy })})` : "";
  return {
    text: `${title} · ${businessTime(at)}`,
    mapHref: located ? `https://www.google.com/maps/search/?api=1&query=${job.lat},${job.lng}` : null,
    mapLabel: `${say("location")}${accuracy}`,
  };
}
