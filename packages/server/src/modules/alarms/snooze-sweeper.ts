import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.js';
import type { LiveEvents } from '../ingest/live-events.js';
import { type AlarmChange, alarmEventsOf, applyAlarmInput } from './engine.js';
import { createAlarmsRepo } from './repo.js';

const SWEEP_EVERY_MS = 5_000;
/** Alarms ended per transaction; a longer backlog is taken by the next rounds of the same sweep. */
const BATCH = 200;

/**
 * Every few seconds: ends the snoozes that are due (activatedFromSnooze, latched, or autoAcknowledgedFromSnooze as
 * the state machine decides) and publishes what changed. An alarm a user changed meanwhile is taken next time.
 */
export function startSnoozeSweeper({
  db,
  publish,
  log,
  intervalMs = SWEEP_EVERY_MS,
  now = Date.now,
}: {
  db: Database;
  publish: LiveEvents['publish'];
  log: FastifyBaseLogger;
  intervalMs?: number;
  now?: () => number;
}) {
  const repo = createAlarmsRepo(db);

  async function sweep(): Promise<AlarmChange[]> {
    const at = now();
    const all: AlarmChange[] = [];
    for (;;) {
      const { changes, due } = await db.transaction().execute(async (trx) => {
        const due = await repo.snoozeEndedBy(at, BATCH, trx);
        const changes: AlarmChange[] = [];
        for (const alarm of due) {
          const outcome = await applyAlarmInput(trx, alarm, { type: 'snoozeEnded' }, { at });
          if (outcome.ok && outcome.change) changes.push(outcome.change);
        }
        return { changes, due: due.length };
      });
      all.push(...changes);
      publish(await alarmEventsOf(db, changes));
      if (due < BATCH) return all;
    }
  }

  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // One sweep at a time: a slow one is not overtaken by the next tick.
    running = running.then(() =>
      sweep().catch((error: unknown) => log.error({ err: error }, 'alarm snoozes not swept')),
    );
  }, intervalMs);
  timer.unref();
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
