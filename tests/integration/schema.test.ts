import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCar } from "~/fleet/cars.server";
import { createUser } from "~/auth/users.server";
import { migrateToLatest } from "~/server/db/connection.server";
import { buildCar } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const TABLES = [
  "audit_log",
  "booking_cars",
  "booking_counts",
  "booking_events",
  "booking_legs",
  "booking_outbox",
  "bookings",
  "customers",
  "partners",
  "partner_api_keys",
  "partner_net_rates",
  "partner_statements",
  "partner_webhooks",
  "partner_webhook_deliveries",
  "quote_requests",
  "payments",
  "cash_closings",
  "receipts",
  "checkouts",
  "flight_watches",
  "fleet_documents",
  "cars",
  "contact_messages",
  "drivers",
  "driver_hours",
  "driver_leaves",
  "extras",
  "health_checks",
  "idempotency_keys",
  "leg_steps",
  "login_throttle",
  "mail_outbox",
  "message_outbox",
  "newsletter_subscribers",
  "notifications",
  "password_reset_tokens",
  "pricing_zones",
  "rate_limits",
  "recovery_codes",
  "released_job_links",
  "road_distances",
  "route_fares",
  "sessions",
  "settings",
  "two_factor_enrolments",
  "uploads",
  "users",
];

/** SQLite's FTS5 trigram indexes of the bookings' and the guests' search text and their shadow tables (migrations 0061, 0232). */
const SQLITE_TABLES = ["bookings", "customers"].flatMap((t) => [`${t}_fts`, `${t}_fts_config`, `${t}_fts_data`, `${t}_fts_idx`]);

describe.each(engines)("schema on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
  });
  afterAll(() => db.destroy());

  it("has every table of the product", async () => {
    const tables = await db.kysely.introspection.getTables();
    // PostgreSQL lists every schema's tables (other test files migrate theirs at the same time).
    const names = tables.filter((t) => !db.schema || t.schema === db.schema).map((t) => t.name).filter((n) => !n.startsWith("kysely_"));
    expect(names.sort()).toEqual([...TABLES, ...(engine === "sqlite" ? SQLITE_TABLES : [])].sort());
  });

  it("is idempotent: migrating again changes nothing", async () => {
    const result = await migrateToLatest(db);
    expect(result.results).toEqual([]);
  });

  it("refuses a status it does not know", async () => {
    await expect(createCar(db.kysely, buildCar({ status: "flying" as never }))).rejects.toThrow();
  });

  it("keeps e-mails unique whatever their case", async () => {
    await createUser(db.kysely, { email: "Office@Example.com", password: "secret123", role: "admin" });
    await expect(createUser(db.kysely, { email: "office@example.COM", password: "secret123", role: "driver" })).rejects.toThrow();
  });

  it("enforces foreign keys (a booking event needs its booking)", async () => {
    await expect(
      db.kysely
        .insertInto("booking_events")
        .values({ id: randomUUID(), booking_id: "missing", to_status: "pending", by_label: "test", created_at: new Date().toISOString() })
        .execute(),
    ).rejects.toThrow();
  });

  it("answers a trivial query", async () => {
    const result = await sql<{ one: number }>`select 1 as one`.execute(db.kysely);
    expect(Number(result.rows[0]!.one)).toBe(1);
  });
});
