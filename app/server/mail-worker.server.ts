/**
 * The mail worker: delivers mail_outbox in the background (the outbox worker of
 * outbox-worker.server.ts over the mailer).
 */
import type { Mailer } from "./mail.server";
import { startOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from "./outbox-worker.server";

export { DEFAULT_POLL_MS } from "./outbox-worker.server";
export type MailWorker = OutboxWorker;

export function startMailWorker(options: OutboxWorkerOptions & { mailer: Mailer }): MailWorker {
  return startOutboxWorker({ ...options, outbox: options.mailer, name: "mail" });
}
