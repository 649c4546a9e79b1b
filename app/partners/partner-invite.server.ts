/**
 * A partner user's invitation (issue 33): the staff invitation's link (a set-password token,
 * app/users/users.server.ts), mailed in the partner's language and opening the portal's own
 * welcome page, /partner/welcome/{token}, in that language.
 */
import type { Kysely } from "kysely";
import { translatorFor } from "~/i18n/i18next.server";
import { renderMail } from "~/mail/layout";
import type { Database, UserRow } from "~/server/db/schema";
import type { Mailer } from "~/server/mail.server";
import { getSettings } from "~/settings/settings.server";
import { INVITE_TTL_DAYS } from "~/users/users";
import { getPartner } from "./partners.server";

export async function sendPartnerInvitation(
  db: Kysely<Database>,
  user: UserRow,
  invite: { partnerId: string; token: string; tokenId: string; baseUrl: string; mailer: Mailer },
): Promise<void> {
  const [{ general, appearance }, partner] = await Promise.all([getSettings(db), getPartner(db, invite.partnerId)]);
  const lng = partner?.language ?? "en";
  const t = translatorFor(lng, "portal");
  const url = `${invite.baseUrl.replace(/\/$/, "")}/partner/welcome/${invite.token}?lng=${lng}`;
  const mail = renderMail(
    {
      lang: lng,
      title: t("invite.title", { site: general.siteName }),
      paragraphs: [
        user.name ? t("invite.greeting", { name: user.name }) : t("invite.greetingNoName"),
        t("invite.intro", { site: general.siteName, partner: partner?.name ?? "" }),
        t("invite.signIn", { email: user.email }),
        t("invite.expires", { count: INVITE_TTL_DAYS }),
      ],
      action: { label: t("invite.action"), url },
      footer: general.siteName,
    },
    appearance.primaryColor,
  );
  await invite.mailer.send(db, {
    to: user.email,
    subject: t("invite.subject", { site: general.siteName }),
    ...mail,
    kind: "partner-invite",
    locale: lng,
    relatedId: user.id,
    dedupeKey: `partner-invite:${invite.tokenId}`,
  });
}
