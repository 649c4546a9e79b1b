/** How booking and car statuses look in the back office (labels come from the admin catalogue). */
import type { Tone } from "./ui";

export const BOOKING_TONES: Record<string, Tone> = { pending: "warning", confirmed: "info", completed: "success", cancelled: "danger" };
export const CAR_TONES: Record<string, Tone> = { active: "success", maintenance: "warning", inactive: "neutral" };

/** Spec §4: a missing status is pending; an unknown one shows the cancelled text in grey. */
export function bookingBadge(status: string | null | undefined): { key: string; tone: Tone } {
  const value = status ?? "pending";
  if (value in BOOKING_TONES) return { key: `status.${value}`, tone: BOOKING_TONES[value]! };
  return { key: "status.cancelled", tone: "neutral" };
}
