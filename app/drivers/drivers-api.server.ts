/**
 * The /api/drivers workflows beside the pages' (the same write path, drivers.server.ts): a JSON
 * body read into a driver's fields, and a POST replayed under its Idempotency-Key (DESIGN.md §4).
 */
import type { Kysely } from "kysely";
import { adminCodes } from "~/admin/codes";
import { problem, type FieldProblems } from "~/i18n/problem";
import type { Database } from "~/server/db/schema";
import { rememberCreateId, replayedCreateId } from "~/server/idempotent-create.server";
import type { Driver, DriverInput } from "./drivers";
import { getDriver } from "./drivers.server";

/** What the API says beyond the driver's own rules (drivers.messages). */
export const DRIVERS_API = adminCodes("drivers.messages", ["idempotencyMismatch", "activeInvalid"]);

const FIELDS = ["name", "phone", "whatsapp", "languages", "licenceNumber", "active", "userId", "payoutRule", "payoutAmount", "payoutShare"] as const;

/**
 * A JSON body as the driver's fields: only the known ones (others are ignored); `active` must be a
 * boolean. A field absent stays undefined (PATCH keeps the driver's value); null clears it.
 */
export function driverInputFromJson(body: Record<string, unknown>): { ok: true; input: DriverInput } | { ok: false; fields: FieldProblems } {
  const input: DriverInput = {};
  for (const key of FIELDS) if (key in body) input[key] = body[key] === null ? "" : body[key];
  if ("active" in body && typeof body.active !== "boolean") return { ok: false, fields: { active: [problem(DRIVERS_API.activeInvalid)] } };
  return { ok: true, input };
}

/** A POST /api/drivers answered before under the same key: the driver, "mismatch" for another body, undefined when new. */
export async function replayedDriverCreate(db: Kysely<Database>, key: string, hash: string): Promise<Driver | "mismatch" | undefined> {
  const id = await replayedCreateId(db, "drivers", key, hash);
  return id === "mismatch" ? id : id ? getDriver(db, id) : undefined;
}

export const rememberDriverCreate = (db: Kysely<Database>, key: string, hash: string, driver: Driver) => rememberCreateId(db, "drivers", key, hash, driver.id);
