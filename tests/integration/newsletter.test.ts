import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribe } from "~/newsletter/newsletter.server";
import { newsletterSchema, normalizeEmail } from "~/newsletter/schema";
import { engines, testDb, type TestDb } from "../setup/db";

describe.each(engines)("newsletter on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
  });
  afterAll(() => db.destroy());

  it("stores a new address once and reports a repeat (any case) as already subscribed", async () => {
    expect(await subscribe(db.kysely, { email: "Guest@Example.com", locale: "de" })).toBe("subscribed");
    expect(await subscribe(db.kysely, { email: "guest@example.com", locale: "en" })).toBe("already");
    expect(await subscribe(db.kysely, { email: " GUEST@EXAMPLE.COM ", locale: "ru" })).toBe("already");
    const rows = await db.kysely.selectFrom("newsletter_subscribers").selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ email: "Guest@Example.com", email_normalized: "guest@example.com", locale: "de" })]);
  });

  it("survives concurrent sign-ups of the same address", async () => {
    const results = await Promise.all([1, 2, 3].map(() => subscribe(db.kysely, { email: "race@example.com", locale: "en" })));
    expect(results.filter((r) => r === "subscribed")).toHaveLength(1);
    const count = await db.kysely.selectFrom("newsletter_subscribers").where("email_normalized", "=", "race@example.com").selectAll().execute();
    expect(count).toHaveLength(1);
  });
});

describe("newsletter input", () => {
  it("accepts a trimmed e-mail and rejects anything else", () => {
    expect(newsletterSchema.parse({ email: " a@b.co " })).toEqual({ email: "a@b.co" });
    for (const email of ["", "a@", "not an email", `${"x".repeat(200)}@example.com`]) {
      expect(newsletterSchema.safeParse({ email }).success, email).toBe(false);
    }
    expect(normalizeEmail(" A@B.Co ")).toBe("a@b.co");
  });
});
