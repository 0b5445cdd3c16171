import { OVERVIEW_LATEST_ALARMS, OVERVIEW_SILENT_HOURS, type Overview } from '@iot/shared';
import type { Database } from '../../db/schema.js';
import { presentAlarm } from '../alarms/present.js';
import { createAlarmsRepo } from '../alarms/repo.js';
import type { DevicesRepo } from '../devices/repo.js';
import type { NotificationsService } from '../notifications/service.js';
import type { UserRow } from '../users/present.js';
import { createOverviewRepo } from './repo.js';

/** The home page's figures of the caller's reachable tree, each counted as the list it links to counts it. */
export function createOverviewService({
  db,
  devicesRepo,
  notifications,
  now = Date.now,
}: {
  db: Database;
  devicesRepo: DevicesRepo;
  notifications: Pick<NotificationsService, 'unreadCount'>;
  now?: () => number;
}) {
  const repo = createOverviewRepo(db);
  const alarmsRepo = createAlarmsRepo(db);

  return {
    async overview(user: UserRow): Promise<Overview> {
      const at = now();
      // The device figures are the device list's own counts of its last-seen filters, so a figure and the list it
      // opens agree.
      const [alarmCounts, latest, total, silent, neverHeard, unread] = await Promise.all([
        repo.openAlarmCounts(user),
        repo.latestOpenAlarms(user, OVERVIEW_LATEST_ALARMS),
        devicesRepo.count(user, {}, at),
        devicesRepo.count(user, { notSeenForHours: OVERVIEW_SILENT_HOURS }, at),
        devicesRepo.count(user, { neverSeen: true }, at),
        notifications.unreadCount(user),
      ]);
      return {
        alarms: { ...alarmCounts, latest: (await alarmsRepo.withAssets(latest)).map(presentAlarm) },
        devices: { total, silent, neverHeard },
        notifications: { unread },
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
