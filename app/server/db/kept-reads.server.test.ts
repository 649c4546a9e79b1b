import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./connection.server";
import { keptRead } from "./kept-reads.server";
import { readScope, TableChanges, type ReadScope } from "./table-watch.server";
import { useWatchedDatabase } from "./watched-db.test-helper";

describe("keptRead", () => {
  const watched = useWatchedDatabase();

  async function open() {
    const db = await watched.open();
    await sql`insert into notes (text) values ('first')`.execute(db.kysely);
    return db;
  }

  /** Counts the reads that reached the database. */
  function counted(kysely: Kysely<never>) {
    const reads = { count: 0 };
    const read = async () => {
      reads.count++;
      return (await sql<{ text: string }>`select text from notes order by id`.execute(kysely)).rows;
    };
    return { reads, read };
  }

  it("counts as a read of its tables in the work's read scope, also when answered from memory (the page cache depends on them)", async () => {
    const { kysely } = await open();
    const { reads, read } = counted(kysely as unknown as Kysely<never>);
    await keptRead(kysely, "notes", ["notes"], read);
    const scope: ReadScope = { tables: new Set() };
    await readScope(scope, () => keptRead(kysely, "notes", ["notes"], read));
    expect(reads.count).toBe(1);
    expect([...scope.tables]).toEqual(["notes"]);
  });

  it("reads once until its table changes, then exactly once more", async () => {
    const { kysely } = await open();
    const { reads, read } = counted(kysely as unknown as Kysely<never>);
    expect(await keptRead(kysely, "notes", ["notes"], read)).toEqual([{ text: "first" }]);
    await keptRead(kysely, "notes", ["notes"], read);
    expect(reads.count).toBe(1);
    // another table's change keeps it
    await sql`insert into tags (name) values ('x')`.execute(kysely);
    await keptRead(kysely, "notes", ["notes"], read);
    expect(reads.count).toBe(1);
    await sql`insert into notes (text) values ('second')`.execute(kysely);
    expect(await keptRead(kysely, "notes", ["notes"], read)).toEqual([{ text: "first" }, { text: "second" }]);
    await keptRead(kysely, "notes", ["notes"], read);
    expect(reads.count).toBe(2);
  });

  it("is dropped at a change committed inside a transaction, and reads the database inside one", async () => {
    const { kysely } = await open();
    const { reads, read } = counted(kysely as unknown as Kysely<never>);
    await keptRead(kysely, "notes", ["notes"], read);
    await kysely.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('in a transaction')`.execute(trx);
      // the transaction's own handle is never served from memory
      const inside = counted(trx as unknown as Kysely<never>);
      expect(await keptRead(trx, "notes", ["notes"], inside.read)).toHaveLength(2);
      expect(inside.reads.count).toBe(1);
    });
    expect(await keptRead(kysely, "notes", ["notes"], read)).toHaveLength(2);
    expect(reads.count).toBe(2);
  });

  it("reads again after another connection writes to the file", async () => {
    const { kysely } = await open();
    const { reads, read } = counted(kysely as unknown as Kysely<never>);
    await keptRead(kysely, "notes", ["notes"], read);
    const other = openDatabase(watched.url());
    try {
      await sql`insert into notes (text) values ('from a script')`.execute(other.kysely);
    } finally {
      await other.close();
    }
    expect(await keptRead(kysely, "notes", ["notes"], read)).toHaveLength(2);
    expect(reads.count).toBe(2);
  });

  it("keeps nothing on a feed that is not trusted (PostgreSQL not listening) or a handle without one", async () => {
    const { kysely, changes } = await open();
    const { reads, read } = counted(kysely as unknown as Kysely<never>);
    changes.trustWhen(() => false);
    await keptRead(kysely, "notes", ["notes"], read);
    await keptRead(kysely, "notes", ["notes"], read);
    expect(reads.count).toBe(2);
    const unwatched = {};
    let plain = 0;
    await keptRead(unwatched, "x", ["notes"], async () => ++plain);
    await keptRead(unwatched, "x", ["notes"], async () => ++plain);
    expect(plain).toBe(2);
    expect(new TableChanges().fresh()).toBe(false);
  });

  it("hands out a frozen value: a caller cannot change what the next one gets", async () => {
    const { kysely } = await open();
    const { read } = counted(kysely as unknown as Kysely<never>);
    const rows = await keptRead(kysely, "notes", ["notes"], read);
    expect(Object.isFrozen(rows)).toBe(true);
    expect(() => {
      (rows[0] as { text: string }).text = "changed";
    }).toThrow(TypeError);
    expect((await keptRead(kysely, "notes", ["notes"], read))[0]!.text).toBe("first");
  });

  it("forgets a read that failed", async () => {
    const { kysely } = await open();
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls === 1) throw new Error("database busy");
      return "ok";
    };
    await expect(keptRead(kysely, "flaky", ["notes"], flaky)).rejects.toThrow("database busy");
    expect(await keptRead(kysely, "flaky", ["notes"], flaky)).toBe("ok");
    expect(await keptRead(kysely, "flaky", ["notes"], flaky)).toBe("ok");
    expect(calls).toBe(2);
  });
});
