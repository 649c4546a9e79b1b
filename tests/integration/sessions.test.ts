import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/auth/users.server";
import { createSession, destroySession, readSession, sessionCookie, sessionExpiry, signedSessionValue, tokenFrom, SESSION_COOKIE } from "~/auth/session.server";
import { engines, testDb, type TestDb } from "../setup/db";

describe("session token parsing", () => {
  const secret = "current-session-secret-of-32-chars-at-least";
  const oldSecret = "older-session-secret-of-32-chars-at-least";
  const cookieRequest = (cookie: string) => new Request("http://x/", { headers: { cookie } });

  it("reads a raw bearer token before the cookie and ignores malformed ones", async () => {
    const token = "a".repeat(43);
    expect(await tokenFrom(new Request("http://x/", { headers: { authorization: `Bearer ${token}` } }), secret)).toBe(token);
    expect(await tokenFrom(new Request("http://x/", { headers: { authorization: "Basic abc" } }), secret)).toBeUndefined();
  });

  it("reads only a cookie signed with SESSION_SECRET", async () => {
    const token = "b".repeat(43);
    const header = await sessionCookie(secret, token, false, true);
    expect(header).toMatch(/^vt_session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(header).not.toContain(token);
    const value = await signedSessionValue(secret, token);
    expect(await tokenFrom(cookieRequest(`lng=tr; ${SESSION_COOKIE}=${encodeURIComponent(value)}`), secret)).toBe(token);
    // unsigned (the raw token, or its encoding without a signature), forged and tampered cookies are no session
    expect(await tokenFrom(cookieRequest(`${SESSION_COOKIE}=${token}`), secret)).toBeUndefined();
    expect(await tokenFrom(cookieRequest(`${SESSION_COOKIE}=${encodeURIComponent(value.split(".")[0]!)}`), secret)).toBeUndefined();
    const forged = await signedSessionValue("an-attacker-guessed-secret-of-32-chars", token);
    expect(await tokenFrom(cookieRequest(`${SESSION_COOKIE}=${encodeURIComponent(forged)}`), secret)).toBeUndefined();
    const other = await signedSessionValue(secret, "c".repeat(43));
    const tampered = `${(await signedSessionValue(secret, "d".repeat(43))).split(".")[0]}.${other.split(".")[1]}`;
    expect(await tokenFrom(cookieRequest(`${SESSION_COOKIE}=${encodeURIComponent(tampered)}`), secret)).toBeUndefined();
    expect(await tokenFrom(cookieRequest(`${SESSION_COOKIE}=bad token;`), secret)).toBeUndefined();
    // without a secret no cookie is trusted
    expect(await tokenFrom(cookieRequest(`${SESSION_COOKIE}=${encodeURIComponent(value)}`), undefined)).toBeUndefined();
  });

  it("keeps cookies signed with an older secret working after rotation, and signs new ones with the first", async () => {
    const token = "e".repeat(43);
    const before = await signedSessionValue(oldSecret, token);
    const rotated = `${secret},${oldSecret}`;
    expect(await tokenFrom(cookieRequest(`${SESSION_COOKIE}=${encodeURIComponent(before)}`), rotated)).toBe(token);
    expect(await signedSessionValue(rotated, token)).toBe(await signedSessionValue(secret, token));
    // once the old secret is dropped, its cookies end
    expect(await tokenFrom(cookieRequest(`${SESSION_COOKIE}=${encodeURIComponent(before)}`), secret)).toBeUndefined();
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
