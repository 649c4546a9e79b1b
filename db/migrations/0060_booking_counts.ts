import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * The dashboard's whole-table numbers (issue 17): how many bookings each car has in each status,
 * kept by triggers on `bookings`, so "all bookings", the status rates and the popular cars read a
 * few dozen rows instead of counting 100 000. Triggers, not the write path: every insert, status
 * change, car change and deletion is counted however it is made (the bench's bulk inserts too).
 * `car_id` is '' for a booking without a car. Rows that fall to 0 stay (a sum ignores them).
 * Existing bookings are counted once here, inside the migration's transaction.
 *
 * The month windows (this month's bookings, revenue) stay queries on `created_at`, made
 * index-only by `bookings_created_status_price_idx`; the occupancy's 30 days by
 * `bookings_pickup_status_car_idx`.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("booking_counts")
    .addColumn("car_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("booking_counts_pk", ["car_id", "status"])
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // One function for the three events; the counts are updated in key order (old before new only
    // when it sorts first), so two opposite status changes of one car cannot deadlock.
    await sql`
      create function booking_counts_apply() returns trigger language plpgsql set search_path from current as $$
      declare
        old_key text;
        new_key text;
      begin
        if tg_op = 'UPDATE' and old.car_id is not distinct from new.car_id and old.status = new.status then
          return null;
        end if;
        if tg_op <> 'INSERT' then old_key := coalesce(old.car_id, '') || '/' || old.status; end if;
        if tg_op <> 'DELETE' then new_key := coalesce(new.car_id, '') || '/' || new.status; end if;
        if old_key is not null and (new_key is null or old_key < new_key) then
          update booking_counts set n = n - 1 where car_id = coalesce(old.car_id, '') and status = old.status;
          old_key := null;
        end if;
        if new_key is not null then
          insert into booking_counts (car_id, status, n) values (coalesce(new.car_id, ''), new.status, 1)
            on conflict (car_id, status) do update set n = booking_counts.n + 1;
        end if;
        if old_key is not null then
          update booking_counts set n = n - 1 where car_id = coalesce(old.car_id, '') and status = old.status;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger bookings_count_changes after insert or delete or update of car_id, status on bookings for each row execute function booking_counts_apply()`.execute(db);
  } else {
    await sql`
      create trigger bookings_count_insert after insert on bookings begin
        insert into booking_counts (car_id, status, n) values (coalesce(new.car_id, ''), new.status, 1)
          on conflict (car_id, status) do update set n = n + 1;
      end`.execute(db);
    await sql`
      create trigger bookings_count_delete after delete on bookings begin
        update booking_counts set n = n - 1 where car_id = coalesce(old.car_id, '') and status = old.status;
      end`.execute(db);
    await sql`
      create trigger bookings_count_update after update of car_id, status on bookings
      when coalesce(old.car_id, '') <> coalesce(new.car_id, '') or old.status <> new.status begin
        update booking_counts set n = n - 1 where car_id = coalesce(old.car_id, '') and status = old.status;
        insert into booking_counts (car_id, status, n) values (coalesce(new.car_id, ''), new.status, 1)
          on conflict (car_id, status) do update set n = n + 1;
      end`.execute(db);
  }
  await sql`insert into booking_counts (car_id, status, n) select coalesce(car_id, ''), status, count(*) from bookings group by coalesce(car_id, ''), status`.execute(db);
  await db.schema.createIndex("bookings_created_status_price_idx").on("bookings").columns(["created_at", "status", "total_price"]).execute();
  await db.schema.createIndex("bookings_pickup_status_car_idx").on("bookings").columns(["pickup_date", "status", "car_id"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_pickup_status_car_idx").execute();
  await db.schema.dropIndex("bookings_created_status_price_idx").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger bookings_count_changes on bookings`.execute(db);
    await sql`drop function booking_counts_apply()`.execute(db);
  } else {
    for (const name of ["bookings_count_insert", "bookings_count_delete", "bookings_count_update"]) await sql`drop trigger ${sql.raw(name)}`.execute(db);
  }
  await db.schema.dropTable("booking_counts").execute();
}
