/**
 * What keeps a driver or a car from a leg besides being busy (issue 34): the driver's hours, days
 * off and leave, the minimum rest between two duties (settings), and a document (a car's
 * insurance or inspection, a driver's licence…) expired on the leg's day. The assignment refuses
 * them unless the office gives a reason (`assignLeg`'s override); the board's suggestions leave
 * them out. Many drivers and cars are checked with a handful of queries.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/server/db/schema";
import { dutyProblems, restProblem, type DutyProblem, type RestProblem } from "~/drivers/shifts";
import { restMinutesSetting, schedulesOf } from "~/drivers/shifts.server";
import { expiredDocuments } from "~/fleet/documents.server";
import { toBusinessParts } from "./rules/datetime";
import type { Span } from "./rules/availability";
import { minutes } from "./rules/units";
import { driverLegsNear, type LegKey } from "./availability.server";

export type DutyIssue =
  | { who: "driver"; kind: "duty"; problem: DutyProblem }
  | { who: "driver"; kind: "rest"; problem: RestProblem; restMinutes: number }
  | { who: "driver" | "car"; kind: "document"; document: { kind: string; expiresOn: string } };

type Db = Kysely<Database> | Transaction<Database>;

const MINUTE = 60_000;

/**
 * The issues of each driver and car for `span` (ids without any are absent). `exclude`: the leg
 * being assigned (its own driver's leg is not its neighbour).
 */
export async function dutyIssues(
  db: Db,
  who: { driverIds: readonly string[]; carIds: readonly string[] },
  span: Span,
  exclude?: LegKey,
): Promise<{ drivers: Map<string, DutyIssue[]>; cars: Map<string, DutyIssue[]> }> {
  const drivers = new Map<string, DutyIssue[]>();
  const cars = new Map<string, DutyIssue[]>();
  const add = (map: Map<string, DutyIssue[]>, id: string, issue: DutyIssue) => map.set(id, [...(map.get(id) ?? []), issue]);
  const driverIds = [...new Set(who.driverIds)];
  const carIds = [...new Set(who.carIds)];
  if (driverIds.length === 0 && carIds.length === 0) return { drivers, cars };
  const k = db as Kysely<Database>;
  const [schedules, rest, expired] = await Promise.all([
    schedulesOf(k, driverIds),
    driverIds.length > 0 ? restMinutesSetting(k) : Promise.resolve(0),
    expiredDocuments(k, { carIds, driverIds }, toBusinessParts(span.start).date),
  ]);
  // the drivers' legs within the rest before and after the leg
  const around: Span = { start: new Date(Date.parse(span.start) - rest * MINUTE).toISOString(), end: new Date(Date.parse(span.end) + rest * MINUTE).toISOString() };
  const neighbours = rest > 0 && driverIds.length > 0 ? await driverLegsNear(db, driverIds, [around], minutes(0), exclude) : [];
  for (const id of driverIds) {
    for (const p of dutyProblems(schedules.get(id)!, span)) add(drivers, id, { who: "driver", kind: "duty", problem: p });
    const tooClose = restProblem(neighbours.filter((l) => l.driverId === id), span, rest);
    if (tooClose) add(drivers, id, { who: "driver", kind: "rest", problem: tooClose, restMinutes: rest });
    for (const document of expired.drivers.get(id) ?? []) add(drivers, id, { who: "driver", kind: "document", document });
  }
  for (const id of carIds) for (const document of expired.cars.get(id) ?? []) add(cars, id, { who: "car", kind: "document", document });
  return { drivers, cars };
}
