/**
 * An outbox worker (mail: mail.server.ts; WhatsApp and SMS: messaging/outbox.server.ts): delivers
 * an outbox in the background. It looks for due rows at once when something is queued in this
 * process, and otherwise every `pollMs` (rows queued by other instances, retries whose delay has
 * passed, rows whose lease expired after a crash).
 *
 * A queued row is looked for once the server has been quiet for `quietMs` (no other row queued
 * meanwhile), and at the latest `maxDelayMs` after the first: during a burst of bookings the
 * requests get the CPU, and the mail follows (issue 17).
 *
 * Up to `outbox.concurrency` deliveries are in flight at once, each on its own: whenever one ends
 * (or a row is queued) the free places are filled with newly claimed rows. So a backlog drains at
 * the transport's pace, and a server that hangs on one message holds one place, not the queue.
 */
import { PostgresAdapter, type Kysely, type Selectable } from "kysely";
import type { Database } from "./db/schema";
import type { Logger } from "./logger.server";

/** The outboxes' tables: each has status, attempts, next_attempt_at and locked_until. */
export type OutboxTable = "mail_outbox" | "message_outbox" | "partner_webhook_deliveries";

/**
 * Claims up to `limit` due rows of an outbox table with a lease until `lockedUntil`, counting the
 * attempt: pending, due by `now`, not leased by a live worker, oldest due first. On PostgreSQL the
 * due rows are locked as they are picked and rows another worker is claiming are skipped (FOR UPDATE
 * SKIP LOCKED), so two instances' workers share a backlog instead of queueing behind one another's
 * claims; the outer WHERE re-checks the lease all the same. SQLite serialises writers.
 */
export function claimDueRows<T extends OutboxTable>(
  db: Kysely<Database>,
  table: T,
  window: { now: string; lockedUntil: string; limit: number },
  /** only rows whose `column` is one of `values` (the message outbox: the channels it can send) */
  only?: { column: "channel"; values: readonly string[] },
): Promise<Array<Selectable<Database[T]>>> {
  const { now, lockedUntil, limit } = window;
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // One query for three tables with the same outbox columns: built on those columns, typed by the table.
  const untyped = db as unknown as Kysely<{ outbox: OutboxColumns }>;
  const name = table as unknown as "outbox";
  return untyped
    .updateTable(name)
    .set((eb) => ({ locked_until: lockedUntil, attempts: eb("attempts", "+", 1) }))
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
    .where("id", "in", (eb) => {
      let due = eb
        .selectFrom(name)
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", now)
        .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<=", now)]));
      if (only) due = due.where(only.column, "in", [...only.values]);
      const ordered = due.orderBy("next_attempt_at").limit(limit);
      return pg ? ordered.forUpdate().skipLocked() : ordered;
    })
    .returningAll()
    .execute() as unknown as Promise<Array<Selectable<Database[T]>>>;
}

/** The columns every outbox table has (claimDueRows). */
interface OutboxColumns {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  channel: string;
}

/** What a worker needs of an outbox: claim rows with a lease, deliver one, hear of new rows. */
export interface Outbox<Row> {
  /** deliveries run at once */
  readonly concurrency: number;
  /** Claims up to `limit` due rows with a lease (two workers never get the same row). */
  claim(db: Kysely<Database>, limit: number): Promise<Row[]>;
  /** Sends one claimed row and records the outcome; never throws for a delivery failure. */
  deliverClaimed(db: Kysely<Database>, row: Row): Promise<boolean>;
  /** Called when a row is queued or woken in this process; returns an unsubscribe. */
  onQueued(listener: () => void): () => void;
  /** Closes the outbox's connections when the worker stops. */
  close(): void;
}

export interface OutboxWorker {
  /** Looks for due mail now (or right after the claim in progress). */
  wake(): void;
  /** Resolves when nothing is in flight and the last look found no more due mail (tests, the bench). */
  idle(): Promise<void>;
  /** Stops looking, lets deliveries in flight finish (a few seconds at most) and closes the SMTP pool. */
  stop(): Promise<void>;
}

export const DEFAULT_POLL_MS = 5_000;
/** A queued row waits for this much quiet… */
export const DEFAULT_QUIET_MS = 100;
/** …but never longer than this. */
export const DEFAULT_MAX_DELAY_MS = 5_000;

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  log: Logger;
  pollMs?: number;
  /** how long stop() lets deliveries in flight finish before closing the connections */
  stopGraceMs?: number;
  /** quiet after the last queued row before looking (default DEFAULT_QUIET_MS) */
  quietMs?: number;
  /** the longest a queued row waits for quiet (default DEFAULT_MAX_DELAY_MS) */
  maxDelayMs?: number;
}

export function startOutboxWorker<Row>(options: OutboxWorkerOptions & { outbox: Outbox<Row>; /** for the log: "mail", "message" */ name: string }): OutboxWorker {
  const { db, outbox, log } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let claiming = false;
  let again = false;
  let idleWaiters: Array<() => void> = [];
  let quiet: NodeJS.Timeout | undefined;
  let firstQueuedAt = 0;
  const quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
  const maxDelayMs = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;

  function settleIdle() {
    if (claiming || inFlight.size > 0 || quiet) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  async function fill() {
    claiming = true;
    try {
      do {
        again = false;
        const free = outbox.concurrency - inFlight.size;
        if (free <= 0) break; // a delivery that ends calls wake()
        const rows = await outbox.claim(db, free);
        for (const row of rows) {
          const delivery = outbox.deliverClaimed(db, row).finally(() => {
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
      log.error({ err: error, outbox: options.name }, `${options.name} worker could not claim rows`);
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

  /** A row was queued here: look once no other row has come for `quietMs` (or `maxDelayMs` passed). */
  function queued() {
    if (stopped) return settleIdle();
    const now = Date.now();
    if (!quiet) firstQueuedAt = now;
    clearTimeout(quiet);
    quiet = setTimeout(
      () => {
        quiet = undefined;
        wake();
      },
      Math.max(0, Math.min(quietMs, firstQueuedAt + maxDelayMs - now)),
    );
  }

  const unsubscribe = outbox.onQueued(queued);
  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();

  return {
    wake,
    idle() {
      if (!claiming && inFlight.size === 0 && !quiet) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(quiet);
      quiet = undefined;
      unsubscribe();
      // Deliveries stuck on a hanging server are left behind: their rows keep the lease and are
      // retried after it, with the same Message-ID.
      if (claiming || inFlight.size > 0) {
        let timeout: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => (timeout = setTimeout(resolve, options.stopGraceMs ?? 5_000)));
        await Promise.race([grace, new Promise<void>((resolve) => idleWaiters.push(resolve))]);
        clearTimeout(timeout);
      }
      outbox.close();
    },
  };
}
