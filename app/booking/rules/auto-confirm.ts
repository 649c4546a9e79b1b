/**
 * Instant confirmation (issue 32): a booking is confirmed the moment it is made when the office
 * switched it on, the car is free at those times (checked under the car's lock by the caller), the
 * lead time is met and no rule asks for a person. Pure: the caller states the facts.
 *
 * What asks for a person, each a reason the office reads in the booking's history:
 * - `off`: the office confirms every booking itself (settings `booking.autoConfirm`);
 * - `office`: the office entered it (a phone booking, an accepted offer to a quote request, a price
 *   override): the office chose its status on the form;
 * - `passengers`: a party above `booking.autoConfirmMaxPassengers`;
 * - `payment`: a payment is due online first (the payment's result confirms it, issue 30);
 * - `leadTime`: the pickup is inside the office's minimum lead time;
 * - `carTaken`: the car was booked anyway over a conflict (only the office can).
 */
export const AUTO_CONFIRM_HOLDS = ["off", "office", "passengers", "payment", "leadTime", "carTaken"] as const;
export type AutoConfirmHold = (typeof AUTO_CONFIRM_HOLDS)[number];

export interface AutoConfirmFacts {
  settings: { autoConfirm: boolean; autoConfirmMaxPassengers: number };
  /** the office entered the booking itself (its form says pending or confirmed) */
  office: boolean;
  passengers: number;
  /** kuruş asked online before the booking stands (0: paid on arrival) */
  payNow: number;
  /** the first pickup is inside the minimum lead time */
  tooSoon: boolean;
  /** the car is booked over a conflict */
  overridden: boolean;
}

/** Why the booking waits for a person, or null: the system confirms it now. */
export function autoConfirmHold(facts: AutoConfirmFacts): AutoConfirmHold | null {
  if (!facts.settings.autoConfirm) return "off";
  if (facts.office) return "office";
  if (facts.overridden) return "carTaken";
  if (facts.passengers > facts.settings.autoConfirmMaxPassengers) return "passengers";
  if (facts.payNow > 0) return "payment";
  if (facts.tooSoon) return "leadTime";
  return null;
}
