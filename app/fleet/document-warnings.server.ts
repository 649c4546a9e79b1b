/**
 * Warnings before documents expire (issue 34): 30, 7 and 1 days before a car's or driver's document
 * expires, and on the day itself, an office notice (the bell) and an e-mail to each active admin
 * (the office's address when there is none), through the outbox, in the admin language. Exactly once per document and threshold: the row's `warned`
 * says which thresholds its expiry day was announced at, written with a compare-and-set so two
 * instances never both announce one; the notice's key and the mail's dedupe key name the document,
 * its date and the threshold too. A changed expiry day empties `warned` (saveDocument).
 * A document entered late gets only its most urgent warning (entered 5 days ahead: the 7-day one).
 */
import type { Kysely } from "kysely";
import { formatCalendarDay } from "~/admin/format";
import { adminText } from "~/admin/i18n.server";
import { notify } from "~/admin/notifications.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import { officeAddress, renderMail } from "~/mail/layout";
import type { Database } from "~/server/db/schema";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail.server";
import { startPeriodic, type Periodic } from "~/server/periodic.server";
import { getSettings } from "~/settings/settings.server";
import { activeAdminEmails } from "~/users/users.server";
import { daysBetween, documentKindKey, dueThreshold, parseWarned, warnedAfter, WARNING_THRESHOLDS } from "./documents";
import { expiringDocuments } from "./documents.server";

export interface DocumentWarningDeps {
  db: Kysely<Database>;
  mailer: Pick<Mailer, "queue">;
  env?: { PUBLIC_URL?: string; OFFICE_EMAIL?: string };
  log?: Pick<Logger, "error" | "info">;
}

/** How often the server looks for due warnings (the day changes at midnight in Istanbul; an hour late is fine). */
export const DOCUMENT_WARNING_INTERVAL_MS = 60 * 60_000;

/**
 * Announces every warning due at `now` (injected for tests); returns how many documents were
 * warned. A threshold is announced once: a document already warned at it, or at a later one, is not.
 */
export async function sendDocumentWarnings(deps: DocumentWarningDeps, now: Date = new Date()): Promise<number> {
  const { db } = deps;
  const today = toBusinessParts(now).date;
  const due = (await expiringDocuments(db, today, { days: Math.max(...WARNING_THRESHOLDS) })).flatMap((doc) => {
    const threshold = dueThreshold(doc.expiresOn, today);
    return threshold !== undefined && !parseWarned(doc.warned).includes(threshold) ? [{ ...doc, threshold }] : [];
  });
  if (due.length === 0) return 0;
  const settings = await getSettings(db);
  const lng = settings.appearance.language;
  const site = settings.general;
  const admins = await activeAdminEmails(db);
  const recipients = admins.length > 0 ? admins : [officeAddress(deps.env ?? {}, site)];
  let sent = 0;
  for (const doc of due) {
    // compare-and-set: only the round that moves `warned` on announces it
    const claimed = await db
      .updateTable("fleet_documents")
      .set({ warned: warnedAfter(doc.threshold) })
      .where("id", "=", doc.id)
      .where("warned", "=", doc.warned)
      .where("expires_on", "=", doc.expiresOn)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const left = daysBetween(today, doc.expiresOn);
    const body =
      left < 0 ? "documents.warning.expired" : left === 0 ? "documents.warning.today" : "documents.warning.days";
    const values = {
      owner: doc.ownerName,
      document: `@${documentKindKey(doc.kind)}`,
      date: formatCalendarDay(doc.expiresOn, lng),
      days: String(left),
    };
    const key = `${doc.id}:${doc.expiresOn}:${doc.threshold}`;
    await notify(db, {
      kind: "document",
      message: { title: "documents.warning.title", body, values },
      link: doc.link,
      relatedId: key,
    });
    const text = (k: string) => adminText(lng, k, values);
    const mail = renderMail(
      {
        lang: lng,
        title: text("documents.warning.title"),
        paragraphs: [text(body)],
        action: { label: text("documents.warning.open"), url: `${deps.env?.PUBLIC_URL ?? ""}${doc.link}` },
        footer: `${site.siteName} · ${site.contactPhone} · ${site.contactEmail}`,
      },
      settings.appearance.primaryColor,
    );
    for (const to of recipients) {
      await deps.mailer.queue(db, {
        to,
        subject: text(`documents.warning.subject`),
        text: mail.text,
        html: mail.html,
        kind: "office-document-expiry",
        locale: lng,
        relatedId: doc.ownerId,
        dedupeKey: `document-expiry:${key}:${to}`,
      });
    }
    sent++;
  }
  return sent;
}

/** The warnings' round, at start and then hourly, from the server's periodic runner. */
/**
 * The hourly round, first a few minutes after the start: a server that boots (and warms up, and is
 * checked by the load balancer) does no mail work in its first moments, and a restart loop cannot
 * turn into a mail loop (each warning is sent once anyway).
 */
export const DOCUMENT_WARNING_FIRST_MS = 5 * 60_000;

export function startDocumentWarnings(deps: DocumentWarningDeps, intervalMs = DOCUMENT_WARNING_INTERVAL_MS, firstAfterMs = DOCUMENT_WARNING_FIRST_MS): Periodic {
  const round = async () => {
    try {
      const sent = await sendDocumentWarnings(deps);
      if (sent > 0) deps.log?.info({ sent }, "document expiry warnings sent");
    } catch (error) {
      deps.log?.error({ err: error }, "document expiry warnings failed");
    }
  };
  let periodic: Periodic | undefined;
  let stopped = false;
  const first = setTimeout(() => {
    if (!stopped) periodic = startPeriodic(round, intervalMs);
  }, firstAfterMs);
  first.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      await periodic?.stop();
    },
  };
}
