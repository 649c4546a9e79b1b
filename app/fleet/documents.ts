/**
 * Documents that expire (issue 34): which documents a car and a driver carry, and what a document's
 * expiry date means on a given day. Pure and browser-safe: the documents pages, the overview, the
 * warnings and the assignment rule (documents.server.ts `expiredDocuments`) read the same rules.
 * A day is a calendar day in Istanbul, yyyy-mm-dd; a document is valid through its expiry day.
 */
import { adminCodes } from "~/admin/codes";

export const CAR_DOCUMENT_KINDS = ["trafficInsurance", "kasko", "inspection", "routePermit"] as const;
export const DRIVER_DOCUMENT_KINDS = ["licence", "src", "psychotechnic"] as const;
export type CarDocumentKind = (typeof CAR_DOCUMENT_KINDS)[number];
export type DriverDocumentKind = (typeof DRIVER_DOCUMENT_KINDS)[number];
export type DocumentKind = CarDocumentKind | DriverDocumentKind;
export type DocumentOwnerKind = "car" | "driver";

export const documentKindsOf = (owner: DocumentOwnerKind): readonly DocumentKind[] =>
  owner === "car" ? CAR_DOCUMENT_KINDS : DRIVER_DOCUMENT_KINDS;

export const isDocumentKind = (owner: DocumentOwnerKind, value: unknown): value is DocumentKind =>
  typeof value === "string" && (documentKindsOf(owner) as readonly string[]).includes(value);

/** The admin catalogue key of a kind's name ("Muayene", "Ehliyet"). */
export const documentKindKey = (kind: string) => `documents.kind.${kind}`;

/** How far ahead a document counts as "expiring soon" (the overview, the page's state). */
export const EXPIRING_DAYS = 30;
/** Days before the expiry a warning goes out; 0 is the expiry day itself (and after it, when entered late). */
export const WARNING_THRESHOLDS = [30, 7, 1, 0] as const;
export type WarningThreshold = (typeof WARNING_THRESHOLDS)[number];

export type DocumentState = "valid" | "expiring" | "expired" | "missing";

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-mm-dd (2026-02-30 is not one). */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Whole days from `from` to `to` (both yyyy-mm-dd): 2026-11-30 → 2026-12-01 is 1. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The day `days` after `day` (negative: before). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Expired on `today` when its last valid day is before it. */
export const isExpired = (expiresOn: string, today: string) => expiresOn < today;

/** A document's state on `today`; no expiry date (not entered) is "missing", never "expired". */
export function documentState(expiresOn: string | null | undefined, today: string): DocumentState {
  if (!expiresOn) return "missing";
  if (isExpired(expiresOn, today)) return "expired";
  return daysBetween(today, expiresOn) <= EXPIRING_DAYS ? "expiring" : "valid";
}

/**
 * The most urgent warning due on `today` for a document expiring on `expiresOn`, or undefined when
 * none is (more than 30 days ahead). 30 → 8 days left: 30; 7 → 2: 7; 1: 1; the expiry day and
 * after it: 0.
 */
export function dueThreshold(expiresOn: string, today: string): WarningThreshold | undefined {
  const left = daysBetween(today, expiresOn);
  if (left <= 0) return 0;
  return [...WARNING_THRESHOLDS].reverse().find((t) => t > 0 && left <= t);
}

/** The stored list of thresholds already announced ("30,7") as numbers. */
export const parseWarned = (value: string): number[] =>
  value
    .split(",")
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n));

/** Announcing `threshold` also covers every earlier (larger) one: a document entered 5 days before its expiry is warned once, not twice. */
export const warnedAfter = (threshold: WarningThreshold) => WARNING_THRESHOLDS.filter((t) => t >= threshold).join(",");

/** What the documents form can say: codes of the admin catalogue's documents.messages. */
export const DOCUMENTS = adminCodes("documents.messages", [
  "dateRequired",
  "dateInvalid",
  "fileType",
  "fileSize",
  "badRequest",
  "notFound",
]);

/** Largest scan kept: 5 MB, as for images. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** What the page says after a post (its redirect's `?saved=<kind>` or `?cleared=<kind>`), or null. */
export function doneOf(params: URLSearchParams): { kind: string; intent: "save" | "clear" } | null {
  const saved = params.get("saved");
  const cleared = params.get("cleared");
  if (saved && /^\w{1,40}$/.test(saved)) return { kind: saved, intent: "save" };
  if (cleared && /^\w{1,40}$/.test(cleared)) return { kind: cleared, intent: "clear" };
  return null;
}
