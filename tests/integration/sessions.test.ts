import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/auth/users.server";
import { createSession, destroySession, readSession, sessionExpiry, tokenFrom, SESSION_COOKIE } from "~/auth/session.server";
import { engines, testDb, type TestDb } from "../setup/db";

describe("session token parsing", () => {
  it("reads a bearer token before the cookie and ignores malformed ones", () => {
    const token = "a".repeat(43);
    expect(tokenFrom(new Request("http://x/", { headers: { authorization: `Bearer ${token}` } }))).toBe(token);
    expect(tokenFrom(new Request("http://x/", { headers: { cookie: `lng=tr; ${SESSION_COOKIE}=${token}` } }))).toBe(token);
    expect(tokenFrom(new Request("http://x/", { headers: { cookie: `${SESSION_COOKIE}=bad token;` } }))).toBeUndefined();
    expect(tokenFrom(new Request("http://x/", { headers: { authorization: "Basic abc" } }))).toBeUndefined();
  });

  it("computes the expiry from the timeout, or 30 days when remembered", () => {
    const now = new Date("2026-01-01T00:00:00.000Z");
    expect(sessionExpiry(now, 30, false).toISOString()).toBe("2026-01-01T00:30:00.000Z");
    expect(sessionExpiry(now, 30, true).toISOString()).toBe("2026-01-31T00:00:00.000Z");
  });
});

describe.each(engines)("sessions on %s", (engine) => {
  let db: TestDb;
  let userId: string;
  beforeAll(async () => {
    db = await testDb(engine);
    userId = (await createUser(db.kysely, { email: "admin@example.com", password: "secret123", role: "admin", name: "Ofis" })).id;
  });
  afterAll(() => db.destroy());

  it("stores only the token's hash and reads the session back with its user", async () => {
    const { token } = await createSession(db.kysely, userId, { remember: false });
    const rows = await db.kysely.selectFrom("sessions").select("id").execute();
    expect(rows.map((r) => r.id)).not.toContain(token);
    const session = await readSession(db.kysely, token);
    expect(session?.user).toMatchObject({ email: "admin@example.com", role: "admin", name: "Ofis" });
    expect(await readSession(db.kysely, "x".repeat(43))).toBeUndefined();
  });

  it("slides the expiry when used and forgets an expired session", async () => {
    const t0 = new Date("2030-01-01T10:00:00.000Z");
    const { token } = await createSession(db.kysely, userId, { remember: false, now: t0 });
    const later = new Date(t0.getTime() + 20 * 60_000);
    expect((await readSession(db.kysely, token, later))?.expiresAt).toBe("2030-01-01T10:50:00.000Z");
    expect(await readSession(db.kysely, token, new Date(later.getTime() + 31 * 60_000))).toBeUndefined();
    expect(await readSession(db.kysely, token, later)).toBeUndefined(); // deleted, not just hidden
  });

  it("ends a session on sign-out", async () => {
    const { token } = await createSession(db.kysely, userId, { remember: true });
    await destroySession(db.kysely, token);
    expect(await readSession(db.kysely, token)).toBeUndefined();
  });
});
