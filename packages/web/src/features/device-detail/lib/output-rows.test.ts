import { messageOf, OUTPUT_LIMITS } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { checkOutputRows, outputRowOf, sameOutputDefinitions } from './output-rows';

const output = (key: string, name: string, value = false) => ({
  key,
  name,
  value,
  lastChange: null,
  lastSent: null,
  lastConfirmed: null,
});

describe('outputs as edited', () => {
  it('gives the trimmed keys and names in order, and an empty list for no rows', () => {
    expect(checkOutputRows([outputRowOf(' valve ', ' Main valve '), outputRowOf('pump_2', 'Pump')])).toEqual({
      define: [
        { key: 'valve', name: 'Main valve' },
        { key: 'pump_2', name: 'Pump' },
      ],
      errors: {},
    });
    expect(checkOutputRows([])).toEqual({ define: [], errors: {} });
  });

  it('refuses a missing, long, invalid or repeated key and a missing or long name, keyed row.field', () => {
    const rows = [
      outputRowOf('valve', 'Valve'),
      outputRowOf(' ', ''),
      outputRowOf('valve ', 'n'.repeat(OUTPUT_LIMITS.name + 1)),
      outputRowOf('k'.repeat(OUTPUT_LIMITS.key + 1), 'Long'),
      outputRowOf('main valve', 'Spaced'),
    ];
    expect(checkOutputRows(rows).errors).toEqual({
      '1.key': 'validation.required',
      '1.name': 'validation.required',
      '2.key': 'device.outputs.duplicateKey',
      '2.name': messageOf('validation.max_length', { max: OUTPUT_LIMITS.name }),
      '3.key': messageOf('validation.max_length', { max: OUTPUT_LIMITS.key }),
      '4.key': 'device.outputs.keyInvalid',
    });
  });

  it('tells the same definitions whatever the values', () => {
    expect(sameOutputDefinitions([output('a', 'A', true)], [output('a', 'A')])).toBe(true);
    expect(sameOutputDefinitions([output('a', 'A')], [output('a', 'B')])).toBe(false);
    expect(sameOutputDefinitions([output('a', 'A'), output('b', 'B')], [output('b', 'B'), output('a', 'A')])).toBe(
      false,
    );
  });
});
