import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { nowIso } from "~/server/db/convert";
import type { Database, UserRole, UserRow } from "~/server/db/schema";
import { hashPassword } from "./password.server";

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email_normalized", "=", normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface NewUser {
  email: string;
  password: string;
  role: UserRole;
  name?: string;
  phone?: string;
  /** a partner user's partner (role `partner`) */
  partnerId?: string;
}

export async function createUser(db: Kysely<Database>, user: NewUser): Promise<UserRow> {
  const at = nowIso();
  const id = randomUUID();
  await db
    .insertInto("users")
    .values({
      id,
      email: user.email.trim(),
      email_normalized: normalizeEmail(user.email),
      name: user.name?.trim() ?? "",
      phone: user.phone?.trim() ?? "",
      password_hash: await hashPassword(user.password),
      role: user.role,
      partner_id: user.partnerId ?? null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return (await findUserById(db, id))!;
}

/** Creates the admin, or makes an existing account an admin with the given password. */
export async function upsertAdmin(db: Kysely<Database>, email: string, password: string, name = "Admin"): Promise<UserRow> {
  const existing = await findUserByEmail(db, email);
  if (!existing) return createUser(db, { email, password, role: "admin", name });
  await db
    .updateTable("users")
    .set({ role: "admin", password_hash: await hashPassword(password), updated_at: nowIso() })
    .where("id", "=", existing.id)
    .execute();
  return (await findUserById(db, existing.id))!;
}

export async function countAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).where("role", "=", "admin").executeTakeFirst();
  return Number(row?.n ?? 0);
}
