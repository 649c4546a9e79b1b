import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { LOG_OPTIONS } from "./logger.server";
import { SECRET_LINK_ROUTES, redactLogValue, redactText } from "./redact";
import { secretLinkKind } from "./http/link-guard.server";

const GUEST = "Gx9_aQ-3mZt7PqLw2VbN8cRk";
const JOB = "J0b-Tk_5sd8f7g6h5j4k3l2m1n";
const RESET = "rSt_Y7u6i5o4p3a2s1d0f9g8h7j6k5";
const ENROL = "eNr0l-Q1w2e3r4t5y6u7i8o9p0";
const VERIFY = "whatsapp-verify-6f5e4d3c2b1a";
const API = "vt_live_9a8b7c6d5e4f3a2b1c0d";
const SECRETS = [GUEST, JOB, RESET, ENROL, VERIFY, API, "Hunter2-pass!", "492817"];

/** A logger built as the app's (LOG_OPTIONS), writing its lines into an array. */
function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ ...LOG_OPTIONS, level: "debug" }, sink), lines };
}

describe("log redaction", () => {
  it("replaces every secret link part and query value in a text, and keeps the rest", () => {
    expect(redactText(`/my-booking/${GUEST}`)).toBe("/my-booking/[redacted]");
    expect(redactText(`/my-booking/${GUEST}/calendar.ics?lng=de`)).toBe("/my-booking/[redacted]/calendar.ics?lng=de");
    expect(redactText(`/my-booking/${GUEST}.data?_routes=routes%2Fsite%2Fmy-booking`)).toBe("/my-booking/[redacted].data?_routes=routes%2Fsite%2Fmy-booking");
    expect(redactText(`https://vip.example/job/${JOB}?done=completed`)).toBe("https://vip.example/job/[redacted]?done=completed");
    expect(redactText(`/admin/reset-password/${RESET}`)).toBe("/admin/reset-password/[redacted]");
    expect(redactText(`/admin/setup-two-factor/${ENROL}`)).toBe("/admin/setup-two-factor/[redacted]");
    expect(redactText(`/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=42`)).toBe(
      "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=42",
    );
    expect(redactText(`/api/cars?access_token=${API}&page=2`)).toBe("/api/cars?access_token=[redacted]&page=2");
    // React Router's route discovery names the paths percent-encoded, several in one parameter
    expect(redactText(`/__manifest?paths=%2F%2Cadmin%2Freset-password%2F${RESET}%2C%2Fjob%2F${JOB}&version=1`)).toBe(
      "/__manifest?paths=%2F%2Cadmin%2Freset-password%2F[redacted]%2C%2Fjob%2F[redacted]&version=1",
    );
    // nothing secret: unchanged
    expect(redactText("/admin/bookings/b-123?edit=1")).toBe("/admin/bookings/b-123?edit=1");
    expect(redactText("/my-booking/[redacted]")).toBe("/my-booking/[redacted]");
  });

  it("blanks secret keys at any depth, turns errors into redacted text, and leaves its input alone", () => {
    const input = { user: "office@example.com", body: { password: "Hunter2-pass!", nested: [{ token: API }] }, code: "not_found", totp: "492817" };
    expect(redactLogValue(input)).toEqual({ user: "office@example.com", body: { password: "[redacted]", nested: [{ token: "[redacted]" }] }, code: "not_found", totp: "[redacted]" });
    expect(input.body.password).toBe("Hunter2-pass!");
    const error = redactLogValue(new TypeError(`fetch http://127.0.0.1/job/${JOB} failed`)) as Error;
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("fetch http://127.0.0.1/job/[redacted] failed");
    expect(error.stack).not.toContain(JOB);
    const loop: Record<string, unknown> = { url: `/my-booking/${GUEST}` };
    loop.self = loop;
    expect(redactLogValue(loop)).toEqual({ url: "/my-booking/[redacted]", self: "[…]" });
  });

  it("no line the logger writes holds a secret: request, error, message, child bindings and worker lines", () => {
    const { log, lines } = capture();
    log.info({ method: "GET", url: `/my-booking/${GUEST}`, status: 200, ms: 3.2 }, "request");
    log.info({ method: "POST", url: `/job/${JOB}.data`, status: 303 }, "request");
    log.warn({ err: new Error(`no such link /admin/reset-password/${RESET}`), url: `/admin/reset-password/${RESET}` }, "request refused");
    log.error(new Error(`enrolment at https://vip.example/admin/setup-two-factor/${ENROL} failed`));
    log.info(`verify ${"/api/webhooks/whatsapp?hub.verify_token=" + VERIFY}`);
    log.child({ url: `/my-booking/${GUEST}/calendar.ics` }).warn({ form: { password: "Hunter2-pass!", totp: "492817", email: "a@b.c" } }, "sign-in refused");
    log.info({ mail: { to: "guest@example.com", text: `Your booking: https://vip.example/my-booking/${GUEST}\nDriver: /job/${JOB}` } }, "mail queued");
    log.info({ headers: { authorization: `Bearer ${API}` } }, "api call");
    expect(lines).toHaveLength(8);
    const all = lines.join("");
    for (const secret of SECRETS) expect(all, secret).not.toContain(secret);
    // what is not secret is still there to read
    expect(all).toContain('"url":"/my-booking/[redacted]"');
    expect(all).toContain("/job/[redacted].data");
    expect(all).toContain('"email":"a@b.c"');
    expect(all).toContain("no such link /admin/reset-password/[redacted]");
    expect(JSON.parse(lines[3]!).msg).toBe("enrolment at https://vip.example/admin/setup-two-factor/[redacted] failed");
    // an error keeps its class's name in the line
    expect(JSON.parse(lines[2]!).err.type).toBe("Error");
  });

  it("redacts and guards the same secret links, read from one list", () => {
    for (const [kind, route] of Object.entries(SECRET_LINK_ROUTES)) {
      expect(redactText(`/${route}/${GUEST}`)).toBe(`/${route}/[redacted]`);
      expect(secretLinkKind(`/${route}/${GUEST}`)).toBe(kind);
      expect(secretLinkKind(`/${route}/${GUEST}.data`)).toBe(kind);
    }
    expect(secretLinkKind(`/my-booking/${GUEST}/calendar.ics`)).toBe("booking");
    expect(secretLinkKind("/my-booking/")).toBeNull();
    expect(secretLinkKind("/admin/bookings/b-1")).toBeNull();
    expect(secretLinkKind("/jobs/x")).toBeNull();
    expect(secretLinkKind(`/offer/${GUEST}`)).toBe("offer");
    expect(redactText(`Angebot ansehen und annehmen: https://vip.example/offer/${GUEST}?lng=de`)).toBe("Angebot ansehen und annehmen: https://vip.example/offer/[redacted]?lng=de");
    expect(secretLinkKind("/offers/x")).toBeNull();
  });
});
