/**
 * The mail worker: delivers the outbox in the background. It looks for due mail at once when
 * send() queues one in this process, and otherwise every `pollMs` (mail queued by other
 * instances, retries whose delay has passed, rows whose lease expired after a crash).
 *
 * Up to `mailer.concurrency` deliveries are in flight at once, each on its own: whenever one ends
 * (or mail is queued) the free places are filled with newly claimed rows. So a backlog drains at
 * the transport's pace, and a server that hangs on one message holds one place, not the queue.
 */
import type { Kysely } from "kysely";
import type { Database } from "./db/schema";
import type { Logger } from "./logger.server";
import type { Mailer } from "./mail.server";

export interface MailWorker {
  /** Looks for due mail now (or right after the claim in progress). */
  wake(): void;
  /** Resolves when nothing is in flight and the last look found no more due mail (tests, the bench). */
  idle(): Promise<void>;
  /** Stops looking, lets deliveries in flight finish (a few seconds at most) and closes the SMTP pool. */
  stop(): Promise<void>;
}

export const DEFAULT_POLL_MS = 5_000;

export function startMailWorker(options: {
  db: Kysely<Database>;
  mailer: Mailer;
  log: Logger;
  pollMs?: number;
  /** how long stop() lets deliveries in flight finish before closing the connections */
  stopGraceMs?: number;
}): MailWorker {
  const { db, mailer, log } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let claiming = false;
  let again = false;
  let idleWaiters: Array<() => void> = [];

  function settleIdle() {
    if (claiming || inFlight.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  async function fill() {
    claiming = true;
    try {
      do {
        again = false;
        const free = mailer.concurrency - inFlight.size;
        if (free <= 0) break; // a delivery that ends calls wake()
        const rows = await mailer.claim(db, free);
        for (const row of rows) {
          const delivery = mailer.deliverClaimed(db, row).finally(() => {
            inFlight.delete(delivery);
            wake();
          });
          inFlight.add(delivery);
        }
        // As many as there was room for: there may be more.
        if (rows.length === free) again = true;
      } while (again && !stopped);
    } catch (error) {
      // The database is away: the next poll tries again.
      log.error({ err: error }, "mail worker could not claim mail");
    } finally {
      claiming = false;
      settleIdle();
    }
  }

  function wake() {
    if (stopped) return settleIdle();
    if (claiming) {
      again = true;
      return;
    }
    void fill();
  }

  const unsubscribe = mailer.onQueued(wake);
  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();

  return {
    wake,
    idle() {
      if (!claiming && inFlight.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      // Deliveries stuck on a hanging server are left behind: their rows keep the lease and are
      // retried after it, with the same Message-ID.
      if (claiming || inFlight.size > 0) {
        let timeout: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => (timeout = setTimeout(resolve, options.stopGraceMs ?? 5_000)));
        await Promise.race([grace, new Promise<void>((resolve) => idleWaiters.push(resolve))]);
        clearTimeout(timeout);
      }
      mailer.close();
    },
  };
}
