import type { CommissioningEventKind, ParameterizationStatus } from '@iot/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.js';
import type { LiveEvents } from './live-events.js';
import { DUPLICATE_WINDOW_MS } from './pipeline.js';
import { createIngestRepo } from './repo.js';

/**
 * How long parameters may wait for the device to ask for them (WAITING), and then for the device to confirm them
 * (SENT), before the commissioning tab says so. A Sigfox device asks at most a few times a day.
 */
export const PARAMETERIZATION_TIMEOUT_MS = 24 * 60 * 60 * 1000;

const CHECK_EVERY_MS = 60_000;

const TIMEOUTS: [ParameterizationStatus, CommissioningEventKind][] = [
  ['WAITING', 'REQUESTED_PARAM_TIMEOUT'],
  ['SENT', 'CONFIRMATION_PARAM_TIMEOUT'],
];

/** Once a minute: records parameterization timeouts (once per wait) and forgets counters past the duplicate window. */
export function startCommissioningTimeouts({
  db,
  events,
  log,
  now = Date.now,
}: {
  db: Database;
  events: LiveEvents;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const repo = createIngestRepo(db);

  async function check() {
    const at = now();
    for (const [status, event] of TIMEOUTS) {
      const overdue = await repo.overdueParameterizations(status, event, at - PARAMETERIZATION_TIMEOUT_MS);
      await repo.insertCommissioningEvents(
        overdue.map((device) => ({ deviceId: device.id, event, detail: null, date: at })),
        db,
      );
      events.publish(
        overdue.map((device) => ({
          businessPath: device.businessPath,
          event: {
            type: 'commissioning' as const,
            deviceUUID: device.id,
            businessId: device.businessId,
            event: { event, detail: null, date: new Date(at).toISOString() },
          },
        })),
      );
    }
    await repo.pruneCounters(at - DUPLICATE_WINDOW_MS);
  }

  const timer = setInterval(() => {
    check().catch((error: unknown) => log.error({ err: error }, 'commissioning timeouts not checked'));
  }, CHECK_EVERY_MS);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
