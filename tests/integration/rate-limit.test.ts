import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hitRateLimit, pruneRateLimits, resetRateLimit } from "~/server/rate-limit.server";
import { engines, testDb, type TestDb } from "../setup/db";

describe.each(engines)("rate limits on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
  });
  afterAll(() => db.destroy());

  const rule = { limit: 3, windowMs: 60_000 };
  const t0 = new Date("2026-06-01T12:00:00.000Z");
  const at = (ms: number) => new Date(t0.getTime() + ms);

  it("allows the limit, refuses the next hit, and opens again when the window ends", async () => {
    expect((await hitRateLimit(db.kysely, "login:1.2.3.4", rule, at(0))).remaining).toBe(2);
    await hitRateLimit(db.kysely, "login:1.2.3.4", rule, at(1000));
    expect((await hitRateLimit(db.kysely, "login:1.2.3.4", rule, at(2000))).allowed).toBe(true);
    const refused = await hitRateLimit(db.kysely, "login:1.2.3.4", rule, at(20_000));
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfter: 40 });
    expect((await hitRateLimit(db.kysely, "login:1.2.3.4", rule, at(60_000))).allowed).toBe(true);
  });

  it("counts keys separately and forgets a key on reset", async () => {
    for (let i = 0; i < 4; i++) await hitRateLimit(db.kysely, "login:a", rule, at(i));
    expect((await hitRateLimit(db.kysely, "login:b", rule, at(5))).allowed).toBe(true);
    await resetRateLimit(db.kysely, "login:a");
    expect((await hitRateLimit(db.kysely, "login:a", rule, at(6))).remaining).toBe(2);
  });

  it("counts concurrent hits exactly", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => hitRateLimit(db.kysely, "burst", { limit: 5, windowMs: 60_000 }, at(0))));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("prunes old windows", async () => {
    await pruneRateLimits(db.kysely, at(24 * 3600_000));
    const left = await db.kysely.selectFrom("rate_limits").selectAll().execute();
    expect(left).toEqual([]);
  });
});
