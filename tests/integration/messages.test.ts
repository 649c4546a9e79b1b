import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deleteMessage,
  deleteSubscriber,
  getMessage,
  listMessages,
  listSubscribers,
  markMessage,
  subscribersCsvStream,
  countUnreadMessages,
} from "~/messages/messages.server";
import { foldSearchText } from "~/utils/search-text";
import { engines, testDb, type TestDb } from "../setup/db";

describe.each(engines)("messages and subscribers on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
    for (let i = 0; i < 25; i++) {
      const name = i === 7 ? "Şükrü Öğüt" : `Guest ${i}`;
      const email = `guest${i}@example.com`;
      const message = i === 7 ? "İSTANBUL'dan transfer" : "Hello";
      await db.kysely
        .insertInto("contact_messages")
        .values({
          id: randomUUID(),
          name,
          email,
          phone: "+90 555 000 00 00",
          message,
          start_date: null,
          end_date: null,
          preferred_vehicle: null,
          locale: "tr",
          ip: null,
          read_at: i % 3 === 0 ? new Date().toISOString() : null,
          search_text: foldSearchText(name, email, "+90 555 000 00 00", message),
          created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        })
        .execute();
      const sub = i === 3 ? "=cmd@evil.com" : `reader${i}@example.com`;
      await db.kysely
        .insertInto("newsletter_subscribers")
        .values({ id: randomUUID(), email: sub, email_normalized: sub.toLowerCase(), locale: "de", created_at: new Date(Date.UTC(2026, 0, 2, 0, i)).toISOString() })
        .execute();
    }
  });
  afterAll(() => db.destroy());

  it("lists messages newest first, 20 a page, filtered by read state and search", async () => {
    const first = await listMessages(db.kysely, {});
    expect(first.total).toBe(25);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.name).toBe("Guest 24");
    expect((await listMessages(db.kysely, {}, 2)).items).toHaveLength(5);
    expect((await listMessages(db.kysely, { read: "read" })).total).toBe(9);
    expect((await listMessages(db.kysely, { read: "unread" })).total).toBe(16);
    expect(await countUnreadMessages(db.kysely)).toBe(16);
    const found = await listMessages(db.kysely, { q: "sukru istanbul" });
    expect(found.items).toHaveLength(0);
    expect((await listMessages(db.kysely, { q: "ŞÜKRÜ" })).items.map((m) => m.name)).toEqual(["Şükrü Öğüt"]);
    expect((await listMessages(db.kysely, { q: "istanbul" })).items.map((m) => m.name)).toEqual(["Şükrü Öğüt"]);
  });

  it("marks read and unread, and deletes", async () => {
    const target = (await listMessages(db.kysely, { q: "şükrü" })).items[0]!;
    expect(await markMessage(db.kysely, target.id, true)).toBe(true);
    expect((await getMessage(db.kysely, target.id))?.read_at).not.toBeNull();
    await markMessage(db.kysely, target.id, false);
    expect((await getMessage(db.kysely, target.id))?.read_at).toBeNull();
    expect(await deleteMessage(db.kysely, target.id)).toBe(true);
    expect(await getMessage(db.kysely, target.id)).toBeUndefined();
    expect(await markMessage(db.kysely, target.id, true)).toBe(false);
  });

  it("lists, searches and deletes subscribers", async () => {
    expect((await listSubscribers(db.kysely, undefined)).total).toBe(25);
    expect((await listSubscribers(db.kysely, "READER1")).total).toBe(11);
    const one = (await listSubscribers(db.kysely, "reader24")).items[0]!;
    expect(await deleteSubscriber(db.kysely, one.id)).toBe(true);
    expect((await listSubscribers(db.kysely, undefined)).total).toBe(24);
  });

  it("exports subscribers as CSV with a BOM and injection-safe cells", async () => {
    const reader = subscribersCsvStream(db.kysely, undefined, 5).getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toBe("E-posta;Dil;Kayıt Tarihi");
    expect(lines).toHaveLength(25);
    expect(lines).toContain("'=cmd@evil.com;de;02.01.2026 03:03");
  });
});
