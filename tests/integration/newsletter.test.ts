import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18nextMiddleware } from "~/i18n/i18next.server";
import { action as newsletterAction } from "~/routes/site/newsletter";
import { subscribe } from "~/newsletter/newsletter.server";
import { newsletterSchema, normalizeEmail } from "~/newsletter/schema";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

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

describe.each(engines)("POST /newsletter redirects on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
  });
  afterAll(() => db.destroy());

  /** The action as React Router runs it: behind the language middleware, with the app context. */
  async function post(returnTo: string, email = "reader@example.com"): Promise<Response> {
    const request = new Request("http://localhost/newsletter", {
      method: "POST",
      body: new URLSearchParams({ email, returnTo }),
    });
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost" }, clientIp: `127.0.0.${Math.floor(Math.random() * 250)}` });
    let result: unknown;
    await i18nextMiddleware({ request, context, params: {}, unstable_pattern: "/newsletter" } as never, async () => {
      result = await newsletterAction({ request, context, params: {} } as never);
      return new Response();
    });
    return result as Response;
  }

  it("goes back to the page it came from", async () => {
    const response = await post("/fleet?category=vip");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/fleet?category=vip&newsletter=subscribed#newsletter");
  });

  for (const target of ["/.//evil.example", "//evil.example", "/\\evil.example", "https://evil.example", "%2F%2Fevil", "/%2F%2Fevil.example"]) {
    it(`never leaves the site for returnTo=${target}`, async () => {
      const response = await post(target, "not-an-email");
      expect(response.status).toBe(303);
      const location = response.headers.get("Location")!;
      expect(location).toBe("/?newsletter=invalid&newsletter_email=not-an-email#newsletter");
      expect(new URL(location, "http://localhost").origin).toBe("http://localhost");
    });
  }
});
