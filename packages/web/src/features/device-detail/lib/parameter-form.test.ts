import { findDeviceType } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { applyProfile, checkParameterForm, initialParameterValues, parameterDefinitions } from './parameter-form';

// The definitions as the API sends them: plain records, plus one this screen cannot edit.
const thSensor = findDeviceType('th-sensor-sigfox');
if (!thSensor) throw new Error('the TH-S sensor type is missing');
const definitions = parameterDefinitions({
  parameters: [...thSensor.parameters.map((definition) => ({ ...definition })), { key: 'mystery', type: 'text' }],
});

describe('the parameter form of a device type', () => {
  it('edits the definitions it understands, starting from the values set and the defaults', () => {
    expect(definitions.map((definition) => definition.key)).toEqual([
      'reportingPeriod',
      'temperatureHigh',
      'temperatureLow',
      'alarmEnabled',
    ]);
    expect(initialParameterValues(definitions, { reportingPeriod: 120 })).toEqual({
      reportingPeriod: '120',
      temperatureHigh: '30',
      temperatureLow: '0',
      alarmEnabled: true,
    });
  });

  it('accepts values within range and on step, as numbers and flags', () => {
    const form = { reportingPeriod: '90', temperatureHigh: '25,5', temperatureLow: '-3.25', alarmEnabled: false };
    expect(checkParameterForm(definitions, form)).toEqual({
      ok: true,
      values: { reportingPeriod: 90, temperatureHigh: 25.5, temperatureLow: -3.25, alarmEnabled: false },
    });
  });

  it('refuses an empty, non-numeric, out-of-range, fractional integer or off-step value, each under its field', () => {
    const base = initialParameterValues(definitions, {});
    expect(checkParameterForm(definitions, { ...base, reportingPeriod: '' })).toEqual({
      ok: false,
      problems: { reportingPeriod: 'required' },
    });
    expect(checkParameterForm(definitions, { ...base, reportingPeriod: 'often' })).toMatchObject({
      problems: { reportingPeriod: 'notNumber' },
    });
    expect(checkParameterForm(definitions, { ...base, reportingPeriod: '10', temperatureHigh: '90' })).toEqual({
      ok: false,
      problems: { reportingPeriod: 'outOfRange', temperatureHigh: 'outOfRange' },
    });
    expect(checkParameterForm(definitions, { ...base, reportingPeriod: '60.5' })).toMatchObject({
      problems: { reportingPeriod: 'offStep' },
    });
    expect(checkParameterForm(definitions, { ...base, temperatureLow: '1.005' })).toMatchObject({
      problems: { temperatureLow: 'offStep' },
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
