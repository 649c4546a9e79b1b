import type { AddressInfo } from "node:net";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "~/server/mail.server";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });

interface Received {
  to: string[];
  body: string;
}

/** A local SMTP server that accepts (or refuses) mail like a real relay. */
async function fakeSmtp(refuse = false) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let body = "";
      stream.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      stream.on("end", () => {
        if (refuse) return callback(new Error("mailbox unavailable"));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(engines)("mail on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
  });
  afterAll(() => db.destroy());

  it("keeps mail in the outbox when no SMTP is configured", async () => {
    const mailer = createMailer({ from: "Office <office@example.com>", log });
    const id = await mailer.send(db.kysely, { to: "guest@example.com", subject: "Hello", text: "Body", kind: "test" });
    const row = await db.kysely.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", attempts: 0, to_address: "guest@example.com" });
    expect(await mailer.deliverDue(db.kysely)).toBe(0);
  });

  it("delivers over SMTP and marks the message sent", async () => {
    const smtp = await fakeSmtp();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: "Office <office@example.com>", log });
      const id = await mailer.send(db.kysely, { to: "guest@example.com", subject: "Rezervasyonunuz", text: "Teşekkürler, Çağrı", kind: "test", locale: "tr" });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(["guest@example.com"]);
      const row = await db.kysely.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.status).toBe("sent");
      expect(row.sent_at).toBeTruthy();
    } finally {
      await smtp.close();
    }
  });

  it("keeps a refused message for a later retry, and retries only when due", async () => {
    const smtp = await fakeSmtp(true);
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: "office@example.com", log });
      const id = await mailer.send(db.kysely, { to: "guest@example.com", subject: "S", text: "T", kind: "test" });
      const row = await db.kysely.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.last_error).toMatch(/mailbox unavailable/);
      expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
      expect(await mailer.deliverDue(db.kysely)).toBe(0); // not due yet
    } finally {
      await smtp.close();
    }
    const smtpOk = await fakeSmtp();
    try {
      await db.kysely.updateTable("mail_outbox").set({ next_attempt_at: new Date(0).toISOString() }).where("status", "=", "pending").where("attempts", "=", 1).execute();
      const mailer = createMailer({ smtpUrl: smtpOk.url, from: "office@example.com", log });
      // The retried message, and the one kept in the outbox before SMTP existed.
      expect(await mailer.deliverDue(db.kysely)).toBe(2);
      expect(smtpOk.received).toHaveLength(2);
      const left = await db.kysely.selectFrom("mail_outbox").select("id").where("status", "=", "pending").execute();
      expect(left).toEqual([]);
    } finally {
      await smtpOk.close();
    }
  });
});
