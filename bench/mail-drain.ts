/**
 * `npm run bench` (mail part): 1,000 mails queued through mailer.send() in a fresh SQLite database,
 * then drained by the mail worker (pooled SMTP, bounded concurrency) into a local smtp-server on
 * loopback. Prints the time and mails per second; nothing is asserted. BENCH_MAILS changes the count.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import pino from "pino";
import { migrateToLatest, openDatabase } from "~/server/db/connection.server";
import { createMailer } from "~/server/mail.server";
import { startMailWorker } from "~/server/mail-worker.server";
import { fakeSmtp } from "../tests/fakes/smtp";

const TOTAL = Number(process.env.BENCH_MAILS ?? 1_000);
const log = pino({ level: "warn" });

const dir = mkdtempSync(join(tmpdir(), "vt-mail-bench-"));
const db = openDatabase(`file:${join(dir, "bench.db")}`);
const smtp = await fakeSmtp();
try {
  await migrateToLatest(db);
  // Queue first (no SMTP yet), as a backlog left by an outage would be.
  const queue = createMailer({ from: "Lykia <no-reply@example.com>", log });
  const queued = performance.now();
  for (let i = 0; i < TOTAL; i++) {
    await queue.send(db.kysely, {
      to: `guest${i}@example.com`,
      subject: `Your transfer booking VT-${String(i).padStart(6, "0")}`,
      text: `Dear guest ${i},\n\nthank you for your booking.\n`.repeat(10),
      html: `<p>Dear guest ${i},</p><p>thank you for your booking.</p>`.repeat(10),
      kind: "booking-confirmation",
      dedupeKey: `bench:${i}`,
    });
  }
  const queueMs = performance.now() - queued;

  const mailer = createMailer({ smtpUrl: smtp.url, from: "Lykia <no-reply@example.com>", log });
  const started = performance.now();
  const worker = startMailWorker({ db: db.kysely, mailer, log });
  while (smtp.received.length < TOTAL) await new Promise((resolve) => setTimeout(resolve, 10));
  await worker.idle();
  const ms = performance.now() - started;
  await worker.stop();
  const sent = await db.kysely.selectFrom("mail_outbox").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "sent").executeTakeFirst();

  console.log(`mail outbox drain (SQLite, smtp-server on loopback, ${mailer.concurrency} at once)`);
  console.log(`  queued ${TOTAL} mails through send(): ${(queueMs / 1000).toFixed(2)} s`);
  console.log(`  drained ${TOTAL} mails: ${(ms / 1000).toFixed(2)} s, ${Math.round((TOTAL / ms) * 1000)} mails/s (rows sent: ${Number(sent?.n)}, received: ${smtp.received.length})`);
} finally {
  await smtp.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
