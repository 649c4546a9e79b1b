/**
 * Reading the office's "put this driver and car on this leg" (issue 15) from a form or an API body,
 * and the codes of its refusals (`admin:assign.messages.*`). Pure, shared by server and browser.
 */
import { adminCodes } from "~/admin/codes";
import { problem, type FieldProblems } from "~/i18n/problem";
import { MAX_OVERRIDE_REASON, readOverrideReason } from "~/booking/rules/booking-changes";
import type { LegName } from "~/booking/rules/availability";
import type { LegAssignment } from "~/booking/index.server";
import type { JobStatus } from "~/server/db/schema";

export const ASSIGN = adminCodes("assign.messages", [
  "assigned",
  "assignedMailed",
  "removed",
  "unchanged",
  "mailFailed",
  "driverUnavailable",
  "carUnavailable",
  "closed",
  "noLeg",
  "notFound",
  "invalid",
  "driverInvalid",
  "carInvalid",
  "carRefused",
  "unitInvalid",
  "carRepriced",
  "guestInformed",
  "needsOverride",
]);

export const LEG_NAMES = ["outbound", "return"] as const satisfies readonly LegName[];
export const isLegName = (v: unknown): v is LegName => v === "outbound" || v === "return";

const ID = /^[\w-]{1,64}$/;

/** The highest unit a form or body may name (a party has at most this many cars, rules/groups.ts). */
const MAX_UNIT = 9;

/** A posted or sent unit: absent or empty is the booking's own car; else an integer 1…9 (null: not one). */
export function readUnit(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_UNIT ? n : null;
}

/**
 * A posted assignment form (`intent=assign`): `leg`, `unit` (a party's further car), `bookingId` (the board's forms), `driverId`
 * ("" = no driver), `carId` ("" or absent = keep), `unassign` (the "take the driver off" button).
 */
export function readAssignForm(form: FormData): { bookingId: string | null; input: LegAssignment } | null {
  const leg = form.get("leg");
  if (!isLegName(leg)) return null;
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : "";
  };
  const bookingId = text("bookingId") || null;
  const driver = text("driverId");
  const car = text("carId");
  if ((bookingId && !ID.test(bookingId)) || (driver && !ID.test(driver)) || (car && !ID.test(car))) return null;
  const unit = readUnit(form.get("unit"));
  if (unit === null) return null;
  const unassign = form.get("unassign") === "1";
  // the office's reason to assign over the driver's hours, rest or an expired document (issue 34)
  const reason = text("overrideReason").slice(0, MAX_OVERRIDE_REASON);
  return { bookingId, input: { leg, ...(unit && unit > 1 ? { unit } : {}), driverId: unassign || !driver ? null : driver, ...(car && !unassign ? { carId: car } : {}), ...(reason ? { overrideReason: reason } : {}) } };
}

/** The API body `{ driverId?: string | null, carId?: string, unit?: number, override_reason?: string }` for one leg. */
export function parseAssignBody(leg: LegName, body: Record<string, unknown>): { ok: true; input: LegAssignment } | { ok: false; fields: FieldProblems } {
  const fields: FieldProblems = {};
  const { driverId, carId } = body;
  const override = readOverrideReason(body.override_reason);
  if (!override.ok) fields.override_reason = [override.problem];
  const unit = typeof body.unit === "string" ? null : readUnit(body.unit);
  if (unit === null) fields.unit = [problem(ASSIGN.unitInvalid)];
  if (driverId !== undefined && driverId !== null && (typeof driverId !== "string" || !ID.test(driverId))) fields.driverId = [problem(ASSIGN.driverInvalid)];
  if (carId !== undefined && (typeof carId !== "string" || !ID.test(carId))) fields.carId = [problem(ASSIGN.carInvalid)];
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    input: {
      leg,
      ...(unit && unit > 1 ? { unit } : {}),
      ...(driverId !== undefined ? { driverId: driverId as string | null } : {}),
      ...(carId !== undefined ? { carId: carId as string } : {}),
      ...(override.ok && override.reason ? { overrideReason: override.reason } : {}),
    },
  };
}

/** One leg as the office sees its assignment. */
export interface LegAssignmentView {
  leg: LegName;
  /** which car of the booking (issue 32): 1 its own, 2, 3, … a party's further cars */
  unit: number;
  /** how many cars the booking has (1 for most) */
  units: number;
  driver: { id: string; name: string; phone: string; whatsapp: string | null } | null;
  car: { id: string; name: string; plateNumber: string | null; colour: string | null } | null;
  jobStatus: JobStatus | null;
  jobStatusAt: string | null;
  /** the driver's job link, absolute (null: no driver on the leg) */
  jobUrl: string | null;
}


/** What a leg's assignment form chose: the driver ("" none) and the car (a refused form shows it again). */
export interface AssignChoice {
  driverId: string;
  carId: string;
  /** the reason typed to assign over the driver's hours or an expired document (kept when refused again) */
  overrideReason?: string;
  /** the refusal asks for that reason: the form shows its field */
  needsOverride?: boolean;
}
