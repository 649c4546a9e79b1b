/**
 * Every kind of mail the outbox holds (`mail_outbox.kind`), one list: the mailer's `kind` is typed
 * by it, so a new kind is added here, and kinds.test.ts then asks for its label in the four admin
 * languages (`outbox.kinds.*`), so the outbox never shows a raw key. Pure.
 */
export const MAIL_KINDS = [
  "booking-confirmation",
  "booking-status",
  "booking-change",
  "booking-reminder",
  "payment-receipt",
  "guest-change",
  "guest-cancellation",
  "driver-assigned",
  "driver-on-way",
  "driver-arrived",
  "driver-job",
  "office-new-booking",
  "office-guest-change",
  "office-guest-cancellation",
  "office-quote-request",
  "office-document-expiry",
  "partner-copy",
  "partner-invite",
  "quote-received",
  "quote-offer",
  "quote-closed",
  "contact-message",
  "password-reset",
  "user-invite",
  "two-factor-enrolment",
] as const;

export type MailKind = (typeof MAIL_KINDS)[number];

/** The admin catalogue key of a kind's label; a kind stored before it was listed still reads as itself (defaultValue). */
export const mailKindLabelKey = (kind: string): string => `outbox.kinds.${kind}`;
