import type { Migration } from 'kysely';
import * as accounts from './0001-accounts.js';
import * as notificationsAndSigfoxTokens from './0002-notifications-and-sigfox-tokens.js';
import * as businesses from './0003-businesses.js';
import * as contractsAndViewPermissions from './0004-contracts-and-view-permissions.js';
import * as devices from './0005-devices.js';
import * as signalsPresetsAssetTypes from './0006-signals-presets-asset-types.js';
import * as deviceDetails from './0007-device-details.js';
import * as sigfoxPac from './0008-sigfox-pac.js';
import * as ingest from './0009-ingest.js';
import * as alarmsActions from './0010-alarms-actions.js';
import * as deviceTypeAlarms from './0011-device-type-alarms.js';
import * as receivedMessages from './0012-received-messages.js';
import * as treeRevision from './0013-tree-revision.js';
import * as deviceTenantPath from './0014-device-tenant-path.js';
import * as treeRevisionOnMoves from './0015-tree-revision-on-moves.js';
import * as readingsDeviceKey from './0016-readings-device-key.js';
import * as messagesAndCountersDeviceKey from './0017-messages-and-counters-device-key.js';
import * as telemetryWithoutForeignKeys from './0018-telemetry-without-foreign-keys.js';
import * as readingsByDeviceAndDate from './0019-readings-by-device-and-date.js';
import * as businessPaths from './0020-business-paths.js';
import * as sessionChanges from './0021-session-changes.js';
import * as uplinkDigests from './0022-uplink-digests.js';
import * as loraDownlinkRef from './0023-lora-downlink-ref.js';
import * as devicePageIndexType from './0024-device-page-index-type.js';
import * as deviceCountIndex from './0025-device-count-index.js';
import * as treeChanges from './0026-tree-changes.js';
import * as uplinkCountersByAge from './0027-uplink-counters-by-age.js';
import * as integrationHealthAndTtnIds from './0028-integration-health-and-ttn-ids.js';
import * as messageRadioMetadata from './0029-message-radio-metadata.js';
import * as authAttempts from './0030-auth-attempts.js';
import * as notificationMessages from './0031-notification-messages.js';
import * as alarmNumbers from './0032-alarm-numbers.js';
import * as openAlarmsIndex from './0033-open-alarms-index.js';
import * as assets from './0034-assets.js';
import * as alarmsByTenant from './0035-alarms-by-tenant.js';
import * as placesAndJourneys from './0036-places-and-journeys.js';
import * as contractsAndUsageLicenses from './0037-contracts-and-usage-licenses.js';

/** Every migration in order. Names sort in the order they run; a migration is never edited once released. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-notifications-and-sigfox-tokens': notificationsAndSigfoxTokens,
  '0003-businesses': businesses,
  '0004-contracts-and-view-permissions': contractsAndViewPermissions,
  '0005-devices': devices,
  '0006-signals-presets-asset-types': signalsPresetsAssetTypes,
  '0007-device-details': deviceDetails,
  '0008-sigfox-pac': sigfoxPac,
  '0009-ingest': ingest,
  '0010-alarms-actions': alarmsActions,
  '0011-device-type-alarms': deviceTypeAlarms,
  '0012-received-messages': receivedMessages,
  '0013-tree-revision': treeRevision,
  '0014-device-tenant-path': deviceTenantPath,
  '0015-tree-revision-on-moves': treeRevisionOnMoves,
  '0016-readings-device-key': readingsDeviceKey,
  '0017-messages-and-counters-device-key': messagesAndCountersDeviceKey,
  '0018-telemetry-without-foreign-keys': telemetryWithoutForeignKeys,
  '0019-readings-by-device-and-date': readingsByDeviceAndDate,
  '0020-business-paths': businessPaths,
  '0021-session-changes': sessionChanges,
  '0022-uplink-digests': uplinkDigests,
  '0023-lora-downlink-ref': loraDownlinkRef,
  '0024-device-page-index-type': devicePageIndexType,
  '0025-device-count-index': deviceCountIndex,
  '0026-tree-changes': treeChanges,
  '0027-uplink-counters-by-age': uplinkCountersByAge,
  '0028-integration-health-and-ttn-ids': integrationHealthAndTtnIds,
  '0029-message-radio-metadata': messageRadioMetadata,
  '0030-auth-attempts': authAttempts,
  '0031-notification-messages': notificationMessages,
  '0032-alarm-numbers': alarmNumbers,
  '0033-open-alarms-index': openAlarmsIndex,
  '0034-assets': assets,
  '0035-alarms-by-tenant': alarmsByTenant,
  '0036-places-and-journeys': placesAndJourneys,
  '0037-contracts-and-usage-licenses': contractsAndUsageLicenses,
};
