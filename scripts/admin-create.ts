/**
 * `npm run admin:create -- --email you@example.com [--password secret] [--name "Ad Soyad"]`
 * Creates an admin, or makes an existing account an admin with a new password. Without --password
 * a strong one is generated and printed once.
 *
 * `npm run admin:create -- --email you@example.com --reset-two-factor`
 * Switches two-factor off for that account (secret, recovery codes and sessions go) and prints a
 * one-time setup link (30 minutes) to enrol a new authenticator app: for an office whose mail does
 * not work. Access to the server's shell is the second proof. The password stays unless given.
 */
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { isAccountEmail } from "~/auth/email";
import { createEnrolmentToken, ENROL_TTL_MINUTES, enrolmentUrl, resetTwoFactor } from "~/auth/two-factor.server";
import { findUserByEmail, upsertAdmin } from "~/auth/users.server";
import { migrateToLatest, openDatabase } from "~/server/db/connection.server";
import { ConfigError, getEnv } from "~/server/env.server";

if (existsSync(".env")) process.loadEnvFile(".env");

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      "reset-two-factor": { type: "boolean", default: false },
    },
  });
  const email = (values.email ?? "").trim();
  if (!isAccountEmail(email)) throw new Error("--email must be an e-mail address");
  if (values.password !== undefined && values.password.length < 6) throw new Error("--password must be at least 6 characters");
  const env = getEnv();
  const db = openDatabase(env.DATABASE_URL);
  try {
    await migrateToLatest(db);
    if (values["reset-two-factor"]) {
      const user = await findUserByEmail(db.kysely, email);
      if (!user || user.role !== "admin") throw new Error(`no admin account with the e-mail ${email}`);
      if (values.password) await upsertAdmin(db.kysely, email, values.password);
      await resetTwoFactor(db.kysely, user.id);
      const token = await createEnrolmentToken(db.kysely, user.id);
      console.log(`Two-factor reset for ${user.email}; its sessions have ended.`);
      console.log(`Set up the authenticator app within ${ENROL_TTL_MINUTES} minutes (sign in, then open, once):`);
      console.log(enrolmentUrl(env.PUBLIC_URL, token));
      return;
    }
    const password = values.password ?? randomBytes(12).toString("base64url");
    const user = await upsertAdmin(db.kysely, email, password, values.name ?? "Admin");
    console.log(`Admin ready: ${user.email}`);
    if (!values.password) console.log(`Password (shown once): ${password}`);
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `Failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
