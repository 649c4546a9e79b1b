/**
 * Secret links cannot be guessed at leisure (issue 28): an address whose link requests keep finding
 * nothing is answered 429 with Retry-After, in its language, once past the limit; it is logged as
 * one warning; other addresses are not touched; and no guessed token reaches the log.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_GUESS_RULE } from "~/server/http/link-guard.server";
import { engines } from "../setup/db";
import { send, startServer, type RunningServer } from "../setup/server";

const token = () => randomBytes(24).toString("base64url");

describe.each(engines)("secret-link guessing (%s)", (engine) => {
  let server: RunningServer;
  beforeAll(async () => {
    // The client address from X-Forwarded-For, as behind the reverse proxy (loopback trusted).
    server = await startServer(engine, { TRUST_PROXY: "loopback" });
  }, 240_000);
  afterAll(() => server?.stop());

  const open = (path: string, address: string, language = "de") =>
    send(server.port, { method: "GET", path, headers: { "X-Forwarded-For": address, "Accept-Language": language } });

  it("throttles one address after its misses, says so in its language with Retry-After, logs it once and never the tokens", async () => {
    const guessed: string[] = [];
    const paths = ["/my-booking/", "/job/", "/admin/reset-password/", "/my-booking/"];
    for (let i = 0; i <= LINK_GUESS_RULE.limit; i++) {
      const guess = token();
      guessed.push(guess);
      const answer = await open(`${paths[i % paths.length]}${guess}`, "203.0.113.7");
      expect([404, 410], `miss ${i + 1}`).toContain(answer.status);
    }
    // past the limit: refused before any lookup, a job link and a calendar file alike
    const refused = await open(`/job/${token()}`, "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(LINK_GUESS_RULE.windowMs / 1000);
    expect(refused.body).toContain("Zu viele Versuche");
    const calendar = await open(`/my-booking/${token()}/calendar.ics`, "203.0.113.7", "ru");
    expect(calendar.status).toBe(429);
    expect(calendar.headers["retry-after"]).toBeDefined();
    // another address is not touched
    expect((await open(`/my-booking/${token()}`, "198.51.100.20", "en")).status).toBe(404);
    // a page that is not a secret link is not touched either
    expect((await open("/fleet", "203.0.113.7")).status).toBe(200);

    await expect.poll(() => server.output().stdout.split("\n").filter((l) => l.includes('"event":"link_guessing"')).length).toBe(1);
    const warning = JSON.parse(server.output().stdout.split("\n").find((l) => l.includes('"event":"link_guessing"'))!) as Record<string, unknown>;
    expect(warning).toMatchObject({ level: 40, address: "203.0.113.7", misses: LINK_GUESS_RULE.limit + 1 });
    const log = server.output().stdout + server.output().stderr;
    expect(log).toContain("/my-booking/[redacted]");
    for (const guess of guessed) expect(log).not.toContain(guess);
  });
});
