/**
 * `npm run admin:create -- --email you@example.com [--password secret] [--name "Ad Soyad"]`
 * Creates an admin, or makes an existing account an admin with a new password. Without --password
 * a strong one is generated and printed once.
 */
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { isAccountEmail } from "~/auth/email";
import { upsertAdmin } from "~/auth/users.server";
import { migrateToLatest, openDatabase } from "~/server/db/connection.server";
import { ConfigError, getEnv } from "~/server/env.server";

if (existsSync(".env")) process.loadEnvFile(".env");

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
  });
  const email = (values.email ?? "").trim();
  if (!isAccountEmail(email)) throw new Error("--email must be an e-mail address");
  if (values.password !== undefined && values.password.length < 6) throw new Error("--password must be at least 6 characters");
  const password = values.password ?? randomBytes(12).toString("base64url");
  const env = getEnv();
  const db = openDatabase(env.DATABASE_URL);
  try {
    await migrateToLatest(db);
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
