/**
 * The notify worker (DESIGN.md §8): takes the booking events the commands wrote in their
 * transactions (`booking_outbox`), one at a time, and hands each to `handleBookingEvent`, off the
 * request. A row is claimed by one statement (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so two
 * instances never take the same row; SQLite serialises writers) that stamps `claimed_at` and
 * `claimed_by`; a claim older than the lease (a worker that died) is taken again. Handled: marked
 * done; failed: retried after 1, 2, 4… minutes (at most 2 h), failed for good after 8 attempts.
 * Taken again after a crash, an event's outputs are not sent twice: each has a dedupe key.
 *
 * A server starts one worker (server/app.ts), which registers itself for its database: a command
 * then only wakes it, and the worker looks once wakes have stopped for 150 ms (10 s at most), so a
 * burst of bookings is answered first and mailed after (what app/booking/mail-later did). Without a worker for the database (a script, the tests' bare deps) the
 * command's own events are handled right after its commit (`eventsCommitted`), the same way.
 */
import { randomUUID } from "node:crypto";
import { PostgresAdapter, type Kysely, type Selectable } from "kysely";
import type { BookingOutboxTable, Database } from "~/server/db/schema";
import { fixedT } from "~/i18n/translate.server";
import { bookingRowById, type EventsOutcome, onEventsCommitted, readBookingEvent } from "~/booking/index.server";
import { handleBookingEvent, type EventHints, type EventOutcome, type NotifyDeps } from "./handlers.server";

type EventRow = Selectable<BookingOutboxTable>;

export const EVENT_LEASE_MS = 5 * 60_000;
/** A wake waits for this much quiet (no other wake)… */
const QUIET_MS = 150;
/** …but never longer than this: during a burst of bookings the requests get the CPU, the mails follow (issue 17). */
const MAX_DELAY_MS = 10_000;
export const MAX_EVENT_ATTEMPTS = 8;
const POLL_MS = 5_000;

/** After the n-th failed attempt: 1, 2, 4… minutes, at most 2 hours. */
const retryDelayMs = (attempts: number) => Math.min(2 * 3_600_000, 60_000 * 2 ** Math.max(0, attempts - 1));

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Deps as the commands hand them over; the `booking` namespace comes from the server's catalogues when not given. */
export type NotifyInput = Omit<NotifyDeps, "translator"> & Partial<Pick<NotifyDeps, "translator">>;
const withTranslator = (deps: NotifyInput): NotifyDeps => ({ ...deps, translator: deps.translator ?? ((lng) => fixedT(lng, "booking")) });

/**
 * Claims the oldest due event (of one booking when given), or none. PostgreSQL: the row is picked
 * with `FOR UPDATE SKIP LOCKED` and stamped in one short transaction (a subquery with LIMIT inside
 * the UPDATE may be run again per row by the planner and claim several); SQLite: one UPDATE whose
 * subquery runs once, writers being serialised.
 */
export async function claimEvent(db: Kysely<Database>, workerId: string, now: number, options: { bookingId?: string; leaseMs?: number } = {}): Promise<EventRow | undefined> {
  const at = new Date(now).toISOString();
  const stale = new Date(now - (options.leaseMs ?? EVENT_LEASE_MS)).toISOString();
  const due = (q: Kysely<Database>) => {
    const rows = q
      .selectFrom("booking_outbox")
      .select("id")
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", at)
      .where((w) => w.or([w("claimed_at", "is", null), w("claimed_at", "<=", stale)]));
    return (options.bookingId ? rows.where("booking_id", "=", options.bookingId) : rows).orderBy("created_at").orderBy("id").limit(1);
  };
  const stamp = (q: Kysely<Database>) =>
    q
      .updateTable("booking_outbox")
      .set((eb) => ({ claimed_at: at, claimed_by: workerId, attempts: eb("attempts", "+", 1) }))
      .where("status", "=", "pending")
      .where((eb) => eb.or([eb("claimed_at", "is", null), eb("claimed_at", "<=", stale)]));
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      const row = await due(trx).forUpdate().skipLocked().executeTakeFirst();
      return row ? stamp(trx).where("id", "=", row.id).returningAll().executeTakeFirst() : undefined;
    });
  }
  return stamp(db)
    .where("id", "in", () => due(db))
    .returningAll()
    .executeTakeFirst();
}

/** Handles a claimed event and records the outcome, unless the claim was lost meanwhile (its lease ran out). */
async function processEvent(deps: NotifyDeps, row: EventRow, now: () => number, handle: EventHandler, hints: EventHints = {}): Promise<EventOutcome & { failed: boolean }> {
  const ours = () => deps.db.updateTable("booking_outbox").where("id", "=", row.id).where("claimed_by", "=", row.claimed_by).where("claimed_at", "=", row.claimed_at).where("status", "=", "pending");
  try {
    const booking = await bookingRowById(deps.db, row.booking_id);
    // A booking deleted since has nobody left to tell.
    const outcome = booking ? await handle(deps, booking, readBookingEvent(row), hints) : { mailed: false };
    await ours().set({ status: "done", done_at: new Date(now()).toISOString(), last_error: null }).execute();
    return { ...outcome, failed: false };
  } catch (error) {
    const failed = row.attempts >= MAX_EVENT_ATTEMPTS;
    const line = { err: error, eventId: row.id, bookingId: row.booking_id, kind: row.kind, attempt: row.attempts, maxAttempts: MAX_EVENT_ATTEMPTS };
    if (failed) deps.log?.error(line, "booking event failed for good");
    else deps.log?.warn(line, "booking event failed, will retry");
    await ours()
      .set({
        claimed_at: null,
        claimed_by: null,
        last_error: error instanceof Error ? error.message : String(error),
        next_attempt_at: new Date(now() + retryDelayMs(row.attempts)).toISOString(),
        ...(failed ? { status: "failed" as const } : {}),
      })
      .execute()
      .catch((e: unknown) => deps.log?.error({ err: e, eventId: row.id }, "booking event outcome not recorded; its lease brings it back"));
    return { mailed: false, failed: true };
  }
}

export type EventHandler = typeof handleBookingEvent;

export interface NotifyWorker {
  /** Something was written: look for events now. */
  wake(): void;
  /** Resolves once no due event is left that this worker could take (tests, shutdown). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

const workers = new WeakMap<Kysely<Database>, Set<NotifyWorker>>();

export interface NotifyWorkerOptions {
  pollMs?: number;
  leaseMs?: number;
  /** the worker's clock in ms (tests move it past a dead worker's lease) */
  clock?: () => number;
  /** quiet after the last wake before looking, and the longest a wake waits for it */
  quietMs?: number;
  maxDelayMs?: number;
  /** how an event is handled (default `handleBookingEvent`; a test puts a crash in it) */
  handle?: EventHandler;
}

export function startNotifyWorker(input: NotifyInput, options: NotifyWorkerOptions = {}): NotifyWorker {
  const deps = withTranslator(input);
  const id = randomUUID();
  const clock = options.clock ?? (() => Date.now());
  const handle = options.handle ?? handleBookingEvent;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let quiet: NodeJS.Timeout | undefined;
  let firstWakeAt = 0;

  const round = async () => {
    do {
      again = false;
      while (!stopped) {
        let row: EventRow | undefined;
        try {
          row = await claimEvent(deps.db, id, clock(), { leaseMs: options.leaseMs });
        } catch (error) {
          // The database is away: the next poll tries again.
          deps.log?.error({ err: error }, "booking events could not be claimed");
          return;
        }
        if (!row) break;
        await processEvent(deps, row, clock, handle);
      }
    } while (again && !stopped);
  };
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = round().finally(() => (running = null));
    return running;
  };

  const timer = setInterval(() => void run(), options.pollMs ?? POLL_MS);
  timer.unref();
  const worker: NotifyWorker = {
    wake() {
      if (stopped) return;
      const now = Date.now();
      if (!firstWakeAt) firstWakeAt = now;
      clearTimeout(quiet);
      quiet = setTimeout(
        () => {
          quiet = undefined;
          firstWakeAt = 0;
          void run();
        },
        Math.max(0, Math.min(options.quietMs ?? QUIET_MS, firstWakeAt + (options.maxDelayMs ?? MAX_DELAY_MS) - now)),
      );
    },
    async drain() {
      while (running) await running;
      if (!stopped) await run();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(quiet);
      workers.get(deps.db)?.delete(worker);
      await running;
    },
  };
  const set = workers.get(deps.db) ?? new Set<NotifyWorker>();
  set.add(worker);
  workers.set(deps.db, set);
  void run();
  return worker;
}

/**
 * A command committed events of this booking: the database's worker is woken (`deferred`: it will
 * handle them), or, without one, the booking's due events are handled now (`mailed`: the guest was
 * mailed, `failed`: an event failed and waits for its retry).
 */
export async function eventsCommitted(input: NotifyInput, bookingId: string, hints: EventHints = {}): Promise<EventsOutcome> {
  const running = workers.get(input.db);
  if (running && running.size > 0) {
    for (const worker of running) worker.wake();
    return { deferred: true, mailed: false, failed: false };
  }
  const deps = withTranslator(input);
  const id = `inline-${randomUUID()}`;
  let mailed = false;
  let failed = false;
  for (;;) {
    const row = await claimEvent(deps.db, id, Date.now(), { bookingId });
    if (!row) break;
    const outcome = await processEvent(deps, row, () => Date.now(), handleBookingEvent, hints);
    mailed ||= outcome.mailed;
    failed ||= outcome.failed;
  }
  return { deferred: false, mailed, failed };
}

/**
 * Makes the booking commands' "events committed" call this module's (app/booking/events.server.ts):
 * once at server start and in the test setups. The commands receive their usual dependencies
 * (BookingDeps, or the status change's mailer and messenger), which carry what NotifyInput needs.
 */
export function registerNotify(): void {
  onEventsCommitted((deps, bookingId, hints) => eventsCommitted(deps as NotifyInput, bookingId, hints));
}
