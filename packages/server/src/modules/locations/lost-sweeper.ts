import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import type { LiveEventEnvelope, LiveEvents } from '../ingest/live-events.js';
import { createLocationsRepo } from './repo.js';

const SWEEP_EVERY_MS = 60_000;
/** Devices marked lost per transaction; a longer backlog is taken by the next rounds of the same sweep. */
const BATCH = 500;
/** The advisory lock key of the lost sweep (a constant no other module uses): one sweeper at a time on PostgreSQL. */
const LOST_SWEEP_LOCK_KEY = 7_002;

/**
 * Every minute: marks lost the located devices nothing was heard from for the lost time of the group of the place
 * they are at (SPEC section 4), with a history row each, and publishes the change. Their next message takes them out
 * of it (the ingest pipeline).
 */
export function startLostSweeper({
  database,
  publish,
  log,
  intervalMs = SWEEP_EVERY_MS,
  now = Date.now,
}: {
  database: DatabaseHandle;
  publish: LiveEvents['publish'];
  log: FastifyBaseLogger;
  intervalMs?: number;
  now?: () => number;
}) {
  const { db } = database;
  const postgres = database.kind === 'postgres';
  const repo = createLocationsRepo(db);

  /** Answers how many devices it marked lost. */
  async function sweep(): Promise<number> {
    const at = now();
    let total = 0;
    for (;;) {
      const lost = await db.transaction().execute(async (trx) => {
        if (postgres) {
          const { rows } = await sql<{
            locked: boolean;
          }>`select pg_try_advisory_xact_lock(${LOST_SWEEP_LOCK_KEY}) as locked`.execute(trx);
          if (!rows[0]?.locked) return [];
        }
        const due = await repo.overdue(at, BATCH, postgres, trx);
        await repo.markLost(
          due.map((device) => device.id),
          at,
          trx,
        );
        return due;
      });
      total += lost.length;
      const since = new Date(at).toISOString();
      publish(
        lost.map(
          (device): LiveEventEnvelope => ({
            businessPath: device.businessPath,
            event: {
              type: 'location',
              deviceUUID: device.id,
              businessId: device.businessId,
              location: { state: 'lost', place: null, since },
            },
          }),
        ),
      );
      if (lost.length < BATCH) return total;
    }
  }

  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // One sweep at a time: a slow one is not overtaken by the next tick.
    running = running.then(() =>
      sweep().catch((error: unknown) => log.error({ err: error }, 'lost devices not swept')),
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

export type LostSweeper = ReturnType<typeof startLostSweeper>;
