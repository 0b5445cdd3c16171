import { COMMISSIONING_EVENTS, type ReadingsAnswer, type ReadingsQuery, type z } from '@iot/shared';
import { readOffThread } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { reachTest } from '../businesses/repo.js';
import type { DevicesRepo } from '../devices/repo.js';
import type { UserRow } from '../users/present.js';
import type { LiveEvents } from './live-events.js';

/** Messages, undecodable frames and commissioning events a device screen lists at most (the newest). */
const LISTED_MAX = 200;

const iso = (time: number) => new Date(time).toISOString();

export function createReadingsService({
  db,
  devicesRepo,
  events,
}: {
  db: Database;
  devicesRepo: DevicesRepo;
  events: LiveEvents;
}) {
  async function reachable(user: UserRow, uuid: string) {
    const device = await devicesRepo.findReachable(user, uuid);
    if (!device) throw new AppError('not_found');
    return device;
  }

  return {
    /**
     * Per signal: the newest `limit` readings of the range and how many the range holds, so a cut answer says so
     * (SPEC: "Consult size limit exceeded", with the count and the cut-off date). Readings are indexed by device and
     * date (migration 0019), so a signal's newest readings are read from the end of the device's range, and the cut
     * signals are counted in one pass over the range rather than one pass each. On SQLite they are read on the reader's
     * thread (`db/sqlite-reader.ts`): counting a year of a device's readings (three signals a minute) took 0.65-1 s,
     * and reading a signal's newest 10,000 of them 14-23 ms, all of which held the main thread and every request.
     */
    async readings(user: UserRow, uuid: string, query: z.infer<typeof ReadingsQuery>): Promise<ReadingsAnswer> {
      const device = await reachable(user, uuid);
      const range = db
        .selectFrom('readings')
        .where('deviceKey', '=', device.key)
        .where('date', '>=', query.from)
        .where('date', '<=', query.to);
      const newest: { date: number; value: string }[][] = [];
      for (const signal of query.signals) {
        newest.push(
          await readOffThread(
            db,
            range
              .where('signal', '=', signal)
              .select(['date', 'value'])
              .orderBy('date', 'desc')
              .limit(query.limit)
              .compile(),
          ),
        );
      }
      const cut = query.signals.filter((_, index) => newest[index]?.length === query.limit);
      const counted =
        cut.length === 0
          ? []
          : await readOffThread(
              db,
              range
                .where('signal', 'in', cut)
                .select((eb) => ['signal', eb.fn.countAll().as('count')])
                .groupBy('signal')
                .compile(),
            );
      const totals = new Map(counted.map((row) => [row.signal, Number(row.count)]));
      return {
        signals: query.signals.map((signal, index) => {
          const rows = newest[index] ?? [];
          const total = totals.get(signal) ?? rows.length;
          return {
            signal,
            readings: rows.map((row) => ({ date: Number(row.date), value: JSON.parse(row.value) })),
            total,
            truncated: total > rows.length,
            cutoff: total > rows.length ? Number(rows[rows.length - 1]?.date) : null,
          };
        }),
      };
    },

    async undecodedFrames(user: UserRow, uuid: string) {
      const device = await reachable(user, uuid);
      const rows = await db
        .selectFrom('undecodedFrames')
        .select(['date', 'data', 'port', 'error'])
        .where('deviceId', '=', device.id)
        .orderBy('date', 'desc')
        .limit(LISTED_MAX)
        .execute();
      return { frames: rows.map((row) => ({ ...row, date: iso(Number(row.date)) })) };
    },

    /** The device's newest messages as received, with what the network told of each (its data tab). */
    async messages(user: UserRow, uuid: string) {
      const device = await reachable(user, uuid);
      const rows = await db
        .selectFrom('receivedMessages')
        .select(['date', 'kind', 'data', 'port', 'rssi', 'snr', 'receivers', 'dataRate', 'simulated'])
        .where('deviceKey', '=', device.key)
        .orderBy('date', 'desc')
        .limit(LISTED_MAX)
        .execute();
      return {
        messages: rows.map((row) => ({
          ...row,
          date: iso(Number(row.date)),
          // A network decoded frame is shown as its bytes, as the undecodable frames are.
          data: row.kind === 'decoded-frame' ? (JSON.parse(row.data) as { bytes: string }).bytes : row.data,
          simulated: row.simulated === 1,
        })),
      };
    },

    async commissioning(user: UserRow, uuid: string) {
      const device = await reachable(user, uuid);
      const rows = await db
        .selectFrom('commissioningEvents')
        .select(['event', 'detail', 'date'])
        .where('deviceId', '=', device.id)
        .orderBy('date', 'desc')
        .limit(LISTED_MAX)
        .execute();
      // Events of one uplink share their date: they are listed in the order commissioning goes through them.
      const order = (row: (typeof rows)[number]) => COMMISSIONING_EVENTS.indexOf(row.event);
      rows.sort((a, b) => Number(a.date) - Number(b.date) || order(a) - order(b));
      return { events: rows.map((row) => ({ ...row, date: iso(Number(row.date)) })) };
    },

    /** Which businesses' events the user may see, decided once per stream. */
    reachTest: (user: UserRow) => reachTest(user, db),
    subscribe: events.subscribe,
  };
}

export type ReadingsService = ReturnType<typeof createReadingsService>;
