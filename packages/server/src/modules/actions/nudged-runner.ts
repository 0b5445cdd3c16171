/**
 * Runs `work` when nudged and every `intervalMs`, never two runs at once: a nudge during a run makes one more run right
 * after it (so what arrived meanwhile is not left for the next tick), and a failed run is logged and tried again on the
 * next nudge or tick. The dispatcher and the job worker run this way.
 */
export function startNudgedRunner(options: {
  work: () => Promise<unknown>;
  intervalMs: number;
  log: { error(object: unknown, message: string): void };
  /** What the log says when a run fails. */
  failure: string;
}) {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  /** Runs now, or once more right after the run in progress; resolves when that run is over. */
  function nudge(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await options.work();
        } catch (error) {
          options.log.error({ err: error }, options.failure);
        }
      } while (again && !closed);
      running = null;
    })();
    return running;
  }

  const timer = setInterval(() => void nudge(), options.intervalMs);
  timer.unref();

  return {
    nudge,
    /** Stops running and waits for the run in progress. */
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
