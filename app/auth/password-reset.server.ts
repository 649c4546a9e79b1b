/**
 * "Şifremi unuttum": a one-time link valid for 30 minutes, queued in the outbox (the mail worker
 * sends it) in the admin language. The table keeps only the token's SHA-256. The answer is the same whether or not
 * the e-mail is known.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { adminText } from "~/admin/i18n.server";
import { renderMail } from "~/mail/layout";
import { nowIso, toBool } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import type { Mailer } from "~/server/mail.server";
import { getSettings } from "~/settings/settings.server";
import { hashPassword } from "./password.server";
import { destroyUserSessions, hashToken } from "./session.server";
import { clearAccountThrottle } from "./throttle.server";
import { findUserByEmail } from "./users.server";

export const RESET_TTL_MINUTES = 30;

export async function requestPasswordReset(
  db: Kysely<Database>,
  mailer: Mailer,
  input: { email: string; baseUrl: string },
  now = new Date(),
): Promise<void> {
  // The same work whether or not the address is known (timing must not tell): look up, make a
  // token and the mail; only then does a known admin get the token stored and the mail queued.
  // Nothing here waits on SMTP: the outbox worker sends the mail.
  const [user, { general, appearance }] = await Promise.all([findUserByEmail(db, input.email), getSettings(db)]);
  const token = randomBytes(32).toString("base64url");
  const url = `${input.baseUrl.replace(/\/$/, "")}/admin/reset-password/${token}`;
  const lng = appearance.language;
  const text = (key: string, values: Record<string, string | number> = {}) => adminText(lng, `auth.resetMail.${key}`, values);
  const mail = renderMail(
    {
      lang: lng,
      title: text("title"),
      paragraphs: [
        user?.name ? text("greeting", { name: user.name }) : text("greetingNoName"),
        text("intro", { site: general.siteName, minutes: RESET_TTL_MINUTES }),
        text("ignore"),
      ],
      action: { label: text("action"), url },
      footer: general.siteName,
    },
    appearance.primaryColor,
  );
  const tokenId = hashToken(token);
  if (!user || !toBool(user.active)) return;
  await saveResetToken(db, user.id, tokenId, RESET_TTL_MINUTES, now);
  await mailer.send(db, {
    to: user.email,
    subject: text("subject", { site: general.siteName }),
    ...mail,
    kind: "password-reset",
    locale: lng,
    relatedId: user.id,
    dedupeKey: `password-reset:${tokenId}`,
  });
}

/**
 * Stores a link's token hash for the account, valid `ttlMinutes`. One live link per account: a new
 * one replaces the older ones (a reset request, or a staff invitation, which is the same link with
 * a longer life: app/users/users.server.ts).
 */
export async function saveResetToken(db: Kysely<Database>, userId: string, tokenId: string, ttlMinutes: number, now = new Date()): Promise<void> {
  await db.deleteFrom("password_reset_tokens").where("user_id", "=", userId).where("used_at", "is", null).execute();
  await db
    .insertInto("password_reset_tokens")
    .values({
      id: tokenId,
      user_id: userId,
      expires_at: new Date(now.getTime() + ttlMinutes * 60_000).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The account a reset token opens, if it is known, unused and not expired. */
export async function findResetToken(db: Kysely<Database>, token: string, now = new Date()) {
  if (!/^[\w-]{20,200}$/.test(token)) return undefined;
  const row = await db.selectFrom("password_reset_tokens").selectAll().where("id", "=", hashToken(token)).executeTakeFirst();
  if (!row || row.used_at || row.expires_at <= now.toISOString()) return undefined;
  return row;
}

/** Sets the new password once; false when the token is no longer valid. Ends every session of the account. */
export async function resetPassword(db: Kysely<Database>, token: string, password: string, now = new Date()): Promise<boolean> {
  const row = await findResetToken(db, token, now);
  if (!row) return false;
  // Claim the token first so that two submits cannot both use it.
  const claimed = await db
    .updateTable("password_reset_tokens")
    .set({ used_at: now.toISOString() })
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  await db.updateTable("users").set({ password_hash: await hashPassword(password), updated_at: nowIso() }).where("id", "=", row.user_id).execute();
  await destroyUserSessions(db, row.user_id);
  // Owning the mailbox proves the account: lift a lock left by someone guessing its password.
  const user = await db.selectFrom("users").select("email_normalized").where("id", "=", row.user_id).executeTakeFirst();
  if (user) await clearAccountThrottle(db, user.email_normalized);
  return true;
}
