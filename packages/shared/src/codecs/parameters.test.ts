import { describe, expect, it } from 'vitest';
import { checkParameters, isPlainDecimal, plainDecimal } from './parameters.js';
import { thSensorSigfox } from './th-sensor-sigfox.js';

const definitions = thSensorSigfox.parameters;
const defaults = { reportingPeriod: 60, temperatureHigh: 30, temperatureLow: 0, alarmEnabled: true };

describe('a plain decimal, as a person types a number', () => {
  it.each([
    ['12', 12],
    ['-3.5', -3.5],
    ['12,5', 12.5],
    ['0', 0],
    ['-0.01', -0.01],
    [' 12 ', 12],
  ])('reads %j as %d', (text, value) => {
    expect(isPlainDecimal(text)).toBe(true);
    expect(plainDecimal(text)).toBe(value);
  });

  it.each([
    '1e1',
    '1E-3',
    '0x10',
    '1 2',
    '- 1',
    'Infinity',
    '-Infinity',
    'NaN',
    '',
    '+5',
    '.5',
    '5.',
    '1.2.3',
    '1,2,3',
  ])('refuses %j', (text) => {
    expect(isPlainDecimal(text)).toBe(false);
    expect(plainDecimal(text)).toBeUndefined();
  });
});

describe('checkParameters', () => {
  it('reads number parameters typed as text, filling in the defaults', () => {
    expect(checkParameters(definitions, { reportingPeriod: '120', temperatureHigh: '25,5' })).toEqual({
      ok: true,
      values: { ...defaults, reportingPeriod: 120, temperatureHigh: 25.5 },
    });
  });

  it('refuses what is not a plain decimal, typed or sent: exponents, hexadecimal, spaces inside, Infinity', () => {
    for (const value of ['1e1', '0x10', '1 2', 'Infinity', true, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(checkParameters(definitions, { temperatureHigh: value as string }), String(value)).toEqual({
        ok: false,
        errors: [
          {
            parameter: 'temperatureHigh',
            code: 'parameter.not_decimal',
            params: {},
            message: 'temperatureHigh: Enter a plain decimal number, such as 12 or -3.5.',
          },
        ],
      });
    }
  });

  it('says the allowed range of a value off it, or off the step the device stores', () => {
    const integerRange = { code: 'parameter.integer_range', params: { min: 15, max: 1440, unit: ' min' } };
    const stepRange = { code: 'parameter.step_range', params: { min: -40, max: 85, step: 0.01, unit: ' °C' } };
    for (const value of ['14', '1441', '60.5']) {
      expect(checkParameters(definitions, { reportingPeriod: value })).toMatchObject({
        ok: false,
        errors: [{ parameter: 'reportingPeriod', ...integerRange }],
      });
    }
    for (const value of ['-40.01', '85.01', '20.001']) {
      expect(checkParameters(definitions, { temperatureHigh: value })).toMatchObject({
        ok: false,
        errors: [{ parameter: 'temperatureHigh', ...stepRange }],
      });
    }
    expect(
      checkParameters(definitions, { reportingPeriod: '15', temperatureHigh: '85', temperatureLow: '-40' }).ok,
    ).toBe(true);
  });

  it('refuses a low threshold that is not below its high one, the default high included', () => {
    const below = (max: number) => ({
      parameter: 'temperatureLow',
      code: 'parameter.below',
      params: { min: -40, max, unit: ' °C', other: 'High temperature threshold' },
    });
    expect(checkParameters(definitions, { temperatureHigh: 10, temperatureLow: 10 })).toMatchObject({
      ok: false,
      errors: [below(10)],
    });
    expect(checkParameters(definitions, { temperatureLow: '31' })).toMatchObject({ ok: false, errors: [below(30)] });
    // A high threshold that is itself wrong says so alone: there is no range to compare the low one with.
    expect(checkParameters(definitions, { temperatureHigh: '1e1', temperatureLow: '50' })).toMatchObject({
      ok: false,
      errors: [{ parameter: 'temperatureHigh', code: 'parameter.not_decimal' }],
    });
  });

  it('gives every error at once, one per parameter, unknown keys last', () => {
    const checked = checkParameters(definitions, {
      reportingPeriod: '',
      temperatureHigh: '1e1',
      temperatureLow: '100',
      alarmEnabled: 1,
      colour: 3,
    });
    expect(checked.ok ? [] : checked.errors.map(({ parameter, code }) => [parameter, code])).toEqual([
      ['reportingPeriod', 'validation.required'],
      ['temperatureHigh', 'parameter.not_decimal'],
      ['temperatureLow', 'parameter.step_range'],
      ['alarmEnabled', 'validation.invalid'],
      ['colour', 'parameter.unknown'],
    ]);
  });
});
