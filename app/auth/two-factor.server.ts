/**
 * Two-factor sign-in (settings.security.twoFactorAuth): enrolment stores a new secret that becomes
 * active once a code from the app is confirmed; each code is accepted once (replays are refused
 * through a marker in rate_limits) and wrong codes are rate-limited per account.
 */
import type { Kysely } from "kysely";
import QRCode from "qrcode";
import { fromBool, nowIso, toBool } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { hitRateLimit } from "~/server/rate-limit.server";
import { AUTH_TEXT, tooManyAttempts } from "./messages";
import { generateTotpSecret, otpauthUrl, verifyTotp } from "./totp";

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
 * Returns an error message, or undefined when the code is good.
 */
export async function checkTotpCode(db: Kysely<Database>, userId: string, code: string, now = new Date()): Promise<string | undefined> {
  const limit = await hitRateLimit(db, `totp:${userId}`, TOTP_RULE, now);
  if (!limit.allowed) return tooManyAttempts(limit.retryAfter);
  const row = await db.selectFrom("users").select(["totp_secret"]).where("id", "=", userId).executeTakeFirst();
  if (!row?.totp_secret) return AUTH_TEXT.totpInvalid;
  const step = verifyTotp(row.totp_secret, code, now);
  if (step === undefined) return AUTH_TEXT.totpInvalid;
  const replay = await hitRateLimit(db, `totp-used:${userId}:${step}`, { limit: 1, windowMs: 5 * 60_000 }, now);
  if (!replay.allowed) return AUTH_TEXT.totpInvalid;
  await db.updateTable("users").set({ totp_enabled: fromBool(true), updated_at: nowIso() }).where("id", "=", userId).execute();
  return undefined;
}

/** Marks a half-open session as verified after a correct code. */
export async function verifySession(db: Kysely<Database>, sessionId: string) {
  await db.updateTable("sessions").set({ verified: fromBool(true) }).where("id", "=", sessionId).execute();
}
