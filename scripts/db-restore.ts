/**
 * `npm run db:restore -- FILE`: puts a backup made by `npm run db:backup` into the database named by
 * DATABASE_URL, which must be empty (a new SQLite file, or a new PostgreSQL database): a restore
 * never overwrites data. Start the site on it afterwards; its migrations bring an older backup up
 * to date.
 */
import { existsSync } from "node:fs";
import { BackupError, restoreDatabase } from "~/server/db/backup.server";
import { ConfigError, getEnv } from "~/server/env.server";

if (existsSync(".env")) process.loadEnvFile(".env");

async function main(file: string | undefined) {
  if (!file) {
    console.error("Usage: npm run db:restore -- FILE (a backup made by npm run db:backup)");
    process.exit(2);
  }
  const env = getEnv();
  await restoreDatabase(env.DATABASE_URL, file);
  console.log(`Restored ${file} into ${env.DATABASE_URL?.replace(/\/\/[^@/]*@/, "//") ?? "data/app.db"}.`);
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof BackupError ? `Restore failed: ${error.message}` : `Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
