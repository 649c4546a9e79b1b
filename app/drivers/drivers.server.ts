/**
 * The drivers' one write path (issue 15): the office's pages, the API, the seed and the tests'
 * factories all create and change drivers here, and every change is written to the audit log.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { recordAudit, type AuditActor } from "~/audit/audit.server";
import { problem, type FieldProblems } from "~/i18n/problem";
import { fromBool, nowIso, toBool } from "~/server/db/convert";
import type { Database, DriverRow } from "~/server/db/schema";
import { foldSearchText, phoneSearchDigits, searchTextPatterns } from "~/utils/search-text";
import { DRIVERS, isDriverLanguage, parseDriver, type Driver, type DriverInput, type DriverValues } from "./drivers";
import { driverHasLegs } from "~/booking/index.server";
import type { Storage } from "~/server/storage.server";
import { parsePhoto, photoColumn, photoUrl, removePhotoFiles } from "./driver-photo.server";
import { payoutColumns, payoutFormText, payoutFromColumns } from "./payout";

export function driverFromRow(row: DriverRow): Driver {
  let languages: unknown = [];
  try {
    languages = JSON.parse(row.languages);
  } catch {
    languages = [];
  }
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    whatsapp: row.whatsapp,
    languages: Array.isArray(languages) ? languages.filter(isDriverLanguage) : [],
    licenceNumber: row.licence_number,
    active: toBool(row.active),
    userId: row.user_id,
    photo: photoUrl(parsePhoto(row.photo)),
    payout: payoutFromColumns(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const searchText = (v: DriverValues) => `${foldSearchText(v.name, v.licenceNumber)} ${phoneSearchDigits(v.phone)} ${v.whatsapp ? phoneSearchDigits(v.whatsapp) : ""}`.trim();

export async function getDriver(db: Kysely<Database>, id: string): Promise<Driver | undefined> {
  const row = await db.selectFrom("drivers").selectAll().where("id", "=", id).executeTakeFirst();
  return row && driverFromRow(row);
}

export async function driverOfUser(db: Kysely<Database>, userId: string): Promise<Driver | undefined> {
  const row = await db.selectFrom("drivers").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row && driverFromRow(row);
}

/** Drivers by name; `active` only the active ones (the assignment lists), `q` a folded name or phone search. */
export async function listDrivers(db: Kysely<Database>, options: { active?: boolean; q?: string } = {}): Promise<Driver[]> {
  let query = db.selectFrom("drivers").selectAll();
  if (options.active) query = query.where("active", "=", 1);
  const q = options.q?.trim();
  if (q) query = query.where((eb) => eb.or(searchTextPatterns(q).map((pattern) => eb("search_text", "like", pattern))));
  const rows = await query.orderBy("name").orderBy("id").execute();
  return rows.map(driverFromRow);
}

/** The linked account must be a `driver` account not linked to another driver. */
async function checkUser(db: Kysely<Database>, userId: string | null, driverId: string | null): Promise<FieldProblems> {
  if (!userId) return {};
  const user = await db.selectFrom("users").select(["id", "role"]).where("id", "=", userId).executeTakeFirst();
  if (!user || user.role !== "driver") return { userId: [problem(DRIVERS.userInvalid)] };
  const other = await db.selectFrom("drivers").select("id").where("user_id", "=", userId).executeTakeFirst();
  if (other && other.id !== driverId) return { userId: [problem(DRIVERS.userTaken)] };
  return {};
}

export type DriverSaveResult = { ok: true; driver: Driver } | { ok: false; reason: "invalid"; fields: FieldProblems } | { ok: false; reason: "not_found" };

export async function createDriver(db: Kysely<Database>, input: DriverInput, actor: AuditActor | null): Promise<DriverSaveResult> {
  const parsed = parseDriver(input);
  if (!parsed.ok) return { ok: false, reason: "invalid", fields: parsed.fields };
  const v = parsed.value;
  const userProblems = await checkUser(db, v.userId, null);
  if (Object.keys(userProblems).length > 0) return { ok: false, reason: "invalid", fields: userProblems };
  const id = randomUUID();
  const at = nowIso();
  await db
    .insertInto("drivers")
    .values({
      id,
      name: v.name,
      phone: v.phone,
      whatsapp: v.whatsapp,
      languages: JSON.stringify(v.languages),
      licence_number: v.licenceNumber,
      active: fromBool(v.active),
      user_id: v.userId,
      photo: photoColumn(v.photo),
      ...payoutColumns(v.payout),
      search_text: searchText(v),
      created_at: at,
      updated_at: at,
    })
    .execute();
  const driver = (await getDriver(db, id))!;
  await recordAudit(db, { actor, action: "driver.create", entity: "driver", entityId: id, summary: v.name, details: { after: { ...v, photo: v.photo?.url ?? null } } });
  return { ok: true, driver };
}

/** A partial change: fields not in `input` keep their value. */
export async function updateDriver(db: Kysely<Database>, id: string, input: DriverInput, actor: AuditActor | null): Promise<DriverSaveResult> {
  const row = await db.selectFrom("drivers").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return { ok: false, reason: "not_found" };
  const existing = driverFromRow(row);
  const before: DriverValues = {
    name: existing.name,
    phone: existing.phone,
    whatsapp: existing.whatsapp,
    languages: existing.languages,
    licenceNumber: existing.licenceNumber,
    active: existing.active,
    userId: existing.userId,
    photo: parsePhoto(row.photo),
    payout: existing.payout,
  };
  const { payout: _payout, ...kept } = before;
  const merged: DriverInput = { ...kept, ...payoutFormText(existing.payout) };
  for (const key of Object.keys(input) as Array<keyof DriverInput>) {
    if (key !== "photo" && input[key] !== undefined) merged[key] = input[key];
  }
  if (input.photo !== undefined) merged.photo = input.photo;
  const parsed = parseDriver(merged);
  if (!parsed.ok) return { ok: false, reason: "invalid", fields: parsed.fields };
  const v = parsed.value;
  const userProblems = await checkUser(db, v.userId, id);
  if (Object.keys(userProblems).length > 0) return { ok: false, reason: "invalid", fields: userProblems };
  await db
    .updateTable("drivers")
    .set({
      name: v.name,
      phone: v.phone,
      whatsapp: v.whatsapp,
      languages: JSON.stringify(v.languages),
      licence_number: v.licenceNumber,
      active: fromBool(v.active),
      user_id: v.userId,
      photo: photoColumn(v.photo),
      ...payoutColumns(v.payout),
      search_text: searchText(v),
      updated_at: nowIso(),
    })
    .where("id", "=", id)
    .execute();
  // a photo by its URL: the log says it changed, never what the image holds
  const logged = (values: DriverValues) => ({ ...values, photo: values.photo?.url ?? null });
  const [now, then] = [logged(v), logged(before)];
  const changed = Object.fromEntries(
    (Object.keys(now) as Array<keyof typeof now>).filter((k) => JSON.stringify(now[k]) !== JSON.stringify(then[k])).map((k) => [k, { from: then[k], to: now[k] }]),
  );
  await recordAudit(db, { actor, action: "driver.update", entity: "driver", entityId: id, summary: v.name, details: { changed } });
  return { ok: true, driver: (await getDriver(db, id))! };
}

/**
 * Deletes a driver who has never been assigned (one with legs is deactivated instead: `inUse`);
 * with `storage`, their photo's files go too (unless another driver shows the same image).
 */
export async function deleteDriver(
  db: Kysely<Database>,
  id: string,
  actor: AuditActor | null,
  storage?: Storage,
): Promise<{ ok: true } | { ok: false; reason: "not_found" | "in_use" }> {
  const row = await db.selectFrom("drivers").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return { ok: false, reason: "not_found" };
  const existing = driverFromRow(row);
  if (await driverHasLegs(db, id)) return { ok: false, reason: "in_use" };
  await db.deleteFrom("drivers").where("id", "=", id).execute();
  if (storage) await removePhotoFiles(db, storage, parsePhoto(row.photo));
  await recordAudit(db, { actor, action: "driver.delete", entity: "driver", entityId: id, summary: existing.name, details: {} });
  return { ok: true };
}

/** How to reach a driver with a job (issue 31): phone, WhatsApp, languages and their account's e-mail. */
export async function driverContactOf(db: Kysely<Database>, driverId: string) {
  const row = await db
    .selectFrom("drivers")
    .leftJoin("users", "users.id", "drivers.user_id")
    .select(["drivers.id", "drivers.name", "drivers.phone", "drivers.whatsapp", "drivers.languages", "users.email as email"])
    .where("drivers.id", "=", driverId)
    .executeTakeFirst();
  if (!row) return undefined;
  let languages: string[] = [];
  try {
    const parsed = JSON.parse(row.languages) as unknown;
    if (Array.isArray(parsed)) languages = parsed.filter((l): l is string => typeof l === "string");
  } catch {
    languages = [];
  }
  return { id: row.id, name: row.name, phone: row.phone, whatsapp: row.whatsapp, languages, email: row.email ?? null };
}
