/**
 * Two-factor sign-in (settings.security.twoFactorAuth): enrolment stores a new secret that becomes
 * active once a code from the app is confirmed; each code is accepted once (replays are refused
 * through a marker in rate_limits) and wrong codes are rate-limited per account.
 * Enrolling at sign-in needs a one-time link (mailed, 30 minutes, single use): a password alone is
 * never shown a secret. Ten recovery codes, stored hashed, stand in for the app once each.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import QRCode from "qrcode";
import { adminText } from "~/admin/i18n.server";
import { renderMail } from "~/mail/layout";
import type { Mailer } from "~/server/mail.server";
import { getSettings } from "~/settings/settings.server";
import { fromBool, nowIso, toBool } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { hitRateLimit } from "~/server/rate-limit.server";
import { problem, type Problem } from "~/i18n/problem";
import { AUTH, tooManyAttempts } from "./messages";
import { hashToken } from "./session.server";
import { base32Encode, generateTotpSecret, otpauthUrl, verifyTotp } from "./totp";

export const TOTP_RULE = { limit: 5, windowMs: 5 * 60_000 };

export interface Enrolment {
  secret: string;
  qrSvg: string;
  uri: string;
}

/** The pending secret of an account (made now if none), with its QR code as SVG markup. */
export async function beginEnrolment(db: Kysely<Database>, userId: string, issuer: string, fresh = false): Promise<Enrolment> {
  const user = await db.selectFrom("users").select(["email", "totp_secret", "totp_enabled"]).where("id", "=", userId).executeTakeFirstOrThrow();
  let secret = user.totp_secret;
  if (!secret || fresh) {
    secret = generateTotpSecret();
    await db.updateTable("users").set({ totp_secret: secret, totp_enabled: fromBool(false), updated_at: nowIso() }).where("id", "=", userId).execute();
  }
  const uri = otpauthUrl(issuer, user.email, secret);
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, qrSvg, uri };
}

export async function isTotpEnabled(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select(["totp_enabled", "totp_secret"]).where("id", "=", userId).executeTakeFirst();
  return Boolean(row && toBool(row.totp_enabled) && row.totp_secret);
}

/**
 * Checks a code against the account's secret; on success the enrolment is confirmed.
 * Returns the problem, or undefined when the code is good.
 */
export async function checkTotpCode(db: Kysely<Database>, userId: string, code: string, now = new Date()): Promise<Problem | undefined> {
  const limit = await hitRateLimit(db, `totp:${userId}`, TOTP_RULE, now);
  if (!limit.allowed) return tooManyAttempts(limit.retryAfter);
  const row = await db.selectFrom("users").select(["totp_secret"]).where("id", "=", userId).executeTakeFirst();
  if (!row?.totp_secret) return problem(AUTH.totpInvalid);
  const step = verifyTotp(row.totp_secret, code, now);
  if (step === undefined) return problem(AUTH.totpInvalid);
  const replay = await hitRateLimit(db, `totp-used:${userId}:${step}`, { limit: 1, windowMs: 5 * 60_000 }, now);
  if (!replay.allowed) return problem(AUTH.totpInvalid);
  await db.updateTable("users").set({ totp_enabled: fromBool(true), updated_at: nowIso() }).where("id", "=", userId).execute();
  return undefined;
}

/**
 * Two-factor was just switched on: every other session of the account ends (one opened with the
 * password alone must not outlive the switch), the one that confirmed the code stays.
 */
export async function endOtherSessions(db: Kysely<Database>, userId: string, keepSessionId: string): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).where("id", "!=", keepSessionId).execute();
}

/** Marks a half-open session as verified after a correct code. */
export async function verifySession(db: Kysely<Database>, sessionId: string) {
  await db.updateTable("sessions").set({ verified: fromBool(true) }).where("id", "=", sessionId).execute();
}

// ---------------------------------------------------------------------------------------------
// Enrolment needs a second proof: a one-time link mailed to the account (or printed by
// `npm run admin:create -- --reset-two-factor`), never the password alone.

export const ENROL_TTL_MINUTES = 30;
export const ENROL_PATH = "/admin/setup-two-factor/";
export const RECOVERY_CODE_COUNT = 10;
/** Enrolment mails per account and hour (a password alone must not flood the mailbox). */
export const ENROL_MAIL_RULE = { limit: 5, windowMs: 60 * 60_000 };

const TOKEN = /^[\w-]{20,200}$/;

/** A new one-time enrolment token for the account (older unused ones stop working). */
export async function createEnrolmentToken(db: Kysely<Database>, userId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.deleteFrom("two_factor_enrolments").where("user_id", "=", userId).where("used_at", "is", null).execute();
  await db
    .insertInto("two_factor_enrolments")
    .values({
      id: hashToken(token),
      user_id: userId,
      expires_at: new Date(now.getTime() + ENROL_TTL_MINUTES * 60_000).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

export const enrolmentUrl = (baseUrl: string, token: string) => `${baseUrl.replace(/\/$/, "")}${ENROL_PATH}${token}`;

/**
 * Mails the account a one-time enrolment link, in the admin language; at most ENROL_MAIL_RULE per
 * hour (false when the limit held it back).
 */
export async function sendEnrolmentLink(
  db: Kysely<Database>,
  mailer: Mailer,
  input: { userId: string; baseUrl: string },
  now = new Date(),
): Promise<boolean> {
  const user = await db.selectFrom("users").select(["id", "email", "name"]).where("id", "=", input.userId).executeTakeFirst();
  if (!user) return false;
  if (!(await hitRateLimit(db, `enrol-mail:${user.id}`, ENROL_MAIL_RULE, now)).allowed) return false;
  const token = await createEnrolmentToken(db, user.id, now);
  const { general, appearance } = await getSettings(db);
  const lng = appearance.language;
  const text = (key: string, values: Record<string, string | number> = {}) => adminText(lng, `auth.enrolMail.${key}`, values);
  const mail = renderMail(
    {
      lang: lng,
      title: text("title"),
      paragraphs: [
        user.name ? text("greeting", { name: user.name }) : text("greetingNoName"),
        text("intro", { site: general.siteName, minutes: ENROL_TTL_MINUTES }),
        text("ignore"),
      ],
      action: { label: text("action"), url: enrolmentUrl(input.baseUrl, token) },
      footer: general.siteName,
    },
    appearance.primaryColor,
  );
  await mailer.send(db, { to: user.email, subject: text("subject", { site: general.siteName }), ...mail, kind: "two-factor-enrolment", locale: lng, relatedId: user.id });
  return true;
}

/** The enrolment a token opens, if it is known, unused and not expired. */
export async function findEnrolmentToken(db: Kysely<Database>, token: string, now = new Date()) {
  if (!TOKEN.test(token)) return undefined;
  const row = await db.selectFrom("two_factor_enrolments").selectAll().where("id", "=", hashToken(token)).executeTakeFirst();
  if (!row || row.used_at || row.expires_at <= now.toISOString()) return undefined;
  return row;
}

/** Marks the token used; false when it was used (or had expired) meanwhile. */
export async function claimEnrolmentToken(db: Kysely<Database>, token: string, now = new Date()): Promise<boolean> {
  const claimed = await db
    .updateTable("two_factor_enrolments")
    .set({ used_at: now.toISOString() })
    .where("id", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Recovery codes look like `k7m2q-x9p4d` (10 characters of base32, 50 bits). */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-?[a-z2-7]{5}$/;
const normalizeRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, "");

/** Ten new recovery codes for the account, shown once; the older ones stop working. */
export async function generateRecoveryCodes(db: Kysely<Database>, userId: string, now = new Date()): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    await trx
      .insertInto("recovery_codes")
      .values(codes.map((code) => ({ id: randomUUID(), user_id: userId, code_hash: hashToken(normalizeRecoveryCode(code)), used_at: null, created_at: now.toISOString() })))
      .execute();
  });
  return codes;
}

export async function countRecoveryCodes(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Uses up a recovery code; true when it was an unused code of this account. */
async function spendRecoveryCode(db: Kysely<Database>, userId: string, code: string, now: Date): Promise<boolean> {
  const used = await db
    .updateTable("recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashToken(normalizeRecoveryCode(code)))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) > 0;
}

/**
 * The sign-in's second step for an enrolled account: a code from the app, or one of the recovery
 * codes (each once). Returns the problem, or undefined when accepted.
 */
export async function checkSecondFactor(db: Kysely<Database>, userId: string, code: string, now = new Date()): Promise<Problem | undefined> {
  if (!(await isTotpEnabled(db, userId))) return problem(AUTH.totpInvalid);
  const clean = code.trim().toLowerCase();
  if (!RECOVERY_CODE_PATTERN.test(clean.replace(/\s+/g, ""))) return checkTotpCode(db, userId, code.replace(/\s+/g, ""), now);
  const limit = await hitRateLimit(db, `totp:${userId}`, TOTP_RULE, now);
  if (!limit.allowed) return tooManyAttempts(limit.retryAfter);
  return (await spendRecoveryCode(db, userId, clean, now)) ? undefined : problem(AUTH.recoveryInvalid);
}

/**
 * Switches two-factor off for one account (`npm run admin:create -- --reset-two-factor`): the
 * secret, the recovery codes and pending links go, and its sessions end.
 */
export async function resetTwoFactor(db: Kysely<Database>, userId: string): Promise<void> {
  await db.updateTable("users").set({ totp_secret: null, totp_enabled: fromBool(false), updated_at: nowIso() }).where("id", "=", userId).execute();
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db.deleteFrom("two_factor_enrolments").where("user_id", "=", userId).execute();
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}
