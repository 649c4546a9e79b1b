/** The settings screen's profile tab: the admin's own name, e-mail, phone and password. */
import type { Kysely } from "kysely";
import { nowIso } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { addProblem, problem, type FieldProblems } from "~/i18n/problem";
import { PROFILE } from "~/settings/settings-form";
import { AUTH } from "./messages";
import { hashPassword, verifyPassword } from "./password.server";
import { destroyUserSessions } from "./session.server";
import { findUserById, normalizeEmail } from "./users.server";

export interface ProfileInput {
  name: string;
  email: string;
  phone?: string;
  currentPassword?: string;
  newPassword?: string;
}

/**
 * Saves the profile; a new password needs the current one and ends the account's other sessions.
 * Returns field problems (keyed like the form: "profile.email") or an empty object.
 */
export async function updateProfile(
  db: Kysely<Database>,
  userId: string,
  currentSessionId: string,
  input: ProfileInput,
): Promise<{ errors: FieldProblems; passwordChanged: boolean }> {
  const user = await findUserById(db, userId);
  if (!user) throw new Error("signed-in user not found");
  const errors: FieldProblems = {};
  const emailNormalized = normalizeEmail(input.email);
  if (emailNormalized !== user.email_normalized) {
    const taken = await db.selectFrom("users").select("id").where("email_normalized", "=", emailNormalized).where("id", "!=", userId).executeTakeFirst();
    if (taken) addProblem(errors, "profile.email", problem(PROFILE.emailTaken));
  }
  if (input.newPassword && !(await verifyPassword(user.password_hash, input.currentPassword ?? ""))) {
    addProblem(errors, "profile.currentPassword", problem(AUTH.currentPasswordWrong));
  }
  if (Object.keys(errors).length > 0) return { errors, passwordChanged: false };
  await db
    .updateTable("users")
    .set({
      name: input.name.trim(),
      email: input.email.trim(),
      email_normalized: emailNormalized,
      phone: input.phone?.trim() ?? "",
      ...(input.newPassword ? { password_hash: await hashPassword(input.newPassword) } : {}),
      updated_at: nowIso(),
    })
    .where("id", "=", userId)
    .execute();
  if (input.newPassword) await destroyUserSessions(db, userId, currentSessionId);
  return { errors: {}, passwordChanged: Boolean(input.newPassword) };
}
