/**
 * Every e-mail to a guest is put together here (DESIGN.md §8 "Every guest message"): in the
 * booking's language, with the private link as the mail's one action (the token just made, or
 * derived again from the booking's nonce: booking-link.server.ts) and, for the kinds that set or
 * move the trip, the calendar file as it now stands: the same UID per booking and leg, a higher
 * SEQUENCE on every change, METHOD:CANCEL with every event CANCELLED on a cancellation (RFC 5546).
 * Each kind writes its own words (`GuestMailText`); none can leave the link or the file out.
 */
import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import { bookingLinkToken, privateBookingUrl } from "~/booking/index.server";
import type { CalendarMethod } from "~/notify/calendar";
import { bookingCalendarFile, calendarAttachment } from "~/notify/calendar.server";
import { isLanguage, type Language } from "~/i18n/config";
import { renderMail } from "~/mail/layout";
import type { BookingRow, Database } from "~/server/db/schema";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { MailAttachment, Mailer } from "~/server/mail.server";
import type { Settings } from "~/settings/settings";
import { getSettings } from "~/settings/settings.server";
import type { MailKind } from "~/mail/kinds";

/** What the guest is told about: their booking received, confirmed, changed (by the office or themselves), a driver, cancelled, a reminder, completed. */
export type GuestMailKind =
  "received" | "confirmed" | "changed" | "driverAssigned" | "cancelled" | "reminder" | "completed" | "receipt";

/** The calendar file each kind carries: where the trip's time or place is set or changes. */
const CALENDAR: Record<GuestMailKind, CalendarMethod | null> = {
  received: "PUBLISH",
  confirmed: "PUBLISH",
  changed: "PUBLISH",
  driverAssigned: null,
  cancelled: "CANCEL",
  reminder: null,
  completed: null,
  receipt: null,
};

export interface GuestMailDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  /** the `booking` namespace in a language */
  translator: (lng: Language) => TFunction;
  /** SESSION_SECRET derives the private link again; without it (tests' bare deps, a caller that gives no env) a later mail has no link */
  env?: Pick<Env, "PUBLIC_URL"> & Partial<Pick<Env, "SESSION_SECRET" | "OFFICE_EMAIL">>;
  log?: Pick<Logger, "error" | "warn">;
}

/** What a kind's words are written with: the guest's language and the office's settings. */
export interface GuestMailFrame {
  lng: Language;
  /** the `booking` namespace in the guest's language */
  t: TFunction;
  settings: Settings;
}

/** A kind's own words; the link, the calendar file, the footer and the envelope are added here. */
export interface GuestMailText {
  subject: string;
  title: string;
  paragraphs: string[];
  details: Array<[string, string]>;
  /** a picture above the details (the driver's photo), an absolute URL under PUBLIC_URL */
  image?: { url: string; alt: string; width: number; height: number };
}

export interface GuestMailOptions {
  /** the outbox's kind (what the back office's outbox lists): booking-confirmation, booking-status… */
  outboxKind: MailKind;
  /** the mail goes once per key (the event it tells of) */
  dedupeKey?: string;
  /** the token just made (a new booking's); otherwise derived again */
  token?: string;
  /** false: no calendar file although the kind may carry one (a change that moved neither time nor place) */
  calendar?: boolean;
  /** the file's DTSTAMP */
  now?: Date;
  /** files of the mail's own (a payment's receipt) */
  attachments?: MailAttachment[];
}

export const guestLanguage = (booking: Pick<BookingRow, "locale">): Language =>
  isLanguage(booking.locale) ? booking.locale : "en";

/** The booking's private link in its language, or null without a token and a secret to derive it. */
export async function guestLink(
  deps: Pick<GuestMailDeps, "db" | "env">,
  booking: BookingRow,
  token?: string,
): Promise<string | null> {
  const env = deps.env;
  if (!env) return null;
  const current = token ?? (env.SESSION_SECRET ? await bookingLinkToken(deps.db, env.SESSION_SECRET, booking) : null);
  return current ? privateBookingUrl(env.PUBLIC_URL, current, guestLanguage(booking)) : null;
}

/** The calendar file of a kind as an attachment, none when the kind carries none or the file cannot be made (the mail goes without it). */
async function calendarFor(
  deps: GuestMailDeps,
  booking: BookingRow,
  kind: GuestMailKind,
  options: GuestMailOptions,
): Promise<MailAttachment[] | undefined> {
  const method = options.calendar === false ? null : CALENDAR[kind];
  if (!method) return undefined;
  try {
    return [calendarAttachment(await bookingCalendarFile(deps, booking, options.now, method))];
  } catch (error) {
    deps.log?.error({ err: error, bookingId: booking.id, kind }, "booking calendar file could not be made");
    return undefined;
  }
}

/**
 * Queues the guest's mail of `kind` for the booking (its words from `write`), with the private
 * link and the calendar file of the kind; returns the outbox row's id.
 */
export async function queueGuestMail(
  deps: GuestMailDeps,
  booking: BookingRow,
  kind: GuestMailKind,
  options: GuestMailOptions,
  write: (frame: GuestMailFrame) => GuestMailText | Promise<GuestMailText>,
): Promise<string> {
  const lng = guestLanguage(booking);
  const t = deps.translator(lng);
  const settings = await getSettings(deps.db);
  const [text, link, attachments] = await Promise.all([
    write({ lng, t, settings }),
    guestLink(deps, booking, options.token),
    calendarFor(deps, booking, kind, options),
  ]);
  if (!link)
    deps.log?.warn(
      { bookingId: booking.id, kind },
      "guest mail without the private link: no SESSION_SECRET to derive it",
    );
  const site = settings.general;
  const mail = renderMail(
    {
      lang: lng,
      title: text.title,
      paragraphs: text.paragraphs,
      details: text.details,
      ...(text.image ? { image: text.image } : {}),
      ...(link ? { action: { label: t("mail.customerAction"), url: link } } : {}),
      footer: `${site.siteName} · ${site.contactPhone} · ${site.contactEmail}`,
    },
    settings.appearance.primaryColor,
  );
  return deps.mailer.send(deps.db, {
    to: booking.email,
    subject: text.subject,
    text: mail.text,
    html: mail.html,
    kind: options.outboxKind,
    locale: lng,
    relatedId: booking.id,
    dedupeKey: options.dedupeKey,
    attachments: [...(attachments ?? []), ...(options.attachments ?? [])],
  });
}
