import { thSensorSigfox } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { parameterDefinitionsOf } from '@/lib/parameter-definitions';
import { deviceTypeInfoOf } from '@/testing/device';
import { applyProfile, initialParameterValues } from './parameter-form';

const definitions = parameterDefinitionsOf(deviceTypeInfoOf(thSensorSigfox));

describe('the parameter form of a device', () => {
  it('starts from the values set on the device and the defaults of the others', () => {
    expect(initialParameterValues(definitions, { reportingPeriod: 120 })).toEqual({
      reportingPeriod: '120',
      temperatureHigh: '30',
      temperatureLow: '0',
      alarmEnabled: true,
    });
  });

  it("applies a preset's profile over the form, leaving what the preset does not set", () => {
    const form = { ...initialParameterValues(definitions, {}), temperatureLow: '5' };
    expect(applyProfile(definitions, form, { reportingPeriod: 30, alarmEnabled: false, unknown: 1 })).toEqual({
      reportingPeriod: '30',
      temperatureHigh: '30',
      temperatureLow: '5',
      alarmEnabled: false,
    });
  });
});
