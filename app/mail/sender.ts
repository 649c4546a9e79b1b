/**
 * Who a mail comes from and where a reply goes (issue 28): MAIL_FROM is the sender, and every mail
 * carries a Reply-To with the office's address from settings (general.contactEmail), so a guest
 * who answers reaches the office. `mailSetupGaps` names what is missing; the start logs it and the
 * back office's outbox screen shows it.
 */

/** MAIL_FROM when it is not set: a sender nobody can answer, named as a gap. */
export const DEFAULT_MAIL_FROM = "VIP Transfer <no-reply@localhost>";

export type MailSetupGap = "mailFrom" | "replyTo";

/** The address part of "Name <address>" or of a bare address. */
export const addressOf = (from: string): string => (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();

const answerable = (address: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) && !/@localhost$/i.test(address);

/** What keeps a guest's reply from reaching the office: MAIL_FROM unset (or local), no contact e-mail in settings. */
export function mailSetupGaps(mailFrom: string | undefined, contactEmail: string | undefined): MailSetupGap[] {
  const gaps: MailSetupGap[] = [];
  if (!mailFrom || mailFrom === DEFAULT_MAIL_FROM || !answerable(addressOf(mailFrom))) gaps.push("mailFrom");
  if (!answerable((contactEmail ?? "").trim())) gaps.push("replyTo");
  return gaps;
}

/** The Reply-To for the office's contact e-mail: the address when it can be answered, else none. */
export const replyAddress = (contactEmail: string): string | undefined => (answerable(contactEmail.trim()) ? contactEmail.trim() : undefined);
