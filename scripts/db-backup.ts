/**
 * `npm run db:backup [-- --out DIR] [--keep N]`: a consistent copy of the database named by
 * DATABASE_URL, made while the site runs (app/server/db/backup.server.ts), into DIR (default
 * backups/) as vip-transfer-YYYYMMDD-HHMMSS.sqlite or .dump; keeps the newest N there (default 14).
 * The new file's path is the last line printed (for a script to copy it off the machine).
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { BackupError, backupDatabase } from "~/server/db/backup.server";
import { ConfigError, getEnv } from "~/server/env.server";

if (existsSync(".env")) process.loadEnvFile(".env");

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string", default: "backups" }, keep: { type: "string", default: "14" } }, strict: true });
  const keep = Number(values.keep);
  if (!/^\d+$/.test(values.keep) || keep < 1) throw new BackupError(`--keep must be a whole number of at least 1 (got "${values.keep}")`);
  const env = getEnv();
  const { file, removed } = await backupDatabase(env.DATABASE_URL, { out: values.out, keep });
  for (const old of removed) console.log(`Removed the older backup ${old}`);
  console.log(file);
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof BackupError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
  console.error(known ? `Backup failed: ${(error as Error).message}` : `Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
