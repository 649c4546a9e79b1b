/**
 * Contact messages: stored (visible in the back office), a notice for the admin shell and an
 * e-mail to the office. Storing is what counts; mail delivery is retried by the outbox.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { notify } from "~/admin/notifications.server";
import { adminText } from "~/admin/i18n.server";
import { officeAddress, renderMail } from "~/mail/layout";
import { nowIso } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import type { Mailer } from "~/server/mail.server";
import type { Settings } from "~/settings/settings";
import { foldSearchText } from "~/utils/search-text";
import type { ContactInput } from "./schema";

export interface ContactContext {
  db: Kysely<Database>;
  mailer: Mailer;
  env: { OFFICE_EMAIL?: string };
  settings: Settings;
}

export async function saveContactMessage(
  ctx: ContactContext,
  input: ContactInput,
  meta: { locale: string; ip: string | null },
): Promise<string> {
  const id = randomUUID();
  await ctx.db
    .insertInto("contact_messages")
    .values({
      id,
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
      start_date: input.startDate || null,
      end_date: input.endDate || null,
      preferred_vehicle: input.preferredVehicle || null,
      locale: meta.locale,
      ip: meta.ip,
      read_at: null,
      search_text: foldSearchText(input.name, input.email, input.phone, input.message, input.preferredVehicle),
      created_at: nowIso(),
    })
    .execute();

  await notify(ctx.db, {
    kind: "contact",
    message: { title: "notifications.contactTitle", body: "notifications.contactBody", values: { name: input.name, email: input.email } },
    link: "/admin/messages",
    relatedId: id,
  });

  // The office reads the back office's language.
  const general = ctx.settings.general;
  const lng = ctx.settings.appearance.language;
  const office = (key: string, values: Record<string, string> = {}) => adminText(lng, `officeMail.${key}`, values);
  const details: Array<[string, string]> = [
    [office("name"), input.name],
    [office("email"), input.email],
    [office("phone"), input.phone],
  ];
  if (input.startDate) details.push([office("startDate"), input.startDate]);
  if (input.endDate) details.push([office("endDate"), input.endDate]);
  if (input.preferredVehicle) details.push([office("preferredVehicle"), input.preferredVehicle]);
  details.push([office("language"), meta.locale.toUpperCase()]);
  const mail = renderMail(
    {
      lang: lng,
      title: office("contactTitle"),
      // the visitor's message keeps its lines, each a paragraph of its own
      paragraphs: [office("contactIntro", { name: input.name }), ...input.message.split(/\r?\n/).filter((line) => line.trim() !== "")],
      details,
      footer: `${general.siteName} · ${general.contactPhone} · ${general.contactEmail}`,
    },
    ctx.settings.appearance.primaryColor,
  );
  await ctx.mailer.send(ctx.db, {
    to: officeAddress(ctx.env, general),
    subject: office("contactSubject", { name: input.name }),
    text: mail.text,
    html: mail.html,
    kind: "contact-message",
    locale: lng,
    relatedId: id,
    dedupeKey: `contact-message:${id}`,
  });
  return id;
}
