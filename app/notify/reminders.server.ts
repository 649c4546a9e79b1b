/**
 * The day-before reminder (issue 16): for each leg of a pending or confirmed booking whose pickup
 * lies within the next 24 hours (and more than 2 hours away), one e-mail in the booking's language
 * (`booking:reminder.*`) with the pickup time in Istanbul, the route, where to meet, the free
 * waiting, the driver and car when assigned, the office's phone and (when known) the private link.
 * A booking made after its leg's 24-hour window opened gets none: its confirmation is fresh.
 *
 * Sent once per leg and pickup time: the outbox's dedupe key `reminder:{booking}:{leg}:{pickup}`
 * is the row's primary key, so a second run, or another instance running at the same moment,
 * stores nothing (a moved pickup has a new key and gets its own reminder). Candidates are read
 * by the indexed pickup columns (`bookings_status_pickup_date_idx`, `bookings_return_date_idx`).
 */
import { startPeriodic } from "~/server/periodic.server";
import { dateTimeFormat } from "~/utils/intl";
import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import { bookingsWithPickupBetween, carForLeg, carLine, type DriverCar, driverOnLeg, meetingPoint } from "~/booking/index.server";
import { isLanguage, LOCALE_TAGS, type Language } from "~/i18n/config";
import { fixedT } from "~/i18n/translate.server";
import { renderMail } from "~/mail/layout";
import { placeNameIn } from "~/places/gazetteer.server";
import type { BookingRow, Database } from "~/server/db/schema";
import type { Logger } from "~/server/logger.server";
import { outboxIdFor, type Mailer } from "~/server/mail.server";
import { getSettings } from "~/settings/settings.server";
import type { LegName } from "~/booking/rules/availability";
import { bookingWaitingText, detailPricingOf } from "~/notify/booking-details.server";
import { bookingLegs, type BookingLeg } from "./calendar";
import { BUSINESS_TIME_ZONE } from "~/booking/rules/datetime";

/** How far ahead a reminder goes out, and how close to the pickup it is no longer worth sending. */
export const REMINDER_WINDOW_MS = 24 * 3_600_000;
export const REMINDER_CUTOFF_MS = 2 * 3_600_000;
/** How often the server looks for due reminders. */
export const REMINDER_INTERVAL_MS = 5 * 60_000;

export interface ReminderDeps {
  db: Kysely<Database>;
  mailer: Pick<Mailer, "queue">;
  /** the `booking` namespace in a given language */
  translator: (lng: Language) => TFunction;
  log?: Pick<Logger, "error" | "info">;
  /** the booking's private link, when it can be made (the token itself is not stored); default none */
  linkFor?: (booking: BookingRow) => string | null | Promise<string | null>;
  /** the same reminder on the guest's other channels (WhatsApp, SMS), once this call has queued the mail */
  alsoNotify?: (booking: BookingRow, leg: LegName) => Promise<unknown>;
}

export interface QueuedReminder {
  bookingId: string;
  leg: LegName;
}

export const reminderKey = (bookingId: string, leg: LegName, pickup: string) => `reminder:${bookingId}:${leg}:${new Date(pickup).toISOString()}`;

/** Whether a leg's reminder is due at `now`: pickup in (now + 2 h, now + 24 h], booked before the window opened. */
export function reminderDue(pickup: string, createdAt: string, now: Date): boolean {
  const at = Date.parse(pickup);
  return at > now.getTime() + REMINDER_CUTOFF_MS && at <= now.getTime() + REMINDER_WINDOW_MS && Date.parse(createdAt) < at - REMINDER_WINDOW_MS;
}

export interface ReminderDriver {
  name: string;
  phone: string;
  car: DriverCar | null;
}

/** The reminder's subject, text and html. `link: null` leaves the link out. */
export function reminderMailContent(
  t: TFunction,
  lng: Language,
  booking: BookingRow,
  leg: BookingLeg,
  extra: { waiting: string; driver: ReminderDriver | null; link: string | null },
  site: { siteName: string; contactPhone: string; contactEmail: string },
  brand: string,
) {
  const when = dateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "full", timeStyle: "short", timeZone: BUSINESS_TIME_ZONE }).format(new Date(leg.start));
  const route = leg.to ? `${placeNameIn(leg.from, lng)} → ${placeNameIn(leg.to, lng)}` : placeNameIn(leg.from, lng);
  const { driver } = extra;
  const vehicle = driver ? carLine(driver.car) : null;
  const details: Array<[string, string]> = [
    [t("reminder.reference"), booking.reference],
    ...(booking.trip_type === "roundTrip" ? ([[t("reminder.leg"), t(leg.leg === "outbound" ? "reminder.legOutbound" : "reminder.legReturn")]] as Array<[string, string]>) : []),
    [t("reminder.when"), when],
    [t("reminder.route"), route],
    ...(booking.flight_number && leg.leg === "outbound" ? ([[t("reminder.flight"), booking.flight_number]] as Array<[string, string]>) : []),
    [t("reminder.meet"), meetingPoint(t, lng, booking, leg.leg)],
    // an hourly hire is not told of free waiting: its car waits during the hours (bookingWaitingText)
    [t(booking.hours === null ? "reminder.waiting" : "waiting.title"), extra.waiting],
    ...(driver
      ? ([
          [t("reminder.driver"), driver.name],
          [t("reminder.driverPhone"), driver.phone],
          ...(vehicle ? [[t("reminder.car"), vehicle]] : []),
        ] as Array<[string, string]>)
      : []),
    [t("reminder.office"), site.contactPhone],
  ];
  const mail = renderMail(
    {
      lang: lng,
      title: t("reminder.title", { reference: booking.reference }),
      paragraphs: [
        t("reminder.hello", { name: booking.full_name }),
        t("reminder.intro", { when }),
        ...(driver ? [] : [t("reminder.noDriver")]),
        t("reminder.questions", { phone: site.contactPhone }),
      ],
      details,
      ...(extra.link ? { action: { label: t("reminder.action"), url: extra.link } } : {}),
      footer: `${site.siteName} · ${site.contactPhone} · ${site.contactEmail}`,
    },
    brand,
  );
  return { subject: t("reminder.subject", { reference: booking.reference, siteName: site.siteName }), ...mail };
}

/** The driver on a leg, with the leg's car; null when none is assigned. */
async function driverOfLeg(db: Kysely<Database>, booking: BookingRow, leg: LegName): Promise<ReminderDriver | null> {
  const row = await driverOnLeg(db, booking.id, leg);
  return row ? { name: row.name, phone: row.phone, car: await carForLeg(db, booking, leg) } : null;
}

/** The bookings with a leg in the window, by the indexed pickup columns. */
async function candidates(db: Kysely<Database>, now: Date): Promise<BookingRow[]> {
  const from = new Date(now.getTime() + REMINDER_CUTOFF_MS).toISOString();
  const to = new Date(now.getTime() + REMINDER_WINDOW_MS).toISOString();
  return bookingsWithPickupBetween(db, from, to);
}

/**
 * Queues the reminders due at `now` and returns those this call stored (a reminder stored before,
 * here or by another instance, is not returned again), so other channels can follow the same list.
 */
export async function queueDueReminders(deps: ReminderDeps, now: Date = new Date()): Promise<QueuedReminder[]> {
  const settings = await getSettings(deps.db);
  if (!settings.notifications.emailNotifications) return [];
  const due: Array<{ booking: BookingRow; leg: BookingLeg; key: string }> = [];
  for (const booking of await candidates(deps.db, now)) {
    for (const leg of bookingLegs(booking)) {
      if (reminderDue(leg.start, booking.created_at, now)) due.push({ booking, leg, key: reminderKey(booking.id, leg.leg, leg.start) });
    }
  }
  if (due.length === 0) return [];
  // Most runs find every due reminder already stored: skip those without rendering them.
  const stored = new Set(
    (
      await deps.db
        .selectFrom("mail_outbox")
        .select("id")
        .where(
          "id",
          "in",
          due.map((d) => outboxIdFor(d.key)),
        )
        .execute()
    ).map((r) => r.id),
  );
  const queued: QueuedReminder[] = [];
  const pricingByCar = new Map<string, Awaited<ReturnType<typeof detailPricingOf>>>();
  for (const { booking, leg, key } of due) {
    if (stored.has(outboxIdFor(key))) continue;
    try {
      const lng: Language = isLanguage(booking.locale) ? booking.locale : "en";
      const t = deps.translator(lng);
      const carKey = booking.car_id ?? "";
      const pricing = pricingByCar.get(carKey) ?? (await detailPricingOf(deps.db, booking));
      pricingByCar.set(carKey, pricing);
      const content = reminderMailContent(
        t,
        lng,
        booking,
        leg,
        {
          waiting: bookingWaitingText(booking, t, lng, pricing),
          driver: await driverOfLeg(deps.db, booking, leg.leg),
          link: deps.linkFor ? await deps.linkFor(booking) : null,
        },
        settings.general,
        settings.appearance.primaryColor,
      );
      const result = await deps.mailer.queue(deps.db, {
        to: booking.email,
        subject: content.subject,
        text: content.text,
        html: content.html,
        kind: "booking-reminder",
        locale: lng,
        relatedId: booking.id,
        dedupeKey: key,
      });
      if (result.queued) {
        queued.push({ bookingId: booking.id, leg: leg.leg });
        await deps.alsoNotify?.(booking, leg.leg);
      }
    } catch (error) {
      // One booking that cannot be rendered or stored does not hold back the others.
      deps.log?.error({ err: error, bookingId: booking.id, leg: leg.leg }, "reminder could not be queued");
    }
  }
  if (queued.length > 0) deps.log?.info({ reminders: queued.length }, "reminders queued");
  return queued;
}

export interface ReminderScheduler {
  /** Stops the interval and waits for a run in progress (so the database can be closed after it). */
  stop(): Promise<void>;
}

/**
 * Runs `queueDueReminders` once now and then every `intervalMs` (the timer does not keep the
 * process alive). Runs never overlap in one process; across instances the dedupe key decides.
 */
export function startReminders(
  deps: Omit<ReminderDeps, "translator" | "log"> & { log: Pick<Logger, "error" | "info">; translator?: ReminderDeps["translator"] },
  intervalMs = REMINDER_INTERVAL_MS,
): ReminderScheduler {
  return startPeriodic(async () => {
    try {
      await queueDueReminders({ ...deps, translator: deps.translator ?? ((lng) => fixedT(lng, "booking")) });
    } catch (error) {
      // The database is away: the next round tries again.
      deps.log.error({ err: error }, "reminders could not be queued");
    }
  }, intervalMs);
}
