import type { ReadingsAnswer, ReadingsQuery, z } from '@iot/shared';
import { sql } from 'kysely';
import { readOffThread } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { reachOf } from '../businesses/repo.js';
import type { PlansService } from '../plans/service.js';
import type { UserRow } from '../users/present.js';

/** One period an asset was linked to a device, as the device's readings are read over it: [from, to], both in. */
interface Period {
  deviceKey: number;
  from: number;
  to: number;
}

/**
 * An asset's data over its continuous history (SPEC 3): over a period, the readings of whichever device was linked to
 * it then, so a replaced meter keeps one history. A link holds from its `linkedAt` up to, not including, its
 * `unlinkedAt`: a reading at the moment of a swap is the new device's.
 */
export function createAssetHistoryService({ db, plans }: { db: Database; plans: PlansService }) {
  /** The asset when the caller reaches its level (a viewer there reads it); another tenant's is not found. */
  async function readableAsset(user: UserRow, assetId: string) {
    const { reach } = await reachOf(user, db, 'assets.businessPath');
    const asset = await db
      .selectFrom('assets')
      .select(['id', 'businessPath'])
      .where('id', '=', assetId)
      .where(reach ?? sql<boolean>`1 = 1`)
      .executeTakeFirst();
    if (!asset) throw new AppError('not_found');
    if (!(await plans.planOf({ path: asset.businessPath })).features.assetSupport)
      throw new AppError('plan.unavailable');
    return asset;
  }

  /** The asset's link periods that meet [from, to], cut to it, newest first; a deleted device's are left out. */
  async function periods(assetId: string, from: number, to: number): Promise<Period[]> {
    const links = await db
      .selectFrom('assetLinks')
      .innerJoin('devices', 'devices.id', 'assetLinks.deviceId')
      .select(['devices.key', 'assetLinks.linkedAt', 'assetLinks.unlinkedAt'])
      .where('assetLinks.assetId', '=', assetId)
      .where('assetLinks.linkedAt', '<=', to)
      .where((eb) => eb.or([eb('assetLinks.unlinkedAt', 'is', null), eb('assetLinks.unlinkedAt', '>', from)]))
      .orderBy('assetLinks.linkedAt', 'desc')
      .execute();
    return links.map((link) => ({
      deviceKey: link.key,
      from: Math.max(from, Number(link.linkedAt)),
      to: link.unlinkedAt === null ? to : Math.min(to, Number(link.unlinkedAt) - 1),
    }));
  }

  return {
    /**
     * `GET /assets/{assetId}/readings`: the answer of `GET /devices/{uuid}/readings` over the asset's history. Per
     * signal, each period's newest `limit` readings are read (the device's date index, as for a device), merged newest
     * first and cut at `limit`; the total counts every period's readings, so a cut answer says so as a device's does.
     */
    async readings(user: UserRow, assetId: string, query: z.infer<typeof ReadingsQuery>): Promise<ReadingsAnswer> {
      await readableAsset(user, assetId);
      const spans = await periods(assetId, query.from, query.to);
      const range = (period: Period) =>
        db
          .selectFrom('readings')
          .where('deviceKey', '=', period.deviceKey)
          .where('date', '>=', period.from)
          .where('date', '<=', period.to);
      const signals = [];
      for (const signal of query.signals) {
        const merged: { date: number; value: string }[] = [];
        let total = 0;
        for (const period of spans) {
          const rows = await readOffThread(
            db,
            range(period)
              .where('signal', '=', signal)
              .select(['date', 'value'])
              .orderBy('date', 'desc')
              .limit(query.limit)
              .compile(),
          );
          merged.push(...rows.map((row) => ({ date: Number(row.date), value: row.value })));
          if (rows.length < query.limit) {
            total += rows.length;
            continue;
          }
          const [counted] = await readOffThread(
            db,
            range(period)
              .where('signal', '=', signal)
              .select((eb) => eb.fn.countAll().as('count'))
              .compile(),
          );
          total += Number(counted?.count ?? 0);
        }
        // The periods do not overlap, so merging is sorting; the newest `limit` of all are the answer.
        merged.sort((a, b) => b.date - a.date);
        const readings = merged.slice(0, query.limit);
        signals.push({
          signal,
          readings: readings.map((row) => ({ date: row.date, value: JSON.parse(row.value) })),
          total,
          truncated: total > readings.length,
          cutoff: total > readings.length ? (readings.at(-1)?.date ?? null) : null,
        });
      }
      return { signals };
    },
  };
}

export type AssetHistoryService = ReturnType<typeof createAssetHistoryService>;
