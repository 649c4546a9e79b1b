/**
 * A task run now and then every `intervalMs`, never twice at once, off the event loop's keep-alive
 * (the reminders, the release of unpaid holds). The task catches its own errors; `stop` waits for
 * a round in flight.
 */
export interface Periodic {
  stop(): Promise<void>;
}

export function startPeriodic(task: () => Promise<void>, intervalMs: number): Periodic {
  let current: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (current || stopped) return;
    current = task().finally(() => (current = undefined));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
