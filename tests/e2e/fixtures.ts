/**
 * Shared e2e helpers: direct access to the server's throwaway SQLite database (to check stored
 * rows) and an axe-core check.
 */
import Database from "better-sqlite3";
import { expect, test as base } from "@playwright/test";

export function e2eDb() {
  const db = new Database(process.env.E2E_DB!, { readonly: false, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

export const test = base;
export { expect };
