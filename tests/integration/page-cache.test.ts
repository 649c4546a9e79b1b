/**
 * The page cache (issue 17) against the real server: public pages and JSON come from memory with
 * an ETag and a CDN-friendly Cache-Control, an office edit drops exactly the answers that read the
 * edited table, and nothing personal is ever kept.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { engines } from "../setup/db";
import { apiToken, officeCookie, send, startServer, type RawResponse, type RunningServer } from "../setup/server";

describe.each(engines)("the page cache on %s", (engine) => {
  let server: RunningServer;
  let bearer = "";
  let cookie = "";

  const get = (path: string, headers: Record<string, string> = {}) => send(server.port, { method: "GET", path, headers });
  const cacheOf = (res: RawResponse) => res.headers["x-cache"];

  beforeAll(async () => {
    server = await startServer(engine);
    bearer = await apiToken(server);
    cookie = await officeCookie(server);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
  });

  async function firstCar(): Promise<{ id: string; name: string }> {
    const list = JSON.parse((await get("/api/cars")).body) as { data: Array<{ id: string; name: string }> };
    return list.data[0]!;
  }

  async function renameCar(id: string, name: string) {
    const res = await send(server.port, {
      method: "PATCH",
      path: `/api/cars/${id}`,
      headers: { "content-type": "application/json", authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ name }),
    });
    expect(res.status, res.body).toBe(200);
  }

  it("serves a public page from memory the second time, with an ETag, 304 on revalidation and a CDN-friendly Cache-Control", async () => {
    const first = await get("/fleet?lng=en");
    expect(first.status).toBe(200);
    const second = await get("/fleet?lng=en");
    expect(cacheOf(second)).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.headers["etag"]).toMatch(/^"[\w-]+"$/);
    expect(second.headers["cache-control"]).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
    expect(second.headers["vary"]).toMatch(/Accept-Language/);
    expect(second.headers["content-type"]).toMatch(/^text\/html/);
    // the page and its nonced policy stay one answer
    const nonce = /nonce="([^"]+)"/.exec(second.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers["content-security-policy"]).toContain(`'nonce-${nonce}'`);
    // the ?lng= choice is still kept in the cookie
    expect(String(second.headers["set-cookie"])).toMatch(/^lng=/);

    const again = await get("/fleet?lng=en", { "if-none-match": second.headers["etag"] as string });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers["content-security-policy"]).toBe(second.headers["content-security-policy"]);

    const head = await send(server.port, { method: "HEAD", path: "/fleet?lng=en" });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(Number(head.headers["content-length"])).toBe(Buffer.byteLength(second.body));
  });

  it("sends a compressed copy to a browser that takes one", async () => {
    await get("/about?lng=de");
    // compressed off the request: until then such a browser is answered by the app, compressing on the fly
    const br = await vi.waitFor(
      async () => {
        const answer = await get("/about?lng=de", { "accept-encoding": "gzip, deflate, br" });
        expect(cacheOf(answer)).toBe("hit");
        expect(answer.headers["content-encoding"]).toBe("br");
        return answer;
      },
      { timeout: 10_000, interval: 50 },
    );
    const gz = await get("/about?lng=de", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["etag"]).toBe(br.headers["etag"]);
  });

  it("keeps one answer per language, from the URL, the cookie or the browser's languages", async () => {
    const byHeader = async (headers: Record<string, string>) => {
      await get("/services", headers);
      const res = await get("/services", headers);
      expect(cacheOf(res)).toBe("hit");
      return /<html lang="(\w+)"/.exec(res.body)?.[1];
    };
    expect(await byHeader({ "accept-language": "de-DE,de;q=0.9" })).toBe("de");
    expect(await byHeader({ "accept-language": "ru" })).toBe("ru");
    // the cookie as the site sets it wins over the browser's languages; one it cannot read does not
    const turkish = `lng=${encodeURIComponent(Buffer.from(JSON.stringify("tr")).toString("base64"))}`;
    expect(await byHeader({ cookie: turkish, "accept-language": "ru" })).toBe("tr");
    expect(await byHeader({ cookie: "lng=garbage", "accept-language": "de" })).toBe("de");
    expect(await byHeader({ cookie: "lng=garbage", "accept-language": "ru" })).toBe("ru");
    expect(await byHeader({})).toBe("en");
  });

  it("drops exactly what read the edited table: a car's new name is on the fleet and in /api/cars at once, the extras stay kept", async () => {
    await get("/api/extras");
    expect(cacheOf(await get("/api/extras"))).toBe("hit");
    await get("/fleet?lng=en");
    await get("/api/cars");
    expect(cacheOf(await get("/api/cars"))).toBe("hit");

    const car = await firstCar();
    const name = `${car.name.slice(0, 40)} Yeni ${Date.now() % 100000}`;
    await renameCar(car.id, name);

    const fleet = await get("/fleet?lng=en");
    expect(cacheOf(fleet)).toBe("miss");
    expect(fleet.body).toContain(name);
    const cars = await get("/api/cars");
    expect(cacheOf(cars)).toBe("miss");
    expect(cars.body).toContain(name);
    expect(cacheOf(await get("/api/cars"))).toBe("hit");
    // the extras read no car
    expect(cacheOf(await get("/api/extras"))).toBe("hit");
    await renameCar(car.id, car.name);
  });

  /** A booking through the public API, `hours` from now (Istanbul time). */
  async function book(carId: string, hours: number, key: string) {
    const when = new Date(Date.now() + hours * 3_600_000 + 3 * 3_600_000).toISOString().slice(0, 16);
    return send(server.port, {
      method: "POST",
      path: "/api/bookings",
      headers: { "content-type": "application/json", "idempotency-key": key, "accept-language": "en" },
      body: JSON.stringify({
        trip_type: "oneWay",
        pickup_location: "Antalya Havalimanı (AYT)",
        pickup_place_id: "ayt-airport",
        dropoff_location: "Belek",
        pickup_date: `${when}:00+03:00`,
        passengers: 1,
        car_id: carId,
        full_name: "Cache Guest",
        email: "cache.guest@example.com",
        phone: "+90 532 123 45 67",
        flight_number: "TK 2412",
      }),
    });
  }

  it("keeps the fleet through a booking: the car's lock changes no car", async () => {
    await get("/fleet?lng=en");
    await get("/api/cars");
    expect(cacheOf(await get("/api/cars"))).toBe("hit");
    const car = await firstCar();
    const booked = await book(car.id, 24 * 40 + 7, `cache-lock-${engine}`);
    expect(booked.status, booked.body).toBe(201);
    expect(cacheOf(await get("/api/cars"))).toBe("hit");
    expect(cacheOf(await get("/fleet?lng=en"))).toBe("hit");
  });

  it("applies a settings change to the next booking (the kept settings are read again)", async () => {
    const settings = async () => JSON.parse((await send(server.port, { method: "GET", path: "/api/settings", headers: { authorization: `Bearer ${bearer}` } })).body).data as { booking: { leadTimeHours: number } };
    const put = async (body: unknown) => {
      const res = await send(server.port, { method: "PUT", path: "/api/settings", headers: { "content-type": "application/json", authorization: `Bearer ${bearer}` }, body: JSON.stringify(body) });
      expect(res.status, res.body).toBe(200);
    };
    const before = await settings();
    const car = await firstCar();
    // 30 hours ahead is fine with the default lead time (4 h)…
    expect((await book(car.id, 30, `cache-lead-1-${engine}`)).status).toBe(201);
    await put({ ...before, booking: { ...before.booking, leadTimeHours: 72 } });
    try {
      // …and too soon once the office asks for 72 h
      const refused = await book(car.id, 36, `cache-lead-2-${engine}`);
      expect(refused.status, refused.body).toBe(400);
      expect(JSON.parse(refused.body).error.reason).toBe("booking:errors.tooSoon");
    } finally {
      await put(before);
    }
    expect((await book(car.id, 42, `cache-lead-3-${engine}`)).status).toBe(201);
  });

  it("never keeps or serves a personal answer: a signed-in session, a bearer token, a form with errors, the private booking page", async () => {
    await get("/?lng=en");
    const signedIn = await get("/?lng=en", { cookie });
    expect(cacheOf(signedIn)).toBeUndefined();
    expect(signedIn.headers["cache-control"]).toBe("private, no-cache");
    const api = await get("/api/cars", { authorization: `Bearer ${bearer}` });
    expect(cacheOf(api)).toBeUndefined();
    expect(api.headers["cache-control"]).not.toMatch(/public/);

    const posted = await send(server.port, {
      method: "POST",
      path: "/contact?lng=en",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.base },
      body: new URLSearchParams({ name: "", email: "not-an-email", message: "" }).toString(),
    });
    expect(cacheOf(posted)).toBeUndefined();
    const page = await get("/contact?lng=en");
    expect(page.body).not.toContain("not-an-email");

    const mine = await get("/my-booking/abcdefabcdefabcdefabcdef?lng=en");
    expect(cacheOf(mine)).toBeUndefined();
    expect(mine.headers["cache-control"]).toBe("no-store");
    const admin = await get("/admin/login");
    expect(cacheOf(admin)).toBeUndefined();
  });
});
