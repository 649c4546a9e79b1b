/**
 * The audit log screen's query (`/admin/audit` and its CSV export): the filters read from the URL,
 * checked, with what was typed kept for the form. Pure, shared by the page and the export.
 */
import { isDateText } from "~/booking/rules/datetime";

export const AUDIT_PAGE_SIZE = 100;

/** The kinds of records the log names (the entity filter's choices). */
export const AUDIT_ENTITIES = ["booking", "car", "driver", "partner", "customer", "quote_request", "user", "settings", "message", "subscriber"] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * Every action the code records (recordAudit's `action` is typed by this list), each with its
 * words in the admin catalogue (`audit.actions.*`, audit-words.test.ts asks for all four
 * languages); the action filter offers them all. An action stored before it was listed is still
 * shown, by its key.
 */
export const AUDIT_ACTIONS = [
  "auth.login",
  "auth.login.failed",
  "auth.logout",
  "auth.2fa.enable",
  "auth.2fa.recovery",
  "booking.create",
  "booking.status",
  "booking.update",
  "booking.delete",
  "booking.assign",
  "booking.release",
  "booking.payment",
  "booking.job_step",
  "booking.job_decline",
  "car.create",
  "car.update",
  "car.status",
  "car.delete",
  "cash.close",
  "customer.update",
  "customer.export",
  "customer.erase",
  "driver.create",
  "driver.update",
  "driver.delete",
  "driver.position_consent",
  "driver.position_consent_withdrawn",
  "driver.shifts.update",
  "driver.leave.create",
  "driver.leave.delete",
  "document.update",
  "document.delete",
  "partner.create",
  "partner.update",
  "partner.key.create",
  "partner.key.revoke",
  "partner.net_rates.update",
  "partner.statement.paid",
  "partner.statement.unpaid",
  "partner.webhook.create",
  "partner.webhook.update",
  "partner.webhook.delete",
  "partner.webhook.secret",
  "partner.webhook.replay",
  "quote.offer",
  "quote.close",
  "settings.update",
  "message.delete",
  "subscriber.delete",
  "user.create",
  "user.update",
  "user.activate",
  "user.deactivate",
  "user.invite",
  "user.resetTwoFactor",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The user filter's value for entries without an account (the system, an unknown e-mail's failed sign-in). */
export const NO_USER = "none";

/** The catalogue key of an action's label: `audit.actions.booking_status` ("." cannot nest: "auth.login" and "auth.login.failed"). */
export const actionLabelKey = (action: string): string => `audit.actions.${action.replace(/\./g, "_")}`;

export interface AuditFilter {
  /** Istanbul calendar days, both included */
  from?: string;
  to?: string;
  /** a user id, or NO_USER */
  user?: string;
  entity?: AuditEntity;
  action?: string;
  q?: string;
}

export interface AuditCursor {
  at: string;
  id: string;
}

export type AuditField = "from" | "to" | "user" | "entity" | "action" | "q";

export interface AuditQuery {
  filter: AuditFilter;
  /** the page after this entry (newest first) */
  cursor?: AuditCursor;
  /** what the form shows: as typed */
  values: Record<AuditField, string>;
  /** a field's problem, as an admin catalogue key (`audit.errors.*`) */
  errors: Partial<Record<AuditField, string>>;
}

const ACTION = /^[a-z0-9_]+(\.[a-zA-Z0-9_]+){0,4}$/;
const ID = /^[\w-]{1,80}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

export const isAuditEntity = (value: string): value is AuditEntity => (AUDIT_ENTITIES as readonly string[]).includes(value);

/** `at~id` of the last entry shown; anything else is no cursor (the first page). */
export function parseCursor(value: string | null): AuditCursor | undefined {
  if (!value) return undefined;
  const [at, id, ...rest] = value.split("~");
  if (rest.length > 0 || !at || !id || !INSTANT.test(at) || !ID.test(id)) return undefined;
  return { at, id };
}

export const cursorText = (cursor: AuditCursor): string => `${cursor.at}~${cursor.id}`;

/**
 * Reads the filters. A value that cannot be one (a date that does not exist, an unknown record
 * kind, a malformed action or user, `to` before `from`) is left out of the filter and named in
 * `errors`; the form keeps it as typed.
 */
export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const read = (name: AuditField) => (params.get(name) ?? "").trim().slice(0, 200);
  const values: Record<AuditField, string> = { from: read("from"), to: read("to"), user: read("user"), entity: read("entity"), action: read("action"), q: read("q") };
  const errors: AuditQuery["errors"] = {};
  const filter: AuditFilter = {};
  for (const field of ["from", "to"] as const) {
    if (!values[field]) continue;
    if (isDateText(values[field])) filter[field] = values[field];
    else errors[field] = "audit.errors.date";
  }
  if (filter.from && filter.to && filter.to < filter.from) {
    errors.to = "audit.errors.range";
    delete filter.to;
  }
  if (values.user) {
    if (values.user === NO_USER || ID.test(values.user)) filter.user = values.user;
    else errors.user = "audit.errors.user";
  }
  if (values.entity) {
    if (isAuditEntity(values.entity)) filter.entity = values.entity;
    else errors.entity = "audit.errors.entity";
  }
  if (values.action) {
    if (ACTION.test(values.action) && values.action.length <= 60) filter.action = values.action;
    else errors.action = "audit.errors.action";
  }
  if (values.q) {
    if (values.q.length <= 100) filter.q = values.q;
    else errors.q = "audit.errors.q";
  }
  return { filter, cursor: parseCursor(params.get("after")), values, errors };
}

/** The filter as URL parameters (for the export link and the next page). */
export function filterParams(filter: AuditFilter): Record<string, string | undefined> {
  return { from: filter.from, to: filter.to, user: filter.user, entity: filter.entity, action: filter.action, q: filter.q };
}
