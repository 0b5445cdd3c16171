import { randomUUID } from 'node:crypto';
import {
  type AlarmRule,
  type BusinessRole,
  bytesToHex,
  type Calibration,
  checkParameters,
  type DeviceOutput,
  type DeviceUsageLicense,
  findDeviceType,
  findSignal,
  hasRank,
  type Message,
  type MessageCode,
  messageOf,
  type UpdateDeviceAlarmsRequest,
  type UpdateDeviceOutputsRequest,
} from '@iot/shared';
import type { Transaction, Updateable } from 'kysely';
import type { Database, DatabaseSchema, DevicesTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { type AlarmChange, alarmEventsOf, forceAcknowledgeOpenAlarms } from '../alarms/engine.js';
import type { LiveEvents } from '../ingest/live-events.js';
import type { ParameterPresetsRepo } from '../parameter-presets/repo.js';
import type { UserRow } from '../users/present.js';
import { parseOutputs, type StoredOutput } from './outputs.js';
import type { DevicesRepo, ScopedDeviceRow } from './repo.js';
import { type BulkOutcome, withUsageLicenses } from './service.js';

const EDIT_ROLE: BusinessRole = 'user';
const MANAGE_ROLE: BusinessRole = 'admin';

interface StoredAlarmsConfig {
  inhibited?: boolean;
  autoAcknowledgeLatchedWhileSnoozed?: boolean;
  rules?: AlarmRule[];
}

const parse = <T>(json: string, fallback: T): T => {
  const value: unknown = JSON.parse(json);
  return value === null || typeof value !== 'object' ? fallback : (value as T);
};
const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());

/**
 * New parameter values for a device of `deviceType`, checked against the type's definitions (missing ones take their
 * defaults) and encoded by its codec: they wait (WAITING) for the device to ask for them. Wrong values answer one
 * message per parameter.
 */
function parameterChanges(deviceType: string, values: Record<string, number | boolean>): Updateable<DevicesTable> {
  const known = findDeviceType(deviceType);
  const encode = known?.codec.encodeDownlink;
  if (!known || !encode) throw new AppError('device.not_configurable');
  const checked = checkParameters(known.parameters, values);
  if (!checked.ok)
    throw new AppError(
      'validation.failed',
      {},
      Object.fromEntries(
        checked.errors.map((error): [string, Message] => [
          `values.${error.parameter}`,
          messageOf(error.code, error.params),
        ]),
      ),
    );
  const encoded = encode(checked.values);
  if (!encoded.ok) throw new AppError('validation.failed', {}, { values: 'validation.invalid' });
  return {
    parameters: JSON.stringify(checked.values),
    parametersStatus: 'WAITING',
    parametersStatusAt: Date.now(),
    downlinkData: bytesToHex(encoded.bytes),
    downlinkPort: encoded.port,
  };
}

/** What a device's own screens read and edit (SPEC 3, 7): each save is over the device's `version`. */
export function createDeviceDetailsService({
  db,
  devicesRepo,
  parameterPresetsRepo,
  publish,
  onParametersWaiting,
  now = Date.now,
}: {
  db: Database;
  devicesRepo: DevicesRepo;
  parameterPresetsRepo: ParameterPresetsRepo;
  /** Where the `alarm` live events of alarms closed by an inhibition go once committed. */
  publish: LiveEvents['publish'];
  /** Told of devices whose new parameters are committed, waiting (LoRa ones are queued on their network at once). */
  onParametersWaiting?: (deviceIds: string[]) => void;
  now?: () => number;
}) {
  async function reachable(user: UserRow, uuid: string, trx?: Transaction<DatabaseSchema>) {
    const device = await devicesRepo.findReachable(user, uuid, trx);
    if (!device) throw new AppError('not_found');
    return device;
  }

  function assertRole(device: ScopedDeviceRow, needed: BusinessRole) {
    if (!hasRank(device.role, needed)) throw new AppError('forbidden');
  }

  /**
   * Reads the device, checks the caller's role, writes `changes(device)` over `version`; answers the new row.
   * `locked`: the device is locked before it is read, for changes made from a column an ingest batch writes too.
   */
  async function save(
    user: UserRow,
    uuid: string,
    version: number,
    needed: BusinessRole,
    changes: (device: ScopedDeviceRow) => Updateable<DevicesTable>,
    {
      alsoInTransaction,
      locked = false,
    }: {
      alsoInTransaction?: (device: ScopedDeviceRow, trx: Transaction<DatabaseSchema>) => Promise<void>;
      locked?: boolean;
    } = {},
  ): Promise<ScopedDeviceRow & { usageLicense: DeviceUsageLicense | null }> {
    await db.transaction().execute(async (trx) => {
      if (locked) await devicesRepo.lockForIngest(uuid, trx);
      const device = await reachable(user, uuid, trx);
      assertRole(device, needed);
      if (!(await devicesRepo.updateIfVersion(device.id, version, changes(device), trx)))
        throw new AppError('conflict');
      await alsoInTransaction?.(device, trx);
    });
    const saved = await reachable(user, uuid);
    const [device] = await withUsageLicenses(
      devicesRepo,
      [{ ...saved, ...(await devicesRepo.assetsOf(user, [saved.id])).get(saved.id) }],
      now(),
    );
    if (!device) throw new AppError('not_found');
    return device;
  }

  /** Numeric value signals of the device's type, the only ones thresholds and calibration apply to. */
  function assertNumericSignals(device: ScopedDeviceRow, keys: string[], field: string) {
    const deviceType = findDeviceType(device.deviceType);
    const wrong = keys.findIndex((key) => {
      const signal = deviceType && findSignal(deviceType, key);
      return signal?.valueType !== 'number';
    });
    if (wrong >= 0) throw new AppError('validation.failed', {}, { [`${field}.${wrong}`]: 'validation.invalid' });
  }

  const outputsOf = (device: ScopedDeviceRow) => ({
    outputs: parseOutputs(device.outputs).map(
      (output): DeviceOutput => ({
        ...output,
        lastChange: iso(output.lastChange),
        lastSent: iso(output.lastSent),
        lastConfirmed: iso(output.lastConfirmed),
      }),
    ),
    version: device.version,
  });

  const alarmsOf = (device: ScopedDeviceRow) => {
    const stored = parse<StoredAlarmsConfig>(device.alarmsConfig, {});
    return {
      inhibited: stored.inhibited ?? false,
      autoAcknowledgeLatchedWhileSnoozed: stored.autoAcknowledgeLatchedWhileSnoozed ?? false,
      rules: stored.rules ?? [],
      version: device.version,
    };
  };

  const downlinkOf = (device: ScopedDeviceRow) => ({
    parameters: parse<Record<string, number | boolean>>(device.parameters, {}),
    status: device.parametersStatus,
    downlinkData: device.downlinkData,
    port: device.downlinkPort,
  });

  return {
    async outputs(user: UserRow, uuid: string) {
      return outputsOf(await reachable(user, uuid));
    },

    /**
     * Defines outputs (values kept by key) and/or sets values; a changed value waits to be sent. Read locked: an ingest
     * batch marks outputs sent and confirmed in the same column without moving the version, and would otherwise have
     * its marks (or the undoing of a failed delivery's mark) written over with what was read before.
     */
    async updateOutputs(user: UserRow, uuid: string, request: UpdateDeviceOutputsRequest) {
      const device = await save(
        user,
        uuid,
        request.version,
        EDIT_ROLE,
        (current) => {
          const stored = parseOutputs(current.outputs);
          const byKey = new Map(stored.map((output) => [output.key, output]));
          let outputs = request.define
            ? request.define.map(
                ({ key, name }): StoredOutput => ({
                  ...(byKey.get(key) ?? { value: false, lastChange: null, lastSent: null, lastConfirmed: null }),
                  key,
                  name,
                }),
              )
            : stored;
          const unknown = Object.keys(request.set ?? {}).find((key) => !outputs.some((output) => output.key === key));
          if (unknown) throw new AppError('validation.failed', {}, { [`set.${unknown}`]: 'validation.invalid' });
          outputs = outputs.map((output) => {
            const value = request.set?.[output.key];
            return value === undefined || value === output.value
              ? output
              : { ...output, value, lastChange: now(), lastSent: null, lastConfirmed: null };
          });
          return { outputs: JSON.stringify(outputs) };
        },
        { locked: true },
      );
      return outputsOf(device);
    },

    async batteryChanges(user: UserRow, uuid: string) {
      const device = await reachable(user, uuid);
      return devicesRepo.batteryChanges(device.id);
    },

    /** Records a battery change (not in the future); answers the device's whole list, newest first. */
    async addBatteryChange(user: UserRow, uuid: string, request: { date: string; comment: string }) {
      const date = Date.parse(request.date);
      if (date > now()) throw new AppError('validation.failed', {}, { date: 'validation.invalid' });
      const device = await reachable(user, uuid);
      assertRole(device, EDIT_ROLE);
      await devicesRepo.insertBatteryChange({
        id: randomUUID(),
        deviceId: device.id,
        date,
        userId: user.id,
        comment: request.comment,
        createdAt: now(),
      });
      return devicesRepo.batteryChanges(device.id);
    },

    async alarms(user: UserRow, uuid: string) {
      return alarmsOf(await reachable(user, uuid));
    },

    /** Threshold rules only on the type's numeric signals; admins inhibit, users edit rules. */
    async updateAlarms(user: UserRow, uuid: string, request: UpdateDeviceAlarmsRequest) {
      let closed: AlarmChange[] = [];
      const device = await save(
        user,
        uuid,
        request.version,
        EDIT_ROLE,
        (current) => {
          if (request.inhibited !== undefined && !hasRank(current.role, MANAGE_ROLE)) throw new AppError('forbidden');
          if (request.rules)
            assertNumericSignals(
              current,
              request.rules.map((rule) => rule.signal),
              'rules',
            );
          const stored = alarmsOf(current);
          const { version: _version, ...changes } = request;
          const { version: _stored, ...config } = { ...stored, ...changes };
          return { alarmsConfig: JSON.stringify(config) };
        },
        {
          // Inhibiting closes the device's open alarms (the UI warns before): nothing is left to acknowledge.
          async alsoInTransaction(current, trx) {
            if (request.inhibited && !alarmsOf(current).inhibited)
              closed = await forceAcknowledgeOpenAlarms(trx, current.id, now());
          },
        },
      );
      if (closed.length > 0) publish(await alarmEventsOf(db, closed));
      return alarmsOf(device);
    },

    async userData(user: UserRow, uuid: string) {
      const device = await reachable(user, uuid);
      return {
        data: parse<Record<string, string | number | boolean | null>>(device.userData, {}),
        version: device.version,
      };
    },

    async updateUserData(user: UserRow, uuid: string, request: { version: number; data: Record<string, unknown> }) {
      const device = await save(user, uuid, request.version, EDIT_ROLE, () => ({
        userData: JSON.stringify(request.data),
      }));
      return {
        data: parse<Record<string, string | number | boolean | null>>(device.userData, {}),
        version: device.version,
      };
    },

    async downlink(user: UserRow, uuid: string) {
      return downlinkOf(await reachable(user, uuid));
    },

    /**
     * New parameter values, checked against the type's definitions and encoded by its codec: they wait (WAITING)
     * for the device to ask for them. Wrong values answer one message per parameter and change nothing.
     */
    async setParameters(
      user: UserRow,
      uuid: string,
      request: { version: number; values: Record<string, number | boolean> },
    ) {
      const device = await save(user, uuid, request.version, EDIT_ROLE, (current) =>
        parameterChanges(current.deviceType, request.values),
      );
      onParametersWaiting?.([device.id]);
      return downlinkOf(device);
    },

    /**
     * Applies a preset's values to several devices, each answered on its own: a device of another type than the
     * preset's model, outside the caller's reach or not editable there, or of a business that neither is the preset's
     * nor lies below it (the presets a device's configuration offers) is refused; the others wait for their values.
     */
    async applyPreset(user: UserRow, uuids: string[], presetId: string): Promise<BulkOutcome[]> {
      const preset = await parameterPresetsRepo.findReachable(user, presetId);
      if (!preset) throw new AppError('not_found');
      const values = parse<Record<string, number | boolean>>(preset.profile, {});
      const outcomes = await db.transaction().execute(async (trx) => {
        const devices = new Map((await devicesRepo.findManyReachable(user, uuids, trx)).map((row) => [row.id, row]));
        const outcomes: BulkOutcome[] = [];
        // The same for every device of the preset's type: worked out once, when the first one takes it.
        let changes: Updateable<DevicesTable> | undefined;
        for (const uuid of new Set(uuids)) {
          const device = devices.get(uuid);
          const refusal: MessageCode | null = !device
            ? 'not_found'
            : !hasRank(device.role, EDIT_ROLE)
              ? 'device.level_denied'
              : device.deviceType !== preset.model
                ? 'device.preset_other_type'
                : !device.businessPath.startsWith(preset.businessPath)
                  ? 'device.preset_other_business'
                  : null;
          if (!device || refusal) {
            outcomes.push({ device: uuid, refused: { code: refusal ?? 'not_found' } });
            continue;
          }
          // Read in this transaction, the device can still be saved by another one first (PostgreSQL): it is then
          // answered as changed meanwhile, not as configured.
          changes ??= parameterChanges(preset.model, values);
          const written = await devicesRepo.updateIfVersion(device.id, device.version, changes, trx);
          outcomes.push(written ? { device: uuid, uuid } : { device: uuid, refused: { code: 'conflict' } });
        }
        return outcomes;
      });
      onParametersWaiting?.(outcomes.flatMap((outcome) => outcome.uuid ?? []));
      return outcomes;
    },

    async calibration(user: UserRow, uuid: string) {
      return { calibration: parse<Calibration>((await reachable(user, uuid)).calibration, {}) };
    },

    /** Calibration of several devices at once, all or nothing: every device must be reachable and editable. */
    async updateCalibration(user: UserRow, devices: { deviceUUID: string; calibration: Calibration }[]) {
      await db.transaction().execute(async (trx) => {
        for (const [index, entry] of devices.entries()) {
          const device = await reachable(user, entry.deviceUUID, trx);
          assertRole(device, EDIT_ROLE);
          assertNumericSignals(device, Object.keys(entry.calibration), `devices.${index}.calibration`);
          await devicesRepo.updateIfVersion(
            device.id,
            device.version,
            { calibration: JSON.stringify(entry.calibration) },
            trx,
          );
        }
      });
    },

    async removeCalibration(user: UserRow, uuid: string) {
      const device = await reachable(user, uuid);
      await save(user, uuid, device.version, EDIT_ROLE, () => ({ calibration: '{}' }));
    },

    /**
     * A new device type (and firmware): parameters, pending downlink and calibration belong to the old type's
     * signals and parameters, so they are cleared; the type must support the device's network.
     */
    async updateDeviceType(
      user: UserRow,
      request: { deviceUUID: string; deviceType: string; fwVersion?: string | null },
    ) {
      const device = await reachable(user, request.deviceUUID);
      const deviceType = findDeviceType(request.deviceType);
      if (!deviceType)
        throw new AppError('device.unknown_type', { type: request.deviceType }, { deviceType: 'validation.invalid' });
      if (!deviceType.communicationTypes.includes(device.communication))
        throw new AppError('device.network_not_supported', { type: deviceType.name });
      return save(user, device.id, device.version, MANAGE_ROLE, () => ({
        deviceType: deviceType.id,
        ...(request.fwVersion !== undefined ? { fwVersion: request.fwVersion || null } : {}),
        parameters: '{}',
        parametersStatus: null,
        parametersStatusAt: null,
        downlinkData: null,
        downlinkPort: null,
        calibration: '{}',
      }));
    },

    /** Forgets everything the device sent: its messages, readings, undecodable frames, commissioning, latest values. */
    async wipeLogData(user: UserRow, uuid: string) {
      const device = await reachable(user, uuid);
      await save(
        user,
        uuid,
        device.version,
        MANAGE_ROLE,
        () => ({ signalValues: '{}', lastSeenAt: null, linkQuality: null }),
        { alsoInTransaction: (saved, trx) => devicesRepo.deleteTelemetry(saved, trx) },
      );
    },

    async setRoute(user: UserRow, uuid: string, destination: string | null) {
      const device = await reachable(user, uuid);
      return save(user, uuid, device.version, MANAGE_ROLE, () => ({ routeDestination: destination || null }));
    },
  };
}

export type DeviceDetailsService = ReturnType<typeof createDeviceDetailsService>;
