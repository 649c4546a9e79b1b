/**
 * Confirmation mails written after the answer when bookings come in a burst (issue 17). Writing a
 * booking's two mails and its calendar file was about 40 % of a booking request's CPU; in a burst
 * (200 bookings at once) that time is better spent answering. A booking request runs start to end
 * without letting another in (its queries do not wait on I/O on SQLite), so the sign of a burst is
 * the pace: when more than `busyAt` other bookings came in the last BURST_MS (or requests overlap),
 * a new booking is stored with `mails_pending_at` set and answered at once, and this writer puts its
 * mails into the outbox once no booking has come for `quietMs` (at most `maxDelayMs` after the
 * first), stepping aside while requests are in progress. The outbox worker then sends them.
 *
 * Nothing is lost: the pending mark is stored with the booking in one transaction, and every
 * `sweepMs` (and at start) the writer also takes pending bookings left by a crash or by another
 * instance. The mails' dedupe keys make a booking written twice (two instances' sweeps) harmless.
 * A booking that is not part of a burst writes its mails inside the request, as before.
 */
import type { Logger } from "~/server/logger.server";
import { writePendingBookingMails, type BookingMailDeps, type MailLater } from "./bookings.server";

export interface MailLaterWriter extends MailLater {
  /** Resolves when nothing pending is waiting or being written (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface MailLaterOptions {
  deps: BookingMailDeps;
  log: Pick<Logger, "error" | "info" | "warn">;
  /** more bookings than this within BURST_MS (after the first): mails wait (-1: always, for tests) */
  busyAt?: number;
  quietMs?: number;
  maxDelayMs?: number;
  sweepMs?: number;
  /** a pending booking older than this is taken by the sweep of any instance */
  staleMs?: number;
}

export const DEFAULT_BUSY_AT = 2;
/** The window in which more than `busyAt` bookings make a burst. */
const BURST_MS = 250;

export function startMailLater(options: MailLaterOptions): MailLaterWriter {
  const { deps, log } = options;
  const busyAt = options.busyAt ?? DEFAULT_BUSY_AT;
  const quietMs = options.quietMs ?? 150;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  const staleMs = options.staleMs ?? 30_000;
  const mine = new Set<string>();
  let inProgress = 0;
  /** when the last bookings asked (busy() is asked once per booking) */
  const recent: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  let firstWaitAt = 0;
  let running: Promise<void> | null = null;
  let stopped = false;
  let waiters: Array<() => void> = [];

  const settle = () => {
    if (running || timer || mine.size > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  /** Writes when the server has been quiet for quietMs (at most maxDelayMs after the first wait). */
  const later = () => {
    if (stopped) return;
    const now = Date.now();
    if (!firstWaitAt) firstWaitAt = now;
    clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = undefined;
        void write();
      },
      Math.max(0, Math.min(quietMs, firstWaitAt + maxDelayMs - now)),
    );
  };

  async function pendingIds(): Promise<string[]> {
    const stale = new Date(Date.now() - staleMs).toISOString();
    const rows = await deps.db
      .selectFrom("bookings")
      .select("id")
      .where("mails_pending_at", "is not", null)
      .where("mails_pending_at", "<", stale)
      .orderBy("mails_pending_at")
      .limit(50)
      .execute();
    return [...new Set([...mine, ...rows.map((r) => r.id)])];
  }

  async function write() {
    if (running || stopped) return;
    running = (async () => {
      try {
        for (const id of await pendingIds()) {
          // A request came in: it goes first, the rest waits for the next quiet moment
          // (but never past maxDelayMs: under endless load the mails still go).
          const overdue = firstWaitAt > 0 && Date.now() - firstWaitAt >= maxDelayMs;
          if (inProgress > 0 && !stopped && !overdue) {
            later();
            return;
          }
          try {
            await writePendingBookingMails(deps, id);
            mine.delete(id);
          } catch (error) {
            log.error({ err: error, bookingId: id }, "pending booking mails could not be written; the sweep tries again");
            mine.delete(id);
          }
        }
      } catch (error) {
        log.error({ err: error }, "pending booking mails could not be read; the sweep tries again");
      }
    })();
    await running;
    running = null;
    if (mine.size === 0) firstWaitAt = 0;
    else if (!stopped && !timer) later();
    settle();
  }

  const sweep = setInterval(() => void write(), options.sweepMs ?? 60_000);
  sweep.unref();
  void write();

  return {
    enter() {
      inProgress++;
    },
    leave() {
      inProgress = Math.max(0, inProgress - 1);
    },
    busy() {
      // Requests run one after another on this thread (a booking rarely waits on I/O), so the sign
      // of a burst is their pace: more than `busyAt` bookings within BURST_MS.
      const now = Date.now();
      recent.push(now);
      while (recent.length > 0 && recent[0]! < now - BURST_MS) recent.shift();
      return inProgress > 1 || recent.length > busyAt + 1;
    },
    queued(id) {
      mine.add(id);
      later();
    },
    idle() {
      if (!running && !timer && mine.size === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    async stop() {
      stopped = true;
      clearInterval(sweep);
      clearTimeout(timer);
      timer = undefined;
      await running;
      settle();
    },
  };
}
