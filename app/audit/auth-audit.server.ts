/**
 * The audit log's account events: sign-ins, failed sign-ins (with the e-mail as typed, never the
 * password), sign-outs and two-factor enrolment, for the login page and the /api/auth endpoints alike.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import { destroySession, readSession } from "~/auth/session.server";
import { recordAudit, staffActor } from "./audit.server";

type Account = { id: string; name: string | null; email: string };

export type LoginFailure = "unknown_email" | "wrong_password" | "inactive" | "not_staff";

export function recordSignIn(db: Kysely<Database>, user: Account, ip: string | null): Promise<void> {
  return recordAudit(db, { actor: staffActor(user), action: "auth.login", entity: "user", entityId: user.id, summary: user.email, ip });
}

/** A refused password sign-in: the account when the e-mail is one, else the address as typed. */
export function recordFailedSignIn(db: Kysely<Database>, typedEmail: string, user: Account | undefined, reason: LoginFailure, ip: string | null): Promise<void> {
  const email = typedEmail.trim().slice(0, 254);
  return recordAudit(db, {
    actor: user ? staffActor(user) : { id: null, label: email || "—" },
    action: "auth.login.failed",
    entity: "user",
    entityId: user?.id ?? null,
    summary: email,
    details: { email, reason },
    ip,
  });
}

/** Ends the session of `token` and logs who signed out (nothing is logged without a live session). */
export async function signOut(db: Kysely<Database>, token: string | undefined, ip: string | null): Promise<void> {
  const session = await readSession(db, token);
  await destroySession(db, token);
  if (session) await recordAudit(db, { actor: staffActor(session.user), action: "auth.logout", entity: "user", entityId: session.user.id, summary: session.user.email, ip });
}

/** Two-factor switched on (enrolment confirmed) or new recovery codes made. */
export function recordTwoFactor(db: Kysely<Database>, user: Account, action: "auth.2fa.enable" | "auth.2fa.recovery", ip: string | null): Promise<void> {
  return recordAudit(db, { actor: staffActor(user), action, entity: "user", entityId: user.id, summary: user.email, ip });
}
