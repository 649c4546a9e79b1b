/**
 * The outbox and its worker against real SMTP servers on loopback (tests/fakes/smtp.ts): requests
 * only write, the worker claims with a lease, times out on a server that hangs, backs off, marks
 * failures without dropping them, dedupes, and two workers never send the same row.
 * Time is moved with a faked Date only (sockets keep their real timers).
 */
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMailer, DEFAULT_TIMEOUTS, MAX_ATTEMPTS, messageIdFor, retryDelayMs, transportUrl, type Mailer } from "~/server/mail.server";
import { startMailWorker } from "~/server/mail-worker.server";
import { listOutbox, resendMail } from "~/server/outbox.server";
import { fakeSmtp, silentSmtp } from "../fakes/smtp";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });
const FROM = "Office <office@example.com>";
/** Short enough for a test, long enough for a loopback server that answers. */
const SHORT = { connectionMs: 2_000, greetingMs: 2_000, socketMs: 400 };

/** Waits for a condition (vitest's expect.poll, on real timers), failing with what it waited for. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeout = 15_000) {
  await expect.poll(check, { timeout, interval: 20, message: `waiting for ${what}` }).toBe(true);
}

/** Moves the (faked) clock forward; only Date is faked. */
function travel(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(Date.now() + ms));
}

describe("the SMTP transport", () => {
  it("is pooled with timeouts, and SMTP_URL's own options win", () => {
    const url = new URL(transportUrl("smtps://us%40er:p%3Ass@smtp.example.com:465?socketTimeout=30000", DEFAULT_TIMEOUTS, 8));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      socketTimeout: "30000",
      pool: "true",
      maxConnections: "8",
      connectionTimeout: "10000",
      greetingTimeout: "10000",
    });
    expect([url.protocol, url.username, url.password, url.host]).toEqual(["smtps:", "us%40er", "p%3Ass", "smtp.example.com:465"]);
  });
});

describe.each(engines)("mail outbox and worker on %s", (engine) => {
  let db: TestDb;
  const servers: Array<{ close(): Promise<void> }> = [];
  const mailers: Mailer[] = [];
  const mailerFor = (smtpUrl: string | undefined, extra: Parameters<typeof createMailer>[0] extends infer O ? Partial<O> : never = {}) => {
    const mailer = createMailer({ smtpUrl, from: FROM, log, timeouts: SHORT, ...extra });
    mailers.push(mailer);
    return mailer;
  };
  const server = async (mode?: Parameters<typeof fakeSmtp>[0]) => {
    const s = await fakeSmtp(mode);
    servers.push(s);
    return s;
  };
  const row = (id: string) => db.kysely.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const message = (n = 1) => ({ to: `guest${n}@example.com`, subject: `Hello ${n}`, text: `Body ${n}`, kind: "contact-message" as const });

  beforeEach(async () => {
    db = await testDb(engine);
  });
  afterEach(async () => {
    vi.useRealTimers();
    for (const m of mailers.splice(0)) m.close();
    for (const s of servers.splice(0)) await s.close();
    await db.destroy();
  });

  it("keeps mail in the outbox when no SMTP is configured", async () => {
    const mailer = mailerFor(undefined);
    const id = await mailer.send(db.kysely, message());
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 0, to_address: "guest1@example.com", locked_until: null });
    expect(mailer.smtp).toBe(false);
    expect(await mailer.deliverDue(db.kysely)).toBe(0);
  });

  it("send() only writes the outbox: a hanging SMTP server is never contacted by the request", async () => {
    const smtp = await server("hang");
    const mailer = mailerFor(smtp.url, { timeouts: { connectionMs: 60_000, greetingMs: 60_000, socketMs: 60_000 } });
    const id = await mailer.send(db.kysely, message());
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 0, locked_until: null, last_error: null });
    expect(smtp.hanging + smtp.answered).toBe(0);
  });

  it("the worker is woken by send() and delivers with a stable Message-ID", async () => {
    const smtp = await server();
    const mailer = mailerFor(smtp.url);
    const worker = startMailWorker({ db: db.kysely, mailer, log, pollMs: 60_000 });
    try {
      const id = await mailer.send(db.kysely, { ...message(), subject: "Rezervasyonunuz", text: "Teşekkürler, Çağrı", locale: "tr" });
      await until(async () => (await row(id)).status === "sent", "the mail to be sent");
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ to: ["guest1@example.com"], messageId: messageIdFor(id, FROM) });
      expect(messageIdFor(id, FROM)).toBe(`<${id}@example.com>`);
      expect(await row(id)).toMatchObject({ attempts: 1, locked_until: null, last_error: null });
      expect((await row(id)).sent_at).toBeTruthy();
    } finally {
      await worker.stop();
    }
  });

  it("sends every mail with the office's address as Reply-To, read from settings when it goes out", async () => {
    const smtp = await server();
    let office: string | undefined = "info@lykiavip.com.tr";
    const mailer = mailerFor(smtp.url, { replyTo: async () => office });
    await mailer.send(db.kysely, message(1));
    expect(await mailer.deliverDue(db.kysely)).toBe(1);
    expect(smtp.received[0]!.body).toMatch(/^Reply-To: info@lykiavip\.com\.tr\r?$/m);
    expect(smtp.received[0]!.body).toMatch(/^From: Office <office@example\.com>\r?$/m);
    // without an address to answer, no Reply-To
    office = undefined;
    await mailer.send(db.kysely, message(2));
    expect(await mailer.deliverDue(db.kysely)).toBe(1);
    expect(smtp.received[1]!.body).not.toMatch(/^Reply-To:/m);
  });

  it("times out on a server that never answers DATA, records the attempt, backs off, then delivers", async () => {
    const smtp = await server("hang");
    const mailer = mailerFor(smtp.url);
    const id = await mailer.send(db.kysely, message());
    expect(await mailer.deliverDue(db.kysely)).toBe(0);
    expect(smtp.hanging).toBe(1);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, locked_until: null });
    expect(failed.last_error).toMatch(/timeout/i);
    expect(Date.parse(failed.next_attempt_at)).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5_000);

    // Not due yet: nothing is tried.
    expect(await mailer.deliverDue(db.kysely)).toBe(0);
    expect(smtp.hanging).toBe(1);

    // The server behaves again, and the delay has passed.
    smtp.mode = "accept";
    travel(retryDelayMs(1) + 1_000);
    expect(await mailer.deliverDue(db.kysely)).toBe(1);
    expect(smtp.received.map((m) => m.messageId)).toEqual([messageIdFor(id, FROM)]);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
  });

  it("times out on a server that accepts the connection and never greets", async () => {
    const silent = await silentSmtp();
    servers.push(silent);
    const mailer = mailerFor(silent.url, { timeouts: { connectionMs: 2_000, greetingMs: 300, socketMs: 2_000 } });
    const id = await mailer.send(db.kysely, message());
    expect(await mailer.deliverDue(db.kysely)).toBe(0);
    expect(silent.connections).toBeGreaterThan(0);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.last_error).toMatch(/greeting/i);
  });

  it("marks a message failed after the last attempt, keeps it, and sends it again on resend", async () => {
    const smtp = await server("refuse");
    const mailer = mailerFor(smtp.url);
    const id = await mailer.send(db.kysely, message());
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await mailer.deliverDue(db.kysely)).toBe(0);
      travel(retryDelayMs(attempt) + 1_000);
    }
    expect(smtp.answered).toBe(MAX_ATTEMPTS);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(failed.last_error).toMatch(/mailbox unavailable/);
    // Failed rows are not retried by the worker…
    expect(await mailer.deliverDue(db.kysely)).toBe(0);
    expect(smtp.answered).toBe(MAX_ATTEMPTS);
    const page = await listOutbox(db.kysely, "failed");
    expect(page.counts).toEqual({ pending: 0, sent: 0, failed: 1 });
    expect(page.items).toEqual([expect.objectContaining({ id, resendable: true, attempts: MAX_ATTEMPTS })]);

    // …until someone resends them: pending, attempts from zero, due now.
    expect(await resendMail(db.kysely, id)).toBe(true);
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await resendMail(db.kysely, id)).toBe(false); // a fresh pending row is not stuck
    smtp.mode = "accept";
    expect(await mailer.deliverDue(db.kysely)).toBe(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await resendMail(db.kysely, id)).toBe(false); // a sent row stays sent
  });

  it("a dedupe key stores a mail once, even after it was sent", async () => {
    const smtp = await server();
    const mailer = mailerFor(smtp.url);
    const first = await mailer.send(db.kysely, { ...message(), dedupeKey: "booking-confirmation:b1" });
    const again = await mailer.send(db.kysely, { ...message(), subject: "Other", dedupeKey: "booking-confirmation:b1" });
    expect(again).toBe(first);
    expect(await mailer.deliverDue(db.kysely)).toBe(1);
    expect(await mailer.send(db.kysely, { ...message(), dedupeKey: "booking-confirmation:b1" })).toBe(first);
    expect(await mailer.deliverDue(db.kysely)).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect((await row(first)).subject).toBe("Hello 1");
    const other = await mailer.send(db.kysely, { ...message(), dedupeKey: "booking-confirmation:b2" });
    expect(other).not.toBe(first);
    expect((await db.kysely.selectFrom("mail_outbox").select("id").execute()).length).toBe(2);
  });

  it("a row left claimed by a crashed worker is retried only after its lease", async () => {
    const hanging = await server("hang");
    // The "crashed" worker: it claimed the row and is stuck in DATA (long timeouts).
    const crashed = mailerFor(hanging.url, { timeouts: { connectionMs: 60_000, greetingMs: 60_000, socketMs: 60_000 }, leaseMs: 60_000 });
    const id = await crashed.send(db.kysely, message());
    const stuck = crashed.deliverRound(db.kysely);
    await until(() => hanging.hanging === 1, "the first worker to reach DATA");
    const claimed = await row(id);
    expect(claimed).toMatchObject({ status: "pending", attempts: 1 });
    expect(Date.parse(claimed.locked_until!)).toBeGreaterThan(Date.now());

    const smtp = await server();
    const healthy = mailerFor(smtp.url);
    expect(await healthy.deliverDue(db.kysely)).toBe(0); // the lease holds
    expect(smtp.received).toHaveLength(0);

    travel(60_000 + 1_000);
    expect(await healthy.deliverDue(db.kysely)).toBe(1);
    expect(smtp.received.map((m) => m.messageId)).toEqual([messageIdFor(id, FROM)]);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, locked_until: null });

    // The old worker's connection finally breaks; its lease is gone, so it cannot undo the delivery.
    await hanging.close();
    await stuck;
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
  });

  it("two workers over one database never send the same row, and a backlog drains", async () => {
    const smtp = await server();
    const ids: string[] = [];
    for (let n = 0; n < 60; n++) ids.push(await mailerFor(undefined).send(db.kysely, message(n)));
    const a = mailerFor(smtp.url, { concurrency: 4 });
    const b = mailerFor(smtp.url, { concurrency: 4 });
    const workers = [
      startMailWorker({ db: db.kysely, mailer: a, log, pollMs: 60_000 }),
      startMailWorker({ db: db.kysely, mailer: b, log, pollMs: 60_000 }),
    ];
    try {
      await until(() => smtp.received.length >= 60, "60 mails");
      await Promise.all(workers.map((w) => w.idle()));
      expect(smtp.received).toHaveLength(60);
      expect(new Set(smtp.received.map((m) => m.messageId))).toEqual(new Set(ids.map((id) => messageIdFor(id, FROM))));
      const rows = await db.kysely.selectFrom("mail_outbox").select(["status", "attempts"]).execute();
      expect(rows.every((r) => r.status === "sent" && Number(r.attempts) === 1)).toBe(true);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });
});

// PostgreSQL only: SQLite has no row locks (it serialises writers, and a process has one connection).
describe.each(engines.filter((e) => e === "postgres"))("mail claims across instances on %s", (engine) => {
  let db: TestDb;
  beforeEach(async () => {
    db = await testDb(engine);
  });
  afterEach(async () => {
    await db.destroy();
  });

  it("a claim skips the rows another worker is claiming (FOR UPDATE SKIP LOCKED) instead of waiting for them", async () => {
    const queue = createMailer({ from: FROM, log });
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) ids.push(await queue.send(db.kysely, { to: `guest${n}@example.com`, subject: `Hello ${n}`, text: `Body ${n}`, kind: "contact-message" }));
    const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:9", from: FROM, log, timeouts: SHORT });
    try {
      const claimedMeanwhile = await db.kysely.transaction().execute(async (trx) => {
        // Another instance's claim in progress: it holds the two oldest rows' locks until it commits.
        const held = await trx.selectFrom("mail_outbox").select("id").orderBy("next_attempt_at").limit(2).forUpdate().execute();
        expect(held).toHaveLength(2);
        let timer: NodeJS.Timeout | undefined;
        const waited = new Promise<"waited">((resolve) => (timer = setTimeout(() => resolve("waited"), 5_000)));
        const rows = await Promise.race([mailer.claim(db.kysely, 10), waited]);
        clearTimeout(timer);
        return { held: held.map((r) => r.id), rows };
      });
      expect(claimedMeanwhile.rows).not.toBe("waited");
      const got = (claimedMeanwhile.rows as Array<{ id: string }>).map((r) => r.id);
      expect(got.sort()).toEqual(ids.filter((id) => !claimedMeanwhile.held.includes(id)).sort());
    } finally {
      mailer.close();
    }
  });
});
