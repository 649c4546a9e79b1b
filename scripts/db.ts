/**
 * `npm run db:migrate` and `npm run db:seed`: the same steps `npm start` runs, on the database named
 * by DATABASE_URL (data/app.db by default). The seed only fills what is empty.
 */
import { existsSync } from "node:fs";
import { seedIfEmpty } from "../db/seed";
import { migrateToLatest, openDatabase } from "~/server/db/connection.server";
import { ConfigError, getEnv } from "~/server/env.server";
import { getLogger } from "~/server/logger.server";

if (existsSync(".env")) process.loadEnvFile(".env");

async function main(command: string | undefined) {
  if (command !== "migrate" && command !== "seed") {
    console.error("Usage: tsx scripts/db.ts migrate|seed");
    process.exit(2);
  }
  const env = getEnv();
  const log = getLogger(env.LOG_LEVEL);
  const db = openDatabase(env.DATABASE_URL);
  try {
    const result = await migrateToLatest(db);
    const applied = result.results?.map((r) => r.migrationName) ?? [];
    console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "Schema is up to date.");
    if (command === "seed") {
      await seedIfEmpty(db, env, log);
      console.log("Seed done (only empty parts were filled).");
    }
  } finally {
    await db.close();
  }
}

main(process.argv[2]).catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `Failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
