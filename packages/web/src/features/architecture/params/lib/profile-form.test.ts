import { type DeviceTypeInfo, thSensorSigfox } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { checkProfileForm, parameterDefinitionsOf, profileFormValues, profileServerErrors } from './profile-form';

/** The TH-S sensor as `GET /api/device-types` sends it: parameters as loose records. */
const thSensor: DeviceTypeInfo = {
  id: thSensorSigfox.id,
  name: thSensorSigfox.name,
  communicationTypes: [...thSensorSigfox.communicationTypes],
  signals: [],
  parameters: thSensorSigfox.parameters.map((definition) => ({ ...definition })),
  configurable: true,
};
const definitions = parameterDefinitionsOf(thSensor);

describe('the profile form of a preset', () => {
  it("is generated from the device type's parameter definitions, leaving out records that are not definitions", () => {
    const withJunk = { ...thSensor, parameters: [...thSensor.parameters, { key: 'odd', type: 'number' }] };
    expect(parameterDefinitionsOf(withJunk).map((definition) => definition.key)).toEqual([
      'reportingPeriod',
      'temperatureHigh',
      'temperatureLow',
      'alarmEnabled',
    ]);
  });

  it("starts from each parameter's default, or from the preset's own values", () => {
    expect(profileFormValues(definitions)).toEqual({
      reportingPeriod: '60',
      temperatureHigh: '30',
      temperatureLow: '0',
      alarmEnabled: true,
    });
    expect(profileFormValues(definitions, { reportingPeriod: 30, alarmEnabled: false })).toMatchObject({
      reportingPeriod: '30',
      alarmEnabled: false,
    });
  });

  it('gives the checked profile of valid values, reading a decimal comma', () => {
    const values = { ...profileFormValues(definitions), temperatureHigh: '25,5', reportingPeriod: ' 120 ' };
    expect(checkProfileForm(definitions, values)).toEqual({
      ok: true,
      profile: { reportingPeriod: 120, temperatureHigh: 25.5, temperatureLow: 0, alarmEnabled: true },
    });
  });

  it('refuses empty, non-numeric, out-of-range, fractional and off-step values, per parameter', () => {
    const values = profileFormValues(definitions);
    expect(checkProfileForm(definitions, { ...values, reportingPeriod: '' })).toEqual({
      ok: false,
      errors: { reportingPeriod: 'required' },
    });
    expect(checkProfileForm(definitions, { ...values, reportingPeriod: '12a' })).toEqual({
      ok: false,
      errors: { reportingPeriod: 'number' },
    });
    expect(checkProfileForm(definitions, { ...values, reportingPeriod: '5', temperatureHigh: '90' })).toEqual({
      ok: false,
      errors: { reportingPeriod: 'range', temperatureHigh: 'range' },
    });
    expect(checkProfileForm(definitions, { ...values, reportingPeriod: '60.5' })).toEqual({
      ok: false,
      errors: { reportingPeriod: 'range' },
    });
    expect(checkProfileForm(definitions, { ...values, temperatureLow: '1.005' })).toEqual({
      ok: false,
      errors: { temperatureLow: 'range' },
    });
  });

  it("takes the server's messages for the profile by parameter key", () => {
    expect(profileServerErrors({ name: 'Required', 'profile.reportingPeriod': 'Invalid value' })).toEqual({
      reportingPeriod: 'Invalid value',
    });
  });
});
