/**
 * The office's side of a leg's driver and car (issue 15): what the booking page, the dispatch board
 * and the API show of each assigned leg (read for many bookings in one query), and the one call
 * they all make to assign: `assignLeg`, whose events (written with it) make the notify worker mail
 * the customer when the driver changed, and tell the guest of a changed outbound car (and its price)
 * as the office's edit does. A mail that cannot be queued leaves the assignment in place and is
 * reported (`mailFailed`; the event is tried again).
 */
import type { Kysely } from "kysely";
import type { RouterContextProvider } from "react-router";
import type { Logger } from "pino";
import { adminText, type AdminLanguage } from "~/admin/i18n.server";
import { formatAdminDate, formatCalendarDay } from "~/admin/format";
import type { AuditActor } from "~/audit/audit.server";
import { requirePermission } from "~/auth/guard.server";
import { listDrivers } from "~/drivers/drivers.server";
import { problem, type FieldProblems, type Problem } from "~/i18n/problem";
import { translate } from "~/i18n/translate.server";
import { getApp } from "~/server/context";
import { apiError, problemError } from "~/server/api";
import type { Database } from "~/server/db/schema";
import { FIRST_UNIT, occupiesCar, type Conflict, type LegName } from "~/booking/rules/availability";
import { customerCares } from "~/booking/rules/booking-changes";
import { jobPath } from "~/booking/rules/job-link";
import {
  assignedLegsOf,
  assignLeg,
  furtherCarsOf,
  legFieldsOf,
  jobToken,
  legSpan,
  type AssignRefusal,
  type AssignResult,
  type BookingDeps,
  type DutyIssue,
  type LegAssignment,
} from "~/booking/index.server";
import { type GuestMessageDeps } from "~/notify/guest-messages.server";
import { formatMoney, kurus } from "~/utils/money";
import { apiConflicts } from "~/admin/conflicts.server";
import { bookingDeps } from "~/server/booking-deps.server";
import { ASSIGN, readAssignForm, type AssignChoice, type LegAssignmentView } from "./leg-assignments";
import { eventsCommitted } from "~/notify/worker.server";
import { getSettings } from "~/settings/settings.server";
import { dutyProblemMessage, restProblemMessage } from "~/drivers/shifts";
import { documentKindKey } from "~/fleet/documents";

export type { LegAssignmentView };

/** The absolute job link of a nonce, on the site's public address. */
export const jobUrlOf = (publicUrl: string, secret: string, nonce: string) =>
  `${publicUrl.replace(/\/+$/, "")}${jobPath(jobToken(secret, nonce))}`;

/**
 * The legs' assignments of many bookings with three queries (the bookings' legs and cars, the
 * assigned legs with their drivers, the cars), whatever their number: booking id → the legs the
 * booking has, outbound first.
 */
export async function legAssignmentsOf(
  db: Kysely<Database>,
  bookingIds: readonly string[],
  options: { secret: string; publicUrl: string },
): Promise<Map<string, LegAssignmentView[]>> {
  const result = new Map<string, LegAssignmentView[]>();
  const ids = [...new Set(bookingIds)];
  if (ids.length === 0) return result;
  const [bookings, further] = await Promise.all([legFieldsOf(db, ids), furtherCarsOf(db, ids)]);
  const carIds = [
    ...new Set(
      [...bookings.flatMap((b) => [b.car_id, b.return_car_id]), ...further.map((u) => u.carId)].filter(
        (id): id is string => Boolean(id),
      ),
    ),
  ];
  const [legs, cars] = await Promise.all([
    assignedLegsOf(db, ids),
    carIds.length > 0
      ? db.selectFrom("cars").select(["id", "name", "plate_number", "colour"]).where("id", "in", carIds).execute()
      : Promise.resolve([]),
  ]);
  const carById = new Map(
    cars.map((c) => [c.id, { id: c.id, name: c.name, plateNumber: c.plate_number, colour: c.colour }]),
  );
  const legByKey = new Map(legs.map((l) => [`${l.booking_id}:${l.leg}:${l.unit}`, l]));
  for (const booking of bookings) {
    const names: LegName[] = legSpan(booking, "return") ? ["outbound", "return"] : ["outbound"];
    // a party's further cars (issue 32): each drives both legs of its share, after the booking's own car
    const units = [
      { unit: FIRST_UNIT, carId: null as string | null },
      ...further.filter((u) => u.bookingId === booking.id),
    ];
    result.set(
      booking.id,
      units.flatMap(({ unit, carId: unitCar }) =>
        names.map((leg) => {
          const row = legByKey.get(`${booking.id}:${leg}:${unit}`);
          const carId =
            unit !== FIRST_UNIT
              ? unitCar
              : leg === "outbound"
                ? booking.car_id
                : (booking.return_car_id ?? booking.car_id);
          return {
            leg,
            unit,
            units: units.length,
            driver: row
              ? { id: row.driver_id, name: row.driver_name, phone: row.driver_phone, whatsapp: row.driver_whatsapp }
              : null,
            car: (carId && carById.get(carId)) || null,
            jobStatus: row?.job_status ?? null,
            jobStatusAt: row?.job_status_at ?? null,
            jobUrl: row ? jobUrlOf(options.publicUrl, options.secret, row.job_nonce) : null,
          };
        }),
      ),
    );
  }
  return result;
}

/** One booking's legs (see legAssignmentsOf). */
export async function legAssignments(
  db: Kysely<Database>,
  bookingId: string,
  options: { secret: string; publicUrl: string },
): Promise<LegAssignmentView[]> {
  return (await legAssignmentsOf(db, [bookingId], options)).get(bookingId) ?? [];
}

/** The cars an assignment form offers (active and in maintenance first as the cars list orders them), with their plates. */
export async function assignableCars(
  db: Kysely<Database>,
): Promise<Array<{ id: string; name: string; status: string; plateNumber: string | null }>> {
  const rows = await db
    .selectFrom("cars")
    .select(["id", "name", "status", "plate_number"])
    .orderBy("sort_order", "asc")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((c) => ({ id: c.id, name: c.name, status: c.status, plateNumber: c.plate_number }));
}

/** The drivers an assignment form offers (inactive ones only show when already on a leg). */
export async function assignableDrivers(
  db: Kysely<Database>,
): Promise<Array<{ id: string; name: string; active: boolean }>> {
  return (await listDrivers(db, { active: true })).map((d) => ({ id: d.id, name: d.name, active: d.active }));
}

export type AssignOutcome =
  | (AssignResult & {
      ok: true;
      mailed: boolean;
      mailFailed: boolean;
      /** the outbound car's change mail was queued */ guestMailed: boolean;
    })
  | AssignRefusal;

/**
 * Assigns through `assignLeg`; its events bring the customer's "your driver" mail when a driver was
 * put on the leg or changed, and the change mail when the outbound car (and its price) changed, as
 * the office's edit does (handled now without a running worker, else by the worker). The mail's
 * failure is logged and reported; the assignment stays.
 */
export async function assignAndNotify(
  deps: Pick<BookingDeps, "db" | "mailer" | "translator"> & GuestMessageDeps & { log: Pick<Logger, "error" | "warn"> },
  bookingId: string,
  input: LegAssignment,
  options: { actor: AuditActor; ip?: string | null; secret: string },
): Promise<AssignOutcome> {
  const result = await assignLeg(deps.db, bookingId, input, options);
  if (!result.ok) return result;
  if (!result.eventId) return { ...result, mailed: false, mailFailed: false, guestMailed: false };
  // The assignment's events were written with it; the notify worker mails the guest (now, without one).
  const sent = await eventsCommitted(deps, bookingId).catch((error: unknown) => {
    deps.log.error({ err: error, bookingId, leg: input.leg }, "driver assigned mail failed");
    return { deferred: false, mailed: false, failed: true };
  });
  const mailOn = sent.deferred ? (await getSettings(deps.db)).notifications.emailNotifications : sent.mailed;
  const guestCares =
    result.edit !== null && occupiesCar(result.edit.status) && customerCares(result.edit.changes).length > 0;
  return {
    ...result,
    mailed: result.driverChanged && mailOn,
    mailFailed: sent.failed,
    guestMailed: guestCares && mailOn,
  };
}

/** A driver's conflict named for the office ("VT-… (name, 10:00–11:30)", "Şoför aktif değil"). */
export function describeDriverConflict(lng: AdminLanguage, c: Conflict): string {
  if (c.kind === "booking") {
    return adminText(lng, "bookingChanges.conflict.booking", {
      reference: c.reference,
      name: c.fullName,
      from: formatAdminDate(c.start, undefined, lng),
      to: formatAdminDate(c.end, undefined, lng).slice(11),
    });
  }
  if (c.kind === "inactive") return adminText(lng, "assign.conflict.driverInactive");
  if (c.kind === "missing") return adminText(lng, "assign.conflict.driverMissing");
  return adminText(lng, "assign.conflict.other");
}

export function describeCarConflict(lng: AdminLanguage, c: Conflict): string {
  if (c.kind === "booking") return describeDriverConflict(lng, c);
  if (c.kind === "maintenance") {
    return adminText(lng, "bookingChanges.conflict.maintenance", {
      from: c.from ? formatAdminDate(c.from, undefined, lng) : "…",
      to: c.to ? formatAdminDate(c.to, undefined, lng) : adminText(lng, "bookingChanges.conflict.untilFurtherNotice"),
    });
  }
  return adminText(lng, `bookingChanges.conflict.${c.kind}`);
}

/** What keeps a driver or car from a leg besides being busy (issue 34), in `lng`. */
export function describeDutyIssue(lng: AdminLanguage, issue: DutyIssue, span?: { start: string; end: string }): string {
  if (issue.kind === "duty") return translate(lng, dutyProblemMessage(issue.problem));
  if (issue.kind === "rest") return translate(lng, restProblemMessage(issue.problem, span ?? issue.problem.other, issue.restMinutes));
  return adminText(lng, issue.who === "car" ? "assign.conflict.carDocument" : "assign.conflict.driverDocument", {
    document: adminText(lng, documentKindKey(issue.document.kind)),
    date: formatCalendarDay(issue.document.expiresOn, lng),
  });
}

/** A refusal as a problem code, the conflicts named in `lng` (the API names them in Turkish). */
export function refusalProblem(lng: AdminLanguage, refusal: AssignRefusal): Problem {
  switch (refusal.reason) {
    case "driver_unavailable":
      return problem(ASSIGN.driverUnavailable, {
        conflicts: refusal.conflicts.map((c) => describeDriverConflict(lng, c)).join("; "),
      });
    case "car_unavailable":
      return problem(ASSIGN.carUnavailable, {
        conflicts: refusal.conflicts.map((c) => describeCarConflict(lng, c)).join("; "),
      });
    case "car_refused":
      return problem(ASSIGN.carRefused, {
        reasons: Object.values(refusal.fields)
          .flat()
          .map((p) => translate(lng, p))
          .join(" "),
      });
    case "needs_override":
      return problem(ASSIGN.needsOverride, { issues: refusal.issues.map((i) => describeDutyIssue(lng, i)).join(" ") });
    case "closed":
      return problem(ASSIGN.closed);
    case "no_leg":
      return problem(ASSIGN.noLeg);
    default:
      return problem(ASSIGN.notFound);
  }
}

/** The edit's problems under the assignment body's field names (`car_id` → `carId`). */
const bodyFields = (fields: FieldProblems): FieldProblems =>
  Object.fromEntries(Object.entries(fields).map(([field, list]) => [field === "car_id" ? "carId" : field, list]));

/**
 * The API's answer to a refusal: 404 (no booking or leg), 409 (closed; busy driver or car, with the
 * conflicts), 400 `validation_failed` for a car that does not take the booking (as the edit's PATCH
 * answers it, with the same problem codes under `carId`).
 */
export function refusalResponse(refusal: AssignRefusal) {
  const p = refusalProblem("tr", refusal);
  if (refusal.reason === "not_found" || refusal.reason === "no_leg") return apiError(404, problemError("not_found", p));
  if (refusal.reason === "car_refused")
    return apiError(400, problemError("validation_failed", p, bodyFields(refusal.fields)));
  if (refusal.reason === "closed") return apiError(409, problemError("conflict", p));
  // off duty or an expired document: the body may say why it is assigned anyway (`override_reason`)
  if (refusal.reason === "needs_override") return apiError(409, problemError("conflict", p));
  return apiError(409, { ...problemError(refusal.reason, p), conflicts: apiConflicts(refusal.conflicts) });
}

/**
 * What the office reads after an assignment: the driver's part, and for a new outbound car (the
 * office's edit of the car) the new price and whether the guest is being told.
 */
export function assignedProblems(lng: AdminLanguage, outcome: Extract<AssignOutcome, { ok: true }>): Problem[] {
  const code = outcome.mailFailed
    ? ASSIGN.mailFailed
    : !outcome.change
      ? ASSIGN.unchanged
      : outcome.change.driver && !outcome.change.driver.to
        ? ASSIGN.removed
        : outcome.mailed
          ? ASSIGN.assignedMailed
          : ASSIGN.assigned;
  const edit = outcome.edit;
  const money = (amount: number) => formatMoney(kurus(amount), lng);
  return [
    problem(code),
    ...(edit && edit.price.from !== edit.price.to
      ? [problem(ASSIGN.carRepriced, { from: money(edit.price.from), to: money(edit.price.to) })]
      : []),
    ...(outcome.guestMailed ? [problem(ASSIGN.guestInformed)] : []),
  ];
}

export interface AssignActionResult {
  intent: "assign";
  ok: boolean;
  /** the leg the message is about (the board shows it beside that leg) */
  bookingId: string | null;
  leg: LegName | null;
  /** the car of a party the leg is driven by (1: the booking's own) */
  unit: number;
  message: string;
  tone: "success" | "error";
  /** a refused form's choice, shown again in its selects (ids as posted, cut to their length) */
  chosen?: AssignChoice;
}

const overrideOf = (form: FormData) => String(form.get("overrideReason") ?? "").slice(0, 500);

const postedId = (form: FormData, name: string) => String(form.get(name) ?? "").slice(0, 64);

/**
 * A posted assignment form (booking page or board), run for the signed-in staff member: the
 * message in the admin language. `bookingId`: the page's booking (the board posts its own).
 */
export async function runAssignForm(
  context: Readonly<RouterContextProvider>,
  form: FormData,
  lng: AdminLanguage,
  pageBookingId: string | null,
): Promise<AssignActionResult> {
  const session = requirePermission(context, "bookings.write");
  const read = readAssignForm(form);
  const chosen: AssignChoice = { driverId: postedId(form, "driverId"), carId: postedId(form, "carId"), overrideReason: overrideOf(form) };
  const bookingId = pageBookingId ?? read?.bookingId ?? null;
  if (!read || !bookingId)
    return {
      intent: "assign",
      ok: false,
      bookingId,
      leg: read?.input.leg ?? null,
      unit: read?.input.unit ?? FIRST_UNIT,
      message: translate(lng, problem(ASSIGN.invalid)),
      tone: "error",
      chosen,
    };
  const { env, log, clientIp } = getApp(context);
  const outcome = await assignAndNotify({ ...bookingDeps(context), log }, bookingId, read.input, {
    actor: { id: session.user.id, label: session.user.name || session.user.email },
    ip: clientIp,
    secret: env.SESSION_SECRET,
  });
  const base = { intent: "assign" as const, bookingId, leg: read.input.leg, unit: read.input.unit ?? FIRST_UNIT };
  if (!outcome.ok) return { ...base, ok: false, message: translate(lng, refusalProblem(lng, outcome)), tone: "error", chosen: { ...chosen, needsOverride: outcome.reason === "needs_override" } };
  const message = assignedProblems(lng, outcome)
    .map((p) => translate(lng, p))
    .join(" ");
  return { ...base, ok: true, message, tone: outcome.mailFailed ? "error" : "success" };
}
