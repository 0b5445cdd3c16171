import {
  type BusinessRole,
  hasRank,
  type Language,
  type MoveAssetsRequest,
  type MoveAssetsResult,
  translate,
} from '@iot/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { type AlarmChange, alarmEventsOf, forceAcknowledgeOpenAlarms } from '../alarms/engine.js';
import { type BusinessesRepo, scopeOf, scopeSql } from '../businesses/repo.js';
import type { DevicesRepo } from '../devices/repo.js';
import type { LiveEvents } from '../ingest/live-events.js';
import type { ListedJourneyRow } from '../journeys/repo.js';
import { countOpenJourneys, finishJourneysOfDevices } from '../journeys/service.js';
import type { PlansService } from '../plans/service.js';
import type { UserRow } from '../users/present.js';

/** Moving assets, and so their devices, takes an admin on the assets' levels and on the target (SPEC 5). */
const MOVE_ROLE: BusinessRole = 'admin';

const count = (value: bigint | number | string | undefined) => Number(value ?? 0);

/**
 * `POST /customer-business/{id}/asset/move` (SPEC 4, 5): assets move to a level with their linked devices, the devices'
 * open alarms are forced to acknowledged (`forcedAcknowledge`, naming who moved them and where), their running and
 * paused journeys are finished (the same way), and the activity logs of the levels left and of the target say so; all
 * in one transaction. A dry run answers the same counts and
 * changes nothing: it is the warning the screen shows first.
 */
export function createAssetMoveService({
  db,
  businessesRepo,
  devicesRepo,
  plans,
  publish,
  notifyJourneyFinished,
  now = Date.now,
}: {
  db: Database;
  businessesRepo: BusinessesRepo;
  devicesRepo: DevicesRepo;
  plans: PlansService;
  /** Where the `alarm` live events of the acknowledged alarms go once committed. */
  publish: LiveEvents['publish'];
  /** Tells a finished journey's level users (`JourneysService.notifyFinished`), once committed. */
  notifyJourneyFinished: (journey: ListedJourneyRow, userId: string) => Promise<void>;
  now?: () => number;
}) {
  return {
    async move(
      user: UserRow,
      businessId: string,
      request: MoveAssetsRequest,
      language: Language,
    ): Promise<MoveAssetsResult> {
      const dryRun = request.dryRun ?? false;
      const ids = [...new Set(request.assets)];
      const { result, changes, finished } = await db.transaction().execute(async (trx) => {
        // Devices change levels: the same lock a device move takes, so a move of the tree waits for this one.
        await businessesRepo.lockTree(trx);
        const target = await businessesRepo.findReachable(user, businessId, trx);
        if (!target) throw new AppError('not_found');
        if (!hasRank(target.role, MOVE_ROLE)) throw new AppError('business.no_permission');
        if (!(await plans.planOf(target, trx)).features.assetSupport) throw new AppError('plan.unavailable');

        const { role, reach } = scopeSql(await scopeOf(user, trx), 'assets.businessPath');
        const assets = await trx
          .selectFrom('assets')
          .select(['id', 'businessId', 'description', 'deviceId', 'version', role.as('role')])
          .where('id', 'in', ids)
          .where(reach ?? sql<boolean>`1 = 1`)
          .execute();
        // An asset out of reach is answered as one that does not exist; one in reach but not administered, refused.
        if (assets.length !== ids.length) throw new AppError('not_found');
        if (assets.some((asset) => !hasRank(asset.role, MOVE_ROLE))) throw new AppError('forbidden');

        const deviceIds = assets.flatMap((asset) => (asset.deviceId ? [asset.deviceId] : []));
        // The devices go with their assets whoever reaches them: a device sits at or below its asset's level.
        const devices =
          deviceIds.length === 0
            ? []
            : await trx
                .selectFrom('devices')
                .select(['id', 'businessId', 'businessPath'])
                .where('id', 'in', deviceIds)
                .execute();
        const moving = devices.filter((device) => device.businessId !== target.id);
        const capacity = await plans.roomForDevices(target, trx);
        const arriving = moving.filter(
          (device) => capacity.scope === null || !device.businessPath.startsWith(capacity.scope),
        ).length;
        if (arriving > capacity.room) throw new AppError('plan.limit_exceeded', { limit: capacity.limit });
        const withOpenAlarms =
          deviceIds.length === 0
            ? []
            : await trx
                .selectFrom('alarms')
                .select(['deviceId', (eb) => eb.fn.countAll<number | string>().as('n')])
                .where('deviceId', 'in', deviceIds)
                .where('status', '<>', 'acknowledged')
                .groupBy('deviceId')
                .execute();
        const openAlarms = withOpenAlarms.reduce((sum, row) => sum + count(row.n), 0);
        const counts = { assets: assets.length, devices: devices.length };
        if (dryRun)
          return {
            result: {
              dryRun,
              ...counts,
              alarmsAcknowledged: openAlarms,
              journeysFinalised: await countOpenJourneys(trx, deviceIds),
            },
            changes: [],
            finished: [],
          };

        const at = now();
        await trx
          .updateTable('assets')
          .set((eb) => ({
            businessId: target.id,
            businessPath: target.path,
            updatedAt: at,
            version: eb('version', '+', 1),
          }))
          .where('id', 'in', ids)
          .where('businessId', '<>', target.id)
          .execute();
        for (const device of moving) await devicesRepo.move(device, target, trx);
        const description = new Map(assets.map((asset) => [asset.deviceId, asset.description]));
        const changes: AlarmChange[] = [];
        for (const { deviceId } of withOpenAlarms) {
          const comment = translate('alarm.forced_asset_moved', language, {
            asset: description.get(deviceId) ?? '',
            level: target.description,
          });
          changes.push(...(await forceAcknowledgeOpenAlarms(trx, deviceId, at, { userId: user.id, comment })));
        }
        const finished: ListedJourneyRow[] = [];
        for (const asset of assets) {
          if (!asset.deviceId) continue;
          const comment = translate('journey.finished_asset_moved', language, {
            asset: asset.description,
            level: target.description,
          });
          finished.push(
            ...(await finishJourneysOfDevices(trx, businessesRepo, [asset.deviceId], { userId: user.id, at, comment })),
          );
        }

        const bySource = new Map<string, string[]>();
        for (const asset of assets) {
          if (asset.businessId === target.id) continue;
          bySource.set(asset.businessId, [...(bySource.get(asset.businessId) ?? []), asset.id]);
        }
        for (const [source, moved] of bySource) {
          await businessesRepo.insertLog(
            {
              businessId: source,
              userId: user.id,
              action: 'assets_moved',
              details: { count: moved.length, toBusinessId: target.id, assets: moved },
            },
            at,
            trx,
          );
        }
        if (bySource.size > 0) {
          const moved = [...bySource.values()].flat();
          await businessesRepo.insertLog(
            {
              businessId: target.id,
              userId: user.id,
              action: 'assets_moved',
              details: {
                count: moved.length,
                toBusinessId: target.id,
                fromBusinessIds: [...bySource.keys()],
                assets: moved,
              },
            },
            at,
            trx,
          );
        }
        return {
          result: { dryRun, ...counts, alarmsAcknowledged: changes.length, journeysFinalised: finished.length },
          changes,
          finished,
        };
      });
      if (changes.length > 0) publish(await alarmEventsOf(db, changes));
      for (const journey of finished) await notifyJourneyFinished(journey, user.id);
      return result;
    },
  };
}

export type AssetMoveService = ReturnType<typeof createAssetMoveService>;
