import {
  type AlarmInput,
  type AlarmKeysetPage,
  type AlarmListQuery,
  type AlarmPage,
  type AlarmWithHistory,
  type BusinessRole,
  hasRank,
  type VisibleAlarmsQuery,
} from '@iot/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { type BusinessesRepo, reachOf } from '../businesses/repo.js';
import type { DevicesRepo } from '../devices/repo.js';
import type { LiveEvents } from '../ingest/live-events.js';
import type { UserRow } from '../users/present.js';
import { type AlarmChange, alarmEventsOf, applyAlarmInput } from './engine.js';
import { presentAlarm, presentHistory } from './present.js';
import { type AlarmQuery, createAlarmsRepo } from './repo.js';

/** Acknowledging, snoozing and commenting an alarm takes the same role as editing its device. */
const HANDLE_ROLE: BusinessRole = 'user';

/** The alarms of the business tree as users read and handle them (SPEC 4, 8). */
export function createAlarmsService({
  db,
  businessesRepo,
  devicesRepo,
  publish,
  now = Date.now,
}: {
  db: Database;
  businessesRepo: BusinessesRepo;
  devicesRepo: DevicesRepo;
  /** Where the `alarm` live events of the changes go once committed. */
  publish: LiveEvents['publish'];
  now?: () => number;
}) {
  const repo = createAlarmsRepo(db);

  /** The alarm with the caller's role on its device's business; another tenant's alarm is not found. */
  async function reachable(user: UserRow, id: string) {
    const alarm = await repo.findWithDevice(id);
    const device = alarm && (await devicesRepo.findReachable(user, alarm.deviceId));
    if (!alarm || !device) throw new AppError('not_found');
    return { alarm, role: device.role };
  }

  async function withHistory(id: string): Promise<AlarmWithHistory> {
    const alarm = await repo.findWithDevice(id);
    if (!alarm) throw new AppError('not_found');
    const [withAsset] = await repo.withAssets([alarm]);
    return { ...presentAlarm(withAsset ?? alarm), history: (await repo.history(id)).map(presentHistory) };
  }

  /** An asset the caller reaches (its business in their reach); another tenant's is not found. */
  async function assertAssetReachable(user: UserRow, assetId: string) {
    const { reach } = await reachOf(user, db, 'assets.businessPath');
    const asset = await db
      .selectFrom('assets')
      .select('id')
      .where('id', '=', assetId)
      .where(reach ?? sql<boolean>`1 = 1`)
      .executeTakeFirst();
    if (!asset) throw new AppError('not_found');
  }

  /** One user request on an alarm, over the version the user read; published once committed. */
  async function handle(
    user: UserRow,
    id: string,
    request: { version: number; comment?: string | undefined },
    input: AlarmInput,
  ): Promise<AlarmWithHistory> {
    const { alarm, role } = await reachable(user, id);
    if (!hasRank(role, HANDLE_ROLE)) throw new AppError('forbidden');
    if (alarm.version !== request.version) throw new AppError('conflict');
    const change: AlarmChange | null = await db.transaction().execute(async (trx) => {
      const outcome = await applyAlarmInput(trx, alarm, input, {
        at: now(),
        userId: user.id,
        comment: request.comment ?? null,
        version: request.version,
      });
      if (!outcome.ok) throw new AppError(outcome.error);
      return outcome.change;
    });
    if (change) publish(await alarmEventsOf(db, [change]));
    return withHistory(id);
  }

  return {
    /** The subtree's alarms the caller sees, newest raised first. */
    async list(user: UserRow, businessId: string, query: AlarmListQuery): Promise<AlarmPage> {
      const business = await businessesRepo.findReachable(user, businessId);
      if (!business) throw new AppError('not_found');
      if (query.assetID !== undefined) await assertAssetReachable(user, query.assetID);
      const filter: AlarmQuery = {
        subtreePath: business.path,
        ...(query.deviceUUID !== undefined ? { deviceId: query.deviceUUID } : {}),
        ...(query.assetID !== undefined ? { assetId: query.assetID } : {}),
        ...(query.status?.length ? { statuses: query.status } : {}),
        ...(query.fromDate ? { raisedFrom: query.fromDate.getTime() } : {}),
        ...(query.toDate ? { raisedTo: query.toDate.getTime() } : {}),
      };
      const offset = (query.page - 1) * query.pageSize;
      const { rows, total } = await repo.page(user, filter, query.pageSize, offset);
      const data = (await repo.withAssets(rows)).map((row) => presentAlarm(row));
      return { data, totalElements: total, hasNext: offset + rows.length < total };
    },

    /**
     * The alarms of every business the caller sees, or of one subtree or device of theirs (another tenant's is not
     * found), newest raised first, a keyset page at a time.
     */
    async listVisible(user: UserRow, query: VisibleAlarmsQuery): Promise<AlarmKeysetPage> {
      let subtreePath: string | undefined;
      if (query.business !== undefined) {
        const business = await businessesRepo.findReachable(user, query.business);
        if (!business) throw new AppError('not_found');
        subtreePath = business.path;
      }
      if (query.deviceUUID !== undefined && !(await devicesRepo.findReachable(user, query.deviceUUID))) {
        throw new AppError('not_found');
      }
      const filter: AlarmQuery = {
        ...(subtreePath !== undefined ? { subtreePath } : {}),
        ...(query.deviceUUID !== undefined ? { deviceId: query.deviceUUID } : {}),
        ...(query.status?.length ? { statuses: query.status } : {}),
        ...(query.fromDate ? { raisedFrom: query.fromDate.getTime() } : {}),
        ...(query.toDate ? { raisedTo: query.toDate.getTime() } : {}),
      };
      const { rows, hasNext } = await repo.keysetPage(user, filter, query.after, query.pageSize);
      const last = rows.at(-1);
      return {
        data: (await repo.withAssets(rows)).map((row) => presentAlarm(row)),
        hasNext,
        next: hasNext && last ? `${last.raisedAt}_${last.id}` : null,
      };
    },

    async get(user: UserRow, id: string): Promise<AlarmWithHistory> {
      await reachable(user, id);
      return withHistory(id);
    },

    acknowledge(user: UserRow, id: string, request: { version: number; comment?: string | undefined }) {
      return handle(user, id, request, { type: 'acknowledge' });
    },

    snooze(user: UserRow, id: string, request: { version: number; minutes: number; comment?: string | undefined }) {
      return handle(user, id, request, { type: 'snooze', until: now() + request.minutes * 60_000 });
    },

    comment(user: UserRow, id: string, request: { version: number; comment: string }) {
      return handle(user, id, request, { type: 'comment' });
    },
  };
}

export type AlarmsService = ReturnType<typeof createAlarmsService>;
