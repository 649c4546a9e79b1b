/**
 * Drivers' shifts in the database (issue 34, migration 0230): the weekly hours (`driver_hours`)
 * and leave (`driver_leaves`) read for one driver or many, and their one write path, checked by
 * the pure rules of ./shifts and written to the audit log. The office's page, the seed and the
 * tests write through here; the booking core reads `schedulesOf` and `restMinutesSetting`.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { AuditAction } from "~/audit/audit-log";
import { recordAudit, type AuditActor } from "~/audit/audit.server";
import type { FieldProblems } from "~/i18n/problem";
import { nowIso } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import {
  LEAVE_KINDS,
  parseLeave,
  parseWeek,
  WEEKDAYS,
  type Leave,
  type LeaveInput,
  type LeaveKind,
  type Schedule,
  type Weekday,
  type WeekHours,
  type WeekInput,
} from "./shifts";

export type ShiftSaveResult<T> =
  { ok: true; value: T } | { ok: false; reason: "invalid"; fields: FieldProblems } | { ok: false; reason: "not_found" };

type HoursRow = { driver_id: string; weekday: number; off: number; start_time: string | null; end_time: string | null };
type LeaveRow = { id: string; driver_id: string; kind: string; from_date: string; to_date: string; note: string };

function weekOf(rows: HoursRow[]): WeekHours | null {
  if (rows.length === 0) return null;
  const week = Object.fromEntries(WEEKDAYS.map((d) => [d, "off"])) as WeekHours;
  for (const row of rows) {
    if (!(WEEKDAYS as readonly number[]).includes(row.weekday)) continue;
    week[row.weekday as Weekday] =
      row.off || !row.start_time || !row.end_time ? "off" : { from: row.start_time, to: row.end_time };
  }
  return week;
}

const leaveOf = (row: LeaveRow): Leave => ({
  id: row.id,
  kind: (LEAVE_KINDS as readonly string[]).includes(row.kind) ? (row.kind as LeaveKind) : "leave",
  from: row.from_date,
  to: row.to_date,
  note: row.note,
});

/** The largest list of ids one `in (…)` takes (well under SQLite's and PostgreSQL's limits on bound values). */
const CHUNK = 500;

/**
 * The schedules of many drivers in two queries (per 500 drivers): every id asked for is in the
 * map, a driver with nothing entered as NO_SCHEDULE's shape (always on duty).
 */
export async function schedulesOf(db: Kysely<Database>, driverIds: readonly string[]): Promise<Map<string, Schedule>> {
  const ids = [...new Set(driverIds)];
  const hours = new Map<string, HoursRow[]>();
  const leaves = new Map<string, Leave[]>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const [hourRows, leaveRows] = await Promise.all([
      db
        .selectFrom("driver_hours")
        .select(["driver_id", "weekday", "off", "start_time", "end_time"])
        .where("driver_id", "in", chunk)
        .execute(),
      db
        .selectFrom("driver_leaves")
        .select(["id", "driver_id", "kind", "from_date", "to_date", "note"])
        .where("driver_id", "in", chunk)
        .orderBy("from_date")
        .orderBy("id")
        .execute(),
    ]);
    for (const row of hourRows)
      (hours.get(row.driver_id) ?? hours.set(row.driver_id, []).get(row.driver_id)!).push(row);
    for (const row of leaveRows)
      (leaves.get(row.driver_id) ?? leaves.set(row.driver_id, []).get(row.driver_id)!).push(leaveOf(row));
  }
  return new Map(ids.map((id) => [id, { week: weekOf(hours.get(id) ?? []), leaves: leaves.get(id) ?? [] }]));
}

/** One driver's schedule (always on duty when nothing is entered). */
export async function getSchedule(db: Kysely<Database>, driverId: string): Promise<Schedule> {
  return (await schedulesOf(db, [driverId])).get(driverId)!;
}

/** The minimum rest between a driver's legs, minutes (settings: booking.driverRestMinutes; 0: no minimum). */
export async function restMinutesSetting(db: Kysely<Database>): Promise<number> {
  return (await getSettings(db)).booking.driverRestMinutes;
}

async function driverName(db: Kysely<Database>, driverId: string): Promise<string | undefined> {
  return (await db.selectFrom("drivers").select("name").where("id", "=", driverId).executeTakeFirst())?.name;
}

const weekDetails = (week: WeekHours | null) =>
  week
    ? Object.fromEntries(WEEKDAYS.map((d) => [d, week[d] === "off" ? "off" : `${week[d].from}-${week[d].to}`]))
    : null;

/** One change of a driver's schedule in the audit log. */
const audit = (
  trx: Transaction<Database>,
  actor: AuditActor | null,
  action: AuditAction,
  driverId: string,
  name: string,
  details: Record<string, unknown>,
) => recordAudit(trx, { actor, action, entity: "driver", entityId: driverId, summary: name, details });

const leaveDetails = (l: Leave) => ({ kind: l.kind, from: l.from, to: l.to, note: l.note });

/** Sets a driver's weekly hours (all seven days at once), checked; audited as driver.shifts.update. */
export async function saveWeekHours(
  db: Kysely<Database>,
  driverId: string,
  input: WeekInput,
  actor: AuditActor | null,
): Promise<ShiftSaveResult<WeekHours>> {
  const parsed = parseWeek(input);
  if (!parsed.ok) return { ok: false, reason: "invalid", fields: parsed.fields };
  const name = await driverName(db, driverId);
  if (name === undefined) return { ok: false, reason: "not_found" };
  const week = parsed.value;
  await db.transaction().execute(async (trx) => {
    const before = weekOf(await trx.selectFrom("driver_hours").selectAll().where("driver_id", "=", driverId).execute());
    await trx.deleteFrom("driver_hours").where("driver_id", "=", driverId).execute();
    await trx
      .insertInto("driver_hours")
      .values(
        WEEKDAYS.map((d) => {
          const h = week[d];
          return {
            driver_id: driverId,
            weekday: d,
            off: h === "off" ? 1 : 0,
            start_time: h === "off" ? null : h.from,
            end_time: h === "off" ? null : h.to,
          };
        }),
      )
      .execute();
    await audit(trx, actor, "driver.shifts.update", driverId, name, {
      before: weekDetails(before),
      after: weekDetails(week),
    });
  });
  return { ok: true, value: week };
}

/** Takes a driver's weekly hours off: always on duty again (their leave stays). */
export async function clearWeekHours(
  db: Kysely<Database>,
  driverId: string,
  actor: AuditActor | null,
): Promise<ShiftSaveResult<null>> {
  const name = await driverName(db, driverId);
  if (name === undefined) return { ok: false, reason: "not_found" };
  await db.transaction().execute(async (trx) => {
    const before = weekOf(await trx.selectFrom("driver_hours").selectAll().where("driver_id", "=", driverId).execute());
    if (!before) return;
    await trx.deleteFrom("driver_hours").where("driver_id", "=", driverId).execute();
    await audit(trx, actor, "driver.shifts.update", driverId, name, { before: weekDetails(before), after: null });
  });
  return { ok: true, value: null };
}

/**
 * Adds a leave or day off, refused when it overlaps another of the driver's; audited as
 * driver.leave.create. The check and the insert are one transaction that first writes the driver's
 * row, so two leaves added at once for one driver wait for each other and the second sees the first.
 */
export async function addLeave(
  db: Kysely<Database>,
  driverId: string,
  input: LeaveInput,
  actor: AuditActor | null,
): Promise<ShiftSaveResult<Leave>> {
  const name = await driverName(db, driverId);
  if (name === undefined) return { ok: false, reason: "not_found" };
  return db.transaction().execute(async (trx): Promise<ShiftSaveResult<Leave>> => {
    await trx.updateTable("drivers").set((eb) => ({ id: eb.ref("id") })).where("id", "=", driverId).execute();
    const { leaves } = await getSchedule(trx, driverId);
    const parsed = parseLeave(input, leaves);
    if (!parsed.ok) return { ok: false, reason: "invalid", fields: parsed.fields };
    const leave: Leave = { id: randomUUID(), ...parsed.value };
    await trx
      .insertInto("driver_leaves")
      .values({
        id: leave.id,
        driver_id: driverId,
        kind: leave.kind,
        from_date: leave.from,
        to_date: leave.to,
        note: leave.note,
        created_at: nowIso(),
      })
      .execute();
    await audit(trx, actor, "driver.leave.create", driverId, name, { after: leaveDetails(leave) });
    return { ok: true, value: leave };
  });
}

/** Removes one of a driver's leaves; audited as driver.leave.delete. */
export async function removeLeave(
  db: Kysely<Database>,
  driverId: string,
  leaveId: string,
  actor: AuditActor | null,
): Promise<ShiftSaveResult<Leave>> {
  const name = await driverName(db, driverId);
  const row = await db
    .selectFrom("driver_leaves")
    .select(["id", "driver_id", "kind", "from_date", "to_date", "note"])
    .where("id", "=", leaveId)
    .where("driver_id", "=", driverId)
    .executeTakeFirst();
  if (name === undefined || !row) return { ok: false, reason: "not_found" };
  const leave = leaveOf(row);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("driver_leaves").where("id", "=", leaveId).execute();
    await audit(trx, actor, "driver.leave.delete", driverId, name, { before: leaveDetails(leave) });
  });
  return { ok: true, value: leave };
}
