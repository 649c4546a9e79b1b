/**
 * Contact messages: stored (visible in the back office), a notice for the admin shell and an
 * e-mail to the office. Storing is what counts; mail delivery is retried by the outbox.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { notify } from "~/admin/notifications.server";
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
    title: "Yeni iletişim mesajı",
    body: `${input.name} · ${input.email}`,
    link: "/admin/messages",
    relatedId: id,
  });

  // The office reads Turkish (like the back office).
  const general = ctx.settings.general;
  const details: Array<[string, string]> = [
    ["Ad Soyad", input.name],
    ["E-posta", input.email],
    ["Telefon", input.phone],
  ];
  if (input.startDate) details.push(["Başlangıç tarihi", input.startDate]);
  if (input.endDate) details.push(["Bitiş tarihi", input.endDate]);
  if (input.preferredVehicle) details.push(["Tercih edilen araç", input.preferredVehicle]);
  details.push(["Dil", meta.locale.toUpperCase()]);
  const mail = renderMail(
    {
      title: "Yeni iletişim mesajı",
      paragraphs: [`${input.name} web sitesindeki iletişim formundan yazdı:`, input.message],
      details,
      footer: `${general.siteName} · ${general.contactPhone} · ${general.contactEmail}`,
    },
    ctx.settings.appearance.primaryColor,
  );
  await ctx.mailer.send(ctx.db, {
    to: officeAddress(ctx.env, general),
    subject: `İletişim formu: ${input.name}`,
    text: mail.text,
    html: mail.html,
    kind: "contact-message",
    locale: "tr",
    relatedId: id,
  });
  return id;
}
