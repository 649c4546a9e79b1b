/**
 * Staff accounts' one write path (issue 15): the /admin/users page and the tests create and change
 * members of staff here, and every change is written to the audit log with who made it.
 *
 * A new member gets no password: the account is made with the hash of a random secret nobody
 * knows, and an invitation mail carries a set-password link. That link is a password-reset token
 * (password-reset.server.ts, the same table and page) with a life of INVITE_TTL_DAYS, so no
 * password ever travels by mail. The last active admin can be neither switched off nor demoted:
 * the check runs in a transaction that first writes every active admin's row, so two admins
 * switching each other off at once are serialised (PostgreSQL row locks, SQLite's write lock) and
 * one of them is refused.
 */
import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { recordAudit, type AuditActor } from "~/audit/audit.server";
import { saveResetToken } from "~/auth/password-reset.server";
import { hashToken } from "~/auth/session.server";
import { resetTwoFactor } from "~/auth/two-factor.server";
import { createUser, findUserByEmail, findUserById as findAnyUser } from "~/auth/users.server";
import { problem, zodProblems, type FieldProblems, type Problem } from "~/i18n/problem";
import { renderMail } from "~/mail/layout";
import { fromBool, nowIso, toBool } from "~/server/db/convert";
import type { Database, UserRole, UserRow } from "~/server/db/schema";
import type { Mailer } from "~/server/mail.server";
import { getSettings } from "~/settings/settings.server";
import { sendPartnerInvitation } from "~/partners/partner-invite.server";
import { INVITE_TTL_DAYS, staffDetailsSchema, staffSchema, USERS, type StaffDetails } from "./users";

/**
 * An account by id in a scope: the office's staff, or one partner's users (issue 33: the same
 * write path, invitation and audit, on the partner's page). Nobody reaches the other scope's accounts.
 */
async function findUserById(db: Kysely<Database>, id: string, partnerId?: string): Promise<UserRow | undefined> {
  const row = await findAnyUser(db, id);
  if (!row) return undefined;
  return (partnerId ? row.role === "partner" && row.partner_id === partnerId : row.role !== "partner") ? row : undefined;
}

/** A member of staff as the page lists them. */
export interface StaffMember {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: UserRole;
  active: boolean;
  deactivatedAt: string | null;
  lastLoginAt: string | null;
  createdAt: string;
  twoFactor: boolean;
  /** never signed in and holding a live set-password link */
  invitePending: boolean;
}

/** Who acts, from where, and what an invitation needs (the mailer and the site's address for the link). */
export interface StaffContext {
  actor: AuditActor;
  ip?: string | null;
  mailer: Mailer;
  baseUrl: string;
  now?: Date;
  /** a partner's users (issue 33) instead of the office's staff */
  partnerId?: string;
}

export type StaffResult =
  | { ok: true; member: StaffMember }
  /** `fields`: the input's problems by field; otherwise `problem` says why (last admin, oneself…) */
  | { ok: false; status: 400 | 403 | 404 | 409; problem: Problem; fields: FieldProblems };

const refuse = (status: 400 | 403 | 404 | 409, code: Problem["code"], fields: FieldProblems = {}): StaffResult => ({ ok: false, status, problem: problem(code), fields });

function memberFromRow(row: UserRow, invitePending: boolean): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    active: toBool(row.active),
    deactivatedAt: row.deactivated_at,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
    twoFactor: Boolean(toBool(row.totp_enabled) && row.totp_secret),
    invitePending: invitePending && !row.last_login_at,
  };
}

async function liveLinkHolders(db: Kysely<Database>, now: Date, userId?: string): Promise<Set<string>> {
  let query = db.selectFrom("password_reset_tokens").select("user_id").where("used_at", "is", null).where("expires_at", ">", now.toISOString());
  if (userId) query = query.where("user_id", "=", userId);
  return new Set((await query.execute()).map((r) => r.user_id));
}

/** Every account: active ones first, then by name. */
export async function listStaff(db: Kysely<Database>, now = new Date(), partnerId?: string): Promise<StaffMember[]> {
  const scoped = partnerId ? db.selectFrom("users").where("role", "=", "partner").where("partner_id", "=", partnerId) : db.selectFrom("users").where("role", "!=", "partner");
  const [rows, pending] = await Promise.all([
    scoped.selectAll().orderBy("active", "desc").orderBy("name").orderBy("email").execute(),
    liveLinkHolders(db, now),
  ]);
  return rows.map((row) => memberFromRow(row, pending.has(row.id)));
}

export async function getStaff(db: Kysely<Database>, id: string, now = new Date(), partnerId?: string): Promise<StaffMember | undefined> {
  const row = await findUserById(db, id, partnerId);
  return row && memberFromRow(row, (await liveLinkHolders(db, now, id)).has(id));
}

/**
 * Mails the account a set-password link (INVITE_TTL_DAYS) in the admin language; an older unused
 * link stops working. The mail says who the site is, the role and the sign-in address, never a password.
 */
async function sendInvitation(db: Kysely<Database>, user: UserRow, ctx: StaffContext): Promise<void> {
  const now = ctx.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  const tokenId = hashToken(token);
  await saveResetToken(db, user.id, tokenId, INVITE_TTL_DAYS * 24 * 60, now);
  if (ctx.partnerId) return sendPartnerInvitation(db, user, { partnerId: ctx.partnerId, token, tokenId, baseUrl: ctx.baseUrl, mailer: ctx.mailer });
  const [{ general, appearance }, lng] = await Promise.all([getSettings(db), adminLanguage(db)]);
  const text = (key: string, values: Record<string, string | number> = {}) => adminText(lng, `users.mail.${key}`, values);
  const url = `${ctx.baseUrl.replace(/\/$/, "")}/admin/reset-password/${token}`;
  const mail = renderMail(
    {
      lang: lng,
      title: text("title"),
      paragraphs: [
        user.name ? text("greeting", { name: user.name }) : text("greetingNoName"),
        text("intro", { site: general.siteName, role: adminText(lng, `users.roles.${user.role}`) }),
        text("signIn", { email: user.email }),
        text("expires", { days: INVITE_TTL_DAYS }),
      ],
      action: { label: text("action"), url },
      footer: general.siteName,
    },
    appearance.primaryColor,
  );
  await ctx.mailer.send(db, {
    to: user.email,
    subject: text("subject", { site: general.siteName }),
    ...mail,
    kind: "user-invite",
    locale: lng,
    relatedId: user.id,
    dedupeKey: `user-invite:${tokenId}`,
  });
}

/** A unique-constraint failure from either engine (the e-mail was taken between check and insert). */
const isUniqueViolation = (error: unknown) => /unique|duplicate/i.test(String((error as { message?: unknown })?.message ?? "")) || (error as { code?: unknown })?.code === "23505";

const inputProblems = (issues: Parameters<typeof zodProblems>[0]) => zodProblems(issues, { namespace: "admin", fallback: USERS.saveFailed });

/** Creates the account without a usable password and mails the invitation. */
export async function createStaff(db: Kysely<Database>, input: Record<string, unknown>, ctx: StaffContext): Promise<StaffResult> {
  // a partner's user has the partner role, whatever the input says
  const parsed = staffSchema.safeParse(ctx.partnerId ? { ...input, role: "driver" } : input);
  if (!parsed.success) {
    const fields = inputProblems(parsed.error.issues);
    return { ok: false, status: 400, problem: Object.values(fields)[0]![0]!, fields };
  }
  const v = parsed.data;
  const taken = () => refuse(409, USERS.emailTaken, { email: [problem(USERS.emailTaken)] });
  if (await findUserByEmail(db, v.email)) return taken();
  let user: UserRow;
  try {
    // Nobody knows this password: the account opens only through the mailed link.
    const role: UserRole = ctx.partnerId ? "partner" : v.role;
    user = await createUser(db, { email: v.email, password: randomBytes(32).toString("base64url"), role, name: v.name, phone: v.phone, partnerId: ctx.partnerId });
  } catch (error) {
    if (isUniqueViolation(error)) return taken();
    throw error;
  }
  await recordAudit(db, {
    actor: ctx.actor,
    action: "user.create",
    entity: "user",
    entityId: user.id,
    summary: user.email,
    details: { after: { name: v.name, email: user.email, phone: v.phone, role: user.role, ...(ctx.partnerId ? { partner: ctx.partnerId } : {}) } },
    ip: ctx.ip ?? null,
  });
  await sendInvitation(db, user, ctx);
  return { ok: true, member: (await getStaff(db, user.id, ctx.now, ctx.partnerId))! };
}

/** Writes every active admin's row, then counts the active admins other than `exceptId`. */
async function otherActiveAdmins(trx: Transaction<Database>, exceptId: string): Promise<number> {
  await trx
    .updateTable("users")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("role", "=", "admin")
    .where("active", "=", fromBool(true))
    .execute();
  const row = await trx
    .selectFrom("users")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("role", "=", "admin")
    .where("active", "=", fromBool(true))
    .where("id", "!=", exceptId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A partial change of name, phone and role; fields not in `input` keep their value. */
export async function updateStaff(db: Kysely<Database>, id: string, input: Partial<Record<keyof StaffDetails, unknown>>, ctx: StaffContext): Promise<StaffResult> {
  const existing = await findUserById(db, id, ctx.partnerId);
  if (!existing) return refuse(404, USERS.notFound);
  const before: StaffDetails = { name: existing.name, phone: existing.phone, role: existing.role as StaffDetails["role"] };
  const merged: Record<string, unknown> = { ...before };
  for (const [key, value] of Object.entries(input)) if (value !== undefined) merged[key] = value;
  const parsed = staffDetailsSchema.safeParse(merged);
  if (!parsed.success) {
    const fields = inputProblems(parsed.error.issues);
    return { ok: false, status: 400, problem: Object.values(fields)[0]![0]!, fields };
  }
  const v = parsed.data;
  const demoting = existing.role === "admin" && v.role !== "admin" && toBool(existing.active);
  const refused = await db.transaction().execute(async (trx) => {
    if (demoting && (await otherActiveAdmins(trx, id)) === 0) return refuse(409, USERS.lastAdmin, { role: [problem(USERS.lastAdmin)] });
    await trx.updateTable("users").set({ name: v.name, phone: v.phone, role: v.role, updated_at: nowIso() }).where("id", "=", id).execute();
    const changed = Object.fromEntries(
      (Object.keys(v) as Array<keyof StaffDetails>).filter((k) => v[k] !== before[k]).map((k) => [k, { from: before[k], to: v[k] }]),
    );
    await recordAudit(trx, { actor: ctx.actor, action: "user.update", entity: "user", entityId: id, summary: existing.email, details: { changed }, ip: ctx.ip ?? null });
    return undefined;
  });
  return refused ?? { ok: true, member: (await getStaff(db, id, ctx.now, ctx.partnerId))! };
}

/**
 * Switches an account off: it cannot sign in, every session of it ends at once and its unused
 * set-password links stop working. Not one's own account, not the last active admin.
 */
export async function deactivateStaff(db: Kysely<Database>, id: string, ctx: StaffContext): Promise<StaffResult> {
  if (id === ctx.actor.id) return refuse(403, USERS.self);
  const existing = await findUserById(db, id, ctx.partnerId);
  if (!existing) return refuse(404, USERS.notFound);
  if (!toBool(existing.active)) return { ok: true, member: (await getStaff(db, id, ctx.now, ctx.partnerId))! };
  const at = (ctx.now ?? new Date()).toISOString();
  const refused = await db.transaction().execute(async (trx) => {
    if (existing.role === "admin" && (await otherActiveAdmins(trx, id)) === 0) return refuse(409, USERS.lastAdmin);
    await trx.updateTable("users").set({ active: fromBool(false), deactivated_at: at, updated_at: at }).where("id", "=", id).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", id).execute();
    await trx.deleteFrom("password_reset_tokens").where("user_id", "=", id).where("used_at", "is", null).execute();
    await recordAudit(trx, { actor: ctx.actor, action: "user.deactivate", entity: "user", entityId: id, summary: existing.email, details: {}, ip: ctx.ip ?? null }, at);
    return undefined;
  });
  return refused ?? { ok: true, member: (await getStaff(db, id, ctx.now, ctx.partnerId))! };
}

/** Switches an account back on (it signs in with its password, or asks for a new link). */
export async function reactivateStaff(db: Kysely<Database>, id: string, ctx: StaffContext): Promise<StaffResult> {
  const existing = await findUserById(db, id, ctx.partnerId);
  if (!existing) return refuse(404, USERS.notFound);
  if (!toBool(existing.active)) {
    await db.updateTable("users").set({ active: fromBool(true), deactivated_at: null, updated_at: nowIso() }).where("id", "=", id).execute();
    await recordAudit(db, { actor: ctx.actor, action: "user.activate", entity: "user", entityId: id, summary: existing.email, details: {}, ip: ctx.ip ?? null });
  }
  return { ok: true, member: (await getStaff(db, id, ctx.now, ctx.partnerId))! };
}

/**
 * Clears the account's authenticator secret and recovery codes: it enrols again at its next
 * sign-in (while two-factor is on). Its sessions end (two-factor.server.ts `resetTwoFactor`).
 */
export async function resetStaffTwoFactor(db: Kysely<Database>, id: string, ctx: StaffContext): Promise<StaffResult> {
  const existing = await findUserById(db, id, ctx.partnerId);
  if (!existing) return refuse(404, USERS.notFound);
  await resetTwoFactor(db, id);
  await recordAudit(db, { actor: ctx.actor, action: "user.resetTwoFactor", entity: "user", entityId: id, summary: existing.email, details: {}, ip: ctx.ip ?? null });
  return { ok: true, member: (await getStaff(db, id, ctx.now, ctx.partnerId))! };
}

/** Mails an active account a new set-password link (the older one stops working). */
export async function resendInvite(db: Kysely<Database>, id: string, ctx: StaffContext): Promise<StaffResult> {
  const existing = await findUserById(db, id, ctx.partnerId);
  if (!existing) return refuse(404, USERS.notFound);
  if (!toBool(existing.active)) return refuse(409, USERS.inactive);
  await sendInvitation(db, existing, ctx);
  await recordAudit(db, { actor: ctx.actor, action: "user.invite", entity: "user", entityId: id, summary: existing.email, details: {}, ip: ctx.ip ?? null });
  return { ok: true, member: (await getStaff(db, id, ctx.now, ctx.partnerId))! };
}

/** The e-mail addresses of the office's active admins (not a partner's), for the warnings only admins act on. */
export async function activeAdminEmails(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("users")
    .select("email")
    .where("role", "=", "admin")
    .where("active", "=", fromBool(true))
    .where("partner_id", "is", null)
    .orderBy("email")
    .execute();
  return rows.map((r) => r.email);
}
