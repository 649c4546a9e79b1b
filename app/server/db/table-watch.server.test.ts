import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./connection.server";
import { ANY_TABLE, readScope, statementTables, TableChanges, type ReadScope } from "./table-watch.server";
import { useWatchedDatabase } from "./watched-db.test-helper";

describe("statementTables", () => {
  it("names what a query reads, joins included, and what a write changes", () => {
    expect(statementTables('select "cars".* from "cars" inner join "bookings" on "bookings"."car_id" = "cars"."id"')).toEqual({ reads: ["cars", "bookings"], writes: [] });
    expect(statementTables('insert into "cars" ("id") values (?)').writes).toEqual(["cars"]);
    expect(statementTables('update "settings" set "value" = ? where "key" = ?').writes).toEqual(["settings"]);
    expect(statementTables('delete from "extras" where "id" in (select "id" from "extras_old")')).toEqual({ reads: ["extras", "extras_old"], writes: ["extras"] });
    // an upsert's "do update set" names no second table
    expect(statementTables('insert into "rate_limits" ("key") values (?) on conflict ("key") do update set "hits" = "hits" + 1').writes).toEqual(["rate_limits"]);
    expect(statementTables('insert or replace into "settings" values (?)').writes).toEqual(["settings"]);
    expect(statementTables('with moved as (select 1) update "bookings" set "status" = ?').writes).toEqual(["bookings"]);
    expect(statementTables('UPDATE public."route_fares" SET x = 1').writes).toEqual(["route_fares"]);
    expect(statementTables("create index if not exists bookings_day on bookings (pickup_date)").writes).toEqual(["bookings"]);
  });

  it("takes a row lock that assigns a column to itself as a read: nothing changes", () => {
    expect(statementTables("update cars set sort_order = sort_order where id = ?")).toEqual({ reads: ["cars"], writes: [] });
    expect(statementTables('update "cars" set "sort_order" = "sort_order" where "id" in (select "car_id" from "bookings")')).toEqual({ reads: ["cars", "bookings"], writes: [] });
    // another column, or an expression, is a change
    expect(statementTables("update cars set sort_order = position where id = ?").writes).toEqual(["cars"]);
    expect(statementTables("update cars set sort_order = sort_order + 1 where id = ?").writes).toEqual(["cars"]);
    expect(statementTables("update cars set sort_order = sort_order, name = ? where id = ?").writes).toEqual(["cars"]);
  });

  it("ignores transaction control, pragmas and notifications", () => {
    for (const statement of ["begin", "commit", "rollback", "savepoint sp1", "pragma data_version", "select pg_notify($1, $2)", "select 1"]) {
      expect(statementTables(statement)).toEqual({ reads: [], writes: [] });
    }
  });
});

describe("TableChanges", () => {
  it("tells whether a table changed after a position, and tells listeners of durable changes only", () => {
    const changes = new TableChanges();
    const heard: string[][] = [];
    const local: string[][] = [];
    changes.onChange((tables) => heard.push([...tables]));
    changes.onLocalChange((tables) => local.push([...tables]));
    const start = changes.now();
    changes.changed(["cars"], { durable: false });
    expect(changes.since(start, ["cars"])).toBe(true);
    expect(changes.since(start, ["extras"])).toBe(false);
    expect(heard).toEqual([]);
    changes.changed(["extras"]);
    changes.changed(["settings"], { remote: true });
    expect(heard).toEqual([["extras"], ["settings"]]);
    expect(local).toEqual([["extras"]]);
    const later = changes.now();
    changes.changed([ANY_TABLE]);
    expect(changes.since(later, ["anything"])).toBe(true);
  });
});

describe("a watched database", () => {
  const watched = useWatchedDatabase();
  const open = watched.open;

  it("records the tables read inside a scope, across awaits", async () => {
    const { kysely } = await open();
    const scope: ReadScope = { tables: new Set() };
    await readScope(scope, async () => {
      await kysely.selectFrom("notes" as never).selectAll().execute();
      await new Promise((resolve) => setTimeout(resolve, 1));
      await sql`select * from tags`.execute(kysely);
    });
    await kysely.selectFrom("users").selectAll().execute().catch(() => {});
    expect([...scope.tables].sort()).toEqual(["notes", "tags"]);
  });

  it("reports a write at once outside a transaction, at commit inside one, and not after a rollback", async () => {
    const { kysely, changes } = await open();
    const heard: string[][] = [];
    changes.onChange((tables) => heard.push([...tables]));
    await sql`insert into notes (text) values ('a')`.execute(kysely);
    expect(heard).toEqual([["notes"]]);
    await kysely.transaction().execute(async (trx) => {
      await sql`insert into tags (name) values ('x')`.execute(trx);
      await sql`update notes set text = 'b'`.execute(trx);
      expect(heard).toEqual([["notes"]]);
    });
    expect(heard).toEqual([["notes"], ["tags", "notes"]]);
    await kysely
      .transaction()
      .execute(async (trx) => {
        await sql`delete from tags`.execute(trx);
        throw new Error("changed my mind");
      })
      .catch(() => {});
    expect(heard).toEqual([["notes"], ["tags", "notes"]]);
    // a page read while the rolled-back write was open is still not kept
    const before = changes.now();
    await kysely.transaction().execute(async (trx) => {
      await sql`delete from tags`.execute(trx);
      expect(changes.since(before, ["tags"])).toBe(true);
    });
  });

  it("is trusted on SQLite, and a commit by another connection counts as a change of every table", async () => {
    const first = await open();
    const other = openDatabase(watched.url());
    try {
      expect(first.changes.fresh()).toBe(true);
      const before = first.changes.now();
      expect(first.changes.since(before, ["notes"])).toBe(false);
      await sql`insert into tags (name) values ('elsewhere')`.execute(other.kysely);
      expect(first.changes.fresh()).toBe(true);
      expect(first.changes.since(before, ["notes"])).toBe(true);
    } finally {
      await other.close();
    }
    // a feed nobody vouches for (PostgreSQL before it listens) is not trusted
    expect(new TableChanges().fresh()).toBe(false);
  });

  it("notices a commit by another connection to the same SQLite file", async () => {
    const first = await open();
    const other = openDatabase(watched.url());
    try {
      first.writtenElsewhere?.(); // opening it may write (its pragmas)
      expect(first.writtenElsewhere?.()).toBe(false);
      await sql`insert into notes (text) values ('from elsewhere')`.execute(other.kysely);
      expect(first.writtenElsewhere?.()).toBe(true);
      expect(first.writtenElsewhere?.()).toBe(false);
      // its own writes are reported table by table instead
      await sql`insert into notes (text) values ('mine')`.execute(first.kysely);
      expect(first.writtenElsewhere?.()).toBe(false);
    } finally {
      await other.close();
    }
  });
});
