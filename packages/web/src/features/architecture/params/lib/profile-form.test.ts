import { thSensorSigfox } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { parameterDefinitionsOf } from '@/lib/parameter-definitions';
import { deviceTypeInfoOf } from '@/testing/device';
import { checkProfileForm, hasEnteredValues, profileFormValues } from './profile-form';

const thSensor = deviceTypeInfoOf(thSensorSigfox);
const definitions = parameterDefinitionsOf(thSensor);

describe('the profile form of a preset', () => {
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

  it('tells whether values other than the defaults were entered', () => {
    expect(hasEnteredValues(definitions, profileFormValues(definitions))).toBe(false);
    expect(hasEnteredValues(definitions, { ...profileFormValues(definitions), alarmEnabled: false })).toBe(true);
    expect(hasEnteredValues(definitions, profileFormValues(definitions, { temperatureHigh: 25 }))).toBe(true);
  });

  it('gives the checked profile of valid values, reading a decimal comma', () => {
    const values = { ...profileFormValues(definitions), temperatureHigh: '25,5', reportingPeriod: '120' };
    expect(checkProfileForm(definitions, values)).toEqual({
      ok: true,
      profile: { reportingPeriod: 120, temperatureHigh: 25.5, temperatureLow: 0, alarmEnabled: true },
    });
  });

  it('refuses empty, non-decimal, out-of-range, fractional and off-step values and crossed thresholds, all at once', () => {
    const values = profileFormValues(definitions);
    const integerRange = { code: 'parameter.integer_range', params: { min: 15, max: 1440, unit: ' min' } };
    const stepRange = { code: 'parameter.step_range', params: { min: -40, max: 85, step: 0.01, unit: ' °C' } };
    const notDecimal = { code: 'parameter.not_decimal', params: {} };
    expect(
      checkProfileForm(definitions, { ...values, reportingPeriod: '', temperatureHigh: '90', temperatureLow: '1e1' }),
    ).toEqual({
      ok: false,
      errors: {
        reportingPeriod: { code: 'validation.required', params: {} },
        temperatureHigh: stepRange,
        temperatureLow: notDecimal,
      },
    });
    for (const typed of ['12a', '1e1', '0x10', '1 20', 'Infinity']) {
      expect(checkProfileForm(definitions, { ...values, reportingPeriod: typed }), typed).toEqual({
        ok: false,
        errors: { reportingPeriod: notDecimal },
      });
    }
    expect(checkProfileForm(definitions, { ...values, reportingPeriod: '60.5', temperatureLow: '1.005' })).toEqual({
      ok: false,
      errors: { reportingPeriod: integerRange, temperatureLow: stepRange },
    });
    expect(checkProfileForm(definitions, { ...values, temperatureHigh: '10', temperatureLow: '10' })).toEqual({
      ok: false,
      errors: {
        temperatureLow: {
          code: 'parameter.below',
          params: { min: -40, max: 10, unit: ' °C', other: 'High temperature threshold' },
        },
      },
    });
  });
});
