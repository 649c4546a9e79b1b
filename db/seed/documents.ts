/**
 * The demo fleet's documents (issue 34), through the pages' own write path (saveDocument): most
 * valid for months, the last car's inspection expiring within a week and the last driver's SRC
 * within the month, so the overview and the warnings have something to say; none expired, so
 * assignments on the demo (and in tests that seed it) keep working; one driver's psychotechnic
 * certificate not entered yet. Dates count from the seeding day in Istanbul.
 */
import type { Kysely } from "kysely";
import { toBusinessParts } from "~/booking/rules/datetime";
import { addDays, CAR_DOCUMENT_KINDS, DRIVER_DOCUMENT_KINDS } from "~/fleet/documents";
import { saveDocument } from "~/fleet/documents.server";
import type { Database } from "~/server/db/schema";

/** Days from today to each document's last valid day, by the car's or driver's position and the kind's. */
const spread = (owner: number, kind: number) => 60 + ((owner * 97 + kind * 53) % 300);

export async function seedDocuments(db: Kysely<Database>, now = new Date()): Promise<number> {
  const today = toBusinessParts(now).date;
  const cars = await db.selectFrom("cars").select("id").orderBy("created_at").orderBy("id").execute();
  const drivers = await db.selectFrom("drivers").select("id").orderBy("created_at").orderBy("id").execute();
  let saved = 0;
  for (const [i, car] of cars.entries()) {
    for (const [k, kind] of CAR_DOCUMENT_KINDS.entries()) {
      const days = i === cars.length - 1 && kind === "inspection" ? 6 : spread(i, k);
      await saveDocument(db, { kind: "car", id: car.id }, kind, { expiresOn: addDays(today, days) }, null);
      saved++;
    }
  }
  for (const [i, driver] of drivers.entries()) {
    for (const [k, kind] of DRIVER_DOCUMENT_KINDS.entries()) {
      if (i === 1 && kind === "psychotechnic") continue;
      const days = i === drivers.length - 1 && kind === "src" ? 20 : spread(i + 7, k);
      await saveDocument(db, { kind: "driver", id: driver.id }, kind, { expiresOn: addDays(today, days) }, null);
      saved++;
    }
  }
  return saved;
}
