/**
 * The mail worker: delivers the outbox in the background. It runs a round at once when send()
 * queues a mail in this process, and otherwise every `pollMs` (mail queued by other instances,
 * retries whose delay has passed, rows whose lease expired after a crash). While rounds find work
 * it goes on without waiting, so a backlog drains at the transport's pace.
 */
import type { Kysely } from "kysely";
import type { Database } from "./db/schema";
import type { Logger } from "./logger.server";
import type { Mailer } from "./mail.server";

export interface MailWorker {
  /** Runs a round now (or right after the current one). */
  wake(): void;
  /** Resolves when the outbox has nothing due that this worker could claim (tests, the bench). */
  idle(): Promise<void>;
  /** Stops polling, lets the round in progress finish (a few seconds at most) and closes the SMTP pool. */
  stop(): Promise<void>;
}

export const DEFAULT_POLL_MS = 5_000;

export function startMailWorker(options: {
  db: Kysely<Database>;
  mailer: Mailer;
  log: Logger;
  pollMs?: number;
  /** rows claimed per round */
  batch?: number;
  /** how long stop() lets a round in progress finish before closing the connections */
  stopGraceMs?: number;
}): MailWorker {
  const { db, mailer, log } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;
  let idleWaiters: Array<() => void> = [];

  async function loop() {
    do {
      again = false;
      try {
        // Whatever a round claimed, more may be due: go on until a round finds nothing.
        const round = await mailer.deliverRound(db, options.batch);
        if (round.claimed > 0) again = true;
      } catch (error) {
        // The database is away: the next poll tries again.
        log.error({ err: error }, "mail worker round failed");
        break;
      }
    } while (again && !stopped);
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = null;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    });
  }

  const unsubscribe = mailer.onQueued(wake);
  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();

  return {
    wake,
    idle() {
      if (!running) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      // Let the round in progress finish if it can. A delivery stuck on a hanging server is left
      // behind: its row keeps its lease and is retried after it, with the same Message-ID.
      if (running) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([running, new Promise<void>((resolve) => (timer = setTimeout(resolve, options.stopGraceMs ?? 5_000)))]);
        clearTimeout(timer);
      }
      mailer.close();
    },
  };
}
