import {
  type DeviceType,
  type DeviceTypeAlarms,
  findDeviceType,
  findSignal,
  isProviderStaff,
  type MessageCode,
  type UpdateDeviceTypeAlarmsRequest,
} from '@iot/shared';
import { AppError } from '../../http/app-error.js';
import type { UserRow } from '../users/present.js';
import type { DeviceTypeAlarmsRepo } from './repo.js';

/** Whether a rule may watch `signal` of this type: only numeric value signals cross thresholds. */
export function isRuleSignal(deviceType: DeviceType, signal: string) {
  const definition = findSignal(deviceType, signal);
  return definition?.kind === 'value' && definition.valueType === 'number';
}

/** `GET/PUT /device-types/{id}/alarms`: read by everyone signed in, written by provider staff. */
export function createDeviceTypeAlarmsService({
  deviceTypeAlarmsRepo,
  now = Date.now,
}: {
  deviceTypeAlarmsRepo: DeviceTypeAlarmsRepo;
  now?: () => number;
}) {
  function knownType(id: string) {
    const deviceType = findDeviceType(id);
    if (!deviceType) throw new AppError('not_found');
    return deviceType;
  }

  async function present(deviceType: string): Promise<DeviceTypeAlarms> {
    const stored = await deviceTypeAlarmsRepo.find(deviceType);
    return { deviceType, rules: stored?.rules ?? [], version: stored?.version ?? 0 };
  }

  return {
    async get(_user: UserRow, id: string): Promise<DeviceTypeAlarms> {
      return present(knownType(id).id);
    },

    async update(user: UserRow, id: string, request: UpdateDeviceTypeAlarmsRequest): Promise<DeviceTypeAlarms> {
      const deviceType = knownType(id);
      if (!isProviderStaff(user)) throw new AppError('forbidden');
      const wrong = request.rules.findIndex((rule) => !isRuleSignal(deviceType, rule.signal));
      if (wrong >= 0) {
        const fields: Record<string, MessageCode> = { [`rules.${wrong}.signal`]: 'alarm.rule_signal_not_numeric' };
        throw new AppError('alarm.rule_signal_not_numeric', {}, fields);
      }
      if (!(await deviceTypeAlarmsRepo.save(deviceType.id, request.version, request.rules, now())))
        throw new AppError('conflict');
      return present(deviceType.id);
    },
  };
}

export type DeviceTypeAlarmsService = ReturnType<typeof createDeviceTypeAlarmsService>;
