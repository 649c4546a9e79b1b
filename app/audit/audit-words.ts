/**
 * The audit log in the office's words (issue 34): an entry's stored details (raw JSON, as
 * recordAudit wrote them) as lines "Durum: Beklemede → İptal Edildi", field names and known
 * values (statuses, roles, payment kinds…) from the admin catalogue. Pure: the page passes the
 * browser's translator, the CSV export the server's; a field or value without words reads as
 * stored, never fails.
 */

/** A catalogue text, or undefined when the catalogue has none. */
export type Say = (key: string) => string | undefined;

export type DetailLine = [label: string, value: string];

/** Instants and days read the admin's way (~/admin/format). */
export interface DetailFormat {
  date: (iso: string) => string;
  day: (day: string) => string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Where a field's values find their words, first match wins (the status of a booking, a car, a leg's job). */
const VALUE_KEYS: Record<string, string[]> = {
  status: ["status", "carStatus", "assign.jobStatus"],
  from: ["status", "assign.jobStatus"],
  to: ["status", "assign.jobStatus"],
  jobStatus: ["assign.jobStatus"],
  role: ["roles"],
  kind: ["payments.kinds"],
  method: ["payments.methods"],
  channel: ["channels"],
  by: ["audit.actors"],
  reason: ["audit.reasons"],
  leg: ["audit.legs"],
  after: ["audit.after"],
  document: ["documents.kind"],
  scan: ["audit.scan"],
};

function fieldLabel(say: Say, field: string): string {
  return say(`audit.fields.${field}`) ?? say(`bookingChanges.fields.${field}`) ?? field;
}

function valueText(say: Say, format: DetailFormat, field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return say(value ? "audit.values.yes" : "audit.values.no") ?? String(value);
  if (typeof value === "number") return String(value);
  if (typeof value === "string") {
    for (const prefix of VALUE_KEYS[field] ?? []) {
      const word = /^[\w-]{1,40}$/.test(value) ? say(`${prefix}.${value}`) : undefined;
      if (word) return word;
    }
    if (INSTANT.test(value)) return format.date(value);
    if (DAY.test(value)) return format.day(value);
    return value;
  }
  if (Array.isArray(value))
    return value.length === 0 ? "—" : value.map((v) => valueText(say, format, field, v)).join(", ");
  if (typeof value === "object") {
    const o = value as Record<string, unknown>;
    if ("from" in o && "to" in o && Object.keys(o).length === 2)
      return `${valueText(say, format, field, o.from)} → ${valueText(say, format, field, o.to)}`;
    return Object.entries(o)
      .map(([k, v]) => `${fieldLabel(say, k)}: ${valueText(say, format, k, v)}`)
      .join("; ");
  }
  return String(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

/**
 * The details as lines: a change `from`/`to` at the top as one line ("Durum: Beklemede → İptal
 * Edildi"; a leg's job status when the values are job steps), changed fields (`changed`,
 * `changes`) as "field: before → after", `before`/`after` snapshots and other keys as "field: value".
 */
export function auditDetailLines(details: Record<string, unknown>, say: Say, format: DetailFormat): DetailLine[] {
  const lines: DetailLine[] = [];
  const pair = (field: string, from: unknown, to: unknown) =>
    `${valueText(say, format, field, from)} → ${valueText(say, format, field, to)}`;
  const { from, to, ...rest } = details;
  if (from !== undefined && to !== undefined) {
    const isBookingStatus = typeof to === "string" && say(`status.${to}`) !== undefined;
    lines.push([fieldLabel(say, isBookingStatus ? "status" : "jobStatus"), pair("from", from, to)]);
  } else if (from !== undefined) {
    // a job step: the leg's status before it (the new one is `status`)
    lines.push([fieldLabel(say, "previousStatus"), valueText(say, format, "jobStatus", from)]);
  }
  for (const [key, value] of Object.entries(rest)) {
    if (key === "changed" && isRecord(value)) {
      for (const [field, change] of Object.entries(value)) {
        if (Array.isArray(change) && change.length === 2)
          lines.push([fieldLabel(say, field), pair(field, change[0], change[1])]);
        else if (isRecord(change) && "from" in change && "to" in change)
          lines.push([fieldLabel(say, field), pair(field, change.from, change.to)]);
        else lines.push([fieldLabel(say, field), valueText(say, format, field, change)]);
      }
    } else if ((key === "before" || key === "after") && isRecord(value)) {
      for (const [field, v] of Object.entries(value))
        lines.push([fieldLabel(say, field), valueText(say, format, field, v)]);
    } else if ((key === "before" || key === "after") && value === null) {
      continue; // nothing before (created) or after (removed): the action says it
    } else if (key === "changes" && Array.isArray(value)) {
      for (const c of value as Array<{ field?: unknown; from?: unknown; to?: unknown }>) {
        const field = String(c.field ?? "");
        lines.push([fieldLabel(say, field), pair(field, c.from, c.to)]);
      }
    } else {
      lines.push([fieldLabel(say, key), valueText(say, format, key, value)]);
    }
  }
  return lines;
}

/** The lines as one text (the CSV cell): "Durum: Beklemede → İptal Edildi; Not: …". */
export const auditDetailText = (lines: DetailLine[]): string =>
  lines.map(([label, value]) => `${label}: ${value}`).join("; ");
