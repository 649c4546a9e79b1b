/** What the newsletter form shows after a submission (no zod here: it ships to every page). */
export type NewsletterStatus = "subscribed" | "already" | "invalid" | "limited" | "error";

export const NEWSLETTER_STATUSES: readonly NewsletterStatus[] = ["subscribed", "already", "invalid", "limited", "error"];
