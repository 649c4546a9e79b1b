/**
 * A pickup's date and time as the guest reads them, in Istanbul time. One formatter per use: the
 * results page's kept copy (app/server/http/search-templates.server.ts) fills in these same texts
 * for another date, so nothing else may format them.
 */
import { dateTimeFormat } from "~/utils/intl";
import { LOCALE_TAGS, type Language } from "~/i18n/config";
import { BUSINESS_TIME_ZONE } from "./datetime";

/** A pickup as the results page states it, in Istanbul time ("Tuesday, 29 December 2026 at 10:00"). */
export function formatWhen(instant: string, lng: Language): string {
  return dateTimeFormat(LOCALE_TAGS[lng] ?? "en-GB", { dateStyle: "full", timeStyle: "short", timeZone: BUSINESS_TIME_ZONE }).format(new Date(instant));
}

/** A deadline as the guest reads it, in Istanbul time ("10 Jun 2027, 14:00"). */
export function formatDeadline(instant: string, lng: Language): string {
  return dateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "medium", timeStyle: "short", timeZone: BUSINESS_TIME_ZONE }).format(new Date(instant));
}
